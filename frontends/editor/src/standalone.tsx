// The editor alone on its own port (development): its page from routes.ts, without the shell's frame.
import { createI18n } from '@pencraft/i18n';
import { FeedbackProvider, SessionProvider, Spinner } from '@pencraft/ui';
import '@pencraft/ui/styles.css';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router';
import editor from './routes.js';

const { i18n, ready } = createI18n({ plugins: [initReactI18next], namespaces: editor.namespaces });
document.documentElement.lang = i18n.language;
// Every path shows the editor's first page, so the standalone server's root opens it too.
const Page = lazy(editor.routes[0]!.load);

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
                      <Route path="*" element={<Page />} />
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
