// The staff console alone on its own port (development): its pages from routes.ts, without the shell's frame.
import { createI18n } from '@pencraft/i18n';
import { FeedbackProvider, SessionProvider, Spinner } from '@pencraft/ui';
import '@pencraft/ui/styles.css';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import staff from './routes.js';

const { i18n, ready } = createI18n({ plugins: [initReactI18next], namespaces: staff.namespaces });
document.documentElement.lang = i18n.language;
const pages = staff.routes.map((route) => ({ path: route.path, Page: lazy(route.load) }));

const root = document.getElementById('root');
if (root) {
  void ready.then(() =>
    createRoot(root).render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <SessionProvider>
            <FeedbackProvider>
              <BrowserRouter>
                <main>
                  <Suspense fallback={<Spinner size="large" />}>
                    <Routes>
                      {pages.map(({ path, Page }) => (
                        <Route key={path} path={path} element={<Page />} />
                      ))}
                      <Route path="*" element={<Navigate to="/staff" replace />} />
                    </Routes>
                  </Suspense>
                </main>
              </BrowserRouter>
            </FeedbackProvider>
          </SessionProvider>
        </I18nextProvider>
      </StrictMode>,
    ),
  );
}
