// The reader alone on its own port (development): its pages from routes.ts, without the shell's frame.
import { createI18n } from '@pencraft/i18n';
import { FeedbackProvider, SessionProvider, Spinner } from '@pencraft/ui';
import '@pencraft/ui/styles.css';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { BrowserRouter, Link, Route, Routes } from 'react-router';
import reader from './routes.js';

const { i18n, ready } = createI18n({ plugins: [initReactI18next], namespaces: reader.namespaces });
document.documentElement.lang = i18n.language;

const root = document.getElementById('root');
if (root) {
  void ready.then(() =>
    createRoot(root).render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <SessionProvider>
            <FeedbackProvider>
              <BrowserRouter>
                <nav className="pc-container pc-standalone-nav">
                  <Link to="/">Pencraft · reader</Link> <Link to="/search">/search</Link>
                </nav>
                <main>
                  <Suspense fallback={<Spinner size="large" />}>
                    <Routes>
                      {reader.routes.map(({ path, load }) => {
                        const Page = lazy(load);
                        // react-router matches whole segments: /@:username as :username (the page drops the "@").
                        return <Route key={path} path={path.replace('/@:', '/:')} element={<Page />} />;
                      })}
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
