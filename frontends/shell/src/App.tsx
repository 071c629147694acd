import { ErrorBoundary, FeedbackProvider, SessionProvider } from '@pencraft/ui';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router';
import { Layout } from './components/Layout.js';
import { AboutPage } from './pages/AboutPage.js';
import { CookiesPage } from './pages/CookiesPage.js';
import { LoginPage } from './pages/LoginPage.js';
import { NotFoundPage } from './pages/NotFoundPage.js';
import { RegisterPage } from './pages/RegisterPage.js';
import { ServerErrorPage } from './pages/ServerErrorPage.js';
import { RemoteView } from './remotes.js';

export function App({ i18n }: { i18n: I18n }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ErrorBoundary fallback={<ServerErrorPage />}>
        <SessionProvider>
          <FeedbackProvider>
            <BrowserRouter>
              <Routes>
                <Route element={<Layout />}>
                  <Route index element={<RemoteView module="reader/Home" />} />
                  <Route path="search" element={<RemoteView module="reader/Search" />} />
                  <Route path="a/:id" element={<RemoteView module="reader/Article" />} />
                  <Route path="write" element={<RemoteView module="editor/Write" />} />
                  <Route path="login" element={<LoginPage />} />
                  <Route path="register" element={<RegisterPage />} />
                  <Route path="cookies" element={<CookiesPage />} />
                  <Route path="about" element={<AboutPage />} />
                  <Route path="*" element={<NotFoundPage />} />
                </Route>
              </Routes>
            </BrowserRouter>
          </FeedbackProvider>
        </SessionProvider>
      </ErrorBoundary>
    </I18nextProvider>
  );
}
