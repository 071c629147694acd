import { ErrorBoundary, FeedbackProvider, SessionProvider } from '@pencraft/ui';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router';
import { Layout } from './components/Layout.js';
import { AboutPage } from './pages/AboutPage.js';
import { CookiesPage } from './pages/CookiesPage.js';
import { LoginPage } from './pages/LoginPage.js';
import { RegisterPage } from './pages/RegisterPage.js';
import { ServerErrorPage } from './pages/ServerErrorPage.js';
import { RemotesProvider } from './remotes/context.js';
import type { RemoteRegistry } from './remotes/registry.js';
import { RemoteRoutes } from './remotes/RemoteRoutes.js';

/** The shell's own pages; every other path belongs to whichever remote declares it (or is a 404). */
export function App({ i18n, registry }: { i18n: I18n; registry: RemoteRegistry }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ErrorBoundary fallback={<ServerErrorPage />}>
        <RemotesProvider registry={registry}>
          <SessionProvider>
            <FeedbackProvider>
              <BrowserRouter>
                <Routes>
                  <Route element={<Layout />}>
                    <Route path="login" element={<LoginPage />} />
                    <Route path="register" element={<RegisterPage />} />
                    <Route path="cookies" element={<CookiesPage />} />
                    <Route path="about" element={<AboutPage />} />
                    <Route path="*" element={<RemoteRoutes />} />
                  </Route>
                </Routes>
              </BrowserRouter>
            </FeedbackProvider>
          </SessionProvider>
        </RemotesProvider>
      </ErrorBoundary>
    </I18nextProvider>
  );
}
