import { ErrorBoundary, FeedbackProvider, SessionProvider } from '@pencraft/ui';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router';
import { Layout } from './components/Layout.js';
import { CookieSettingsPage } from './consent/CookieSettingsPage.js';
import { AboutPage } from './pages/AboutPage.js';
import { ConfirmEmailPage } from './pages/account/ConfirmEmailPage.js';
import { ConfirmLandingPage } from './pages/account/ConfirmLandingPage.js';
import { DeletionCancelledPage } from './pages/account/DeletionCancelledPage.js';
import { EmailChangedPage } from './pages/account/EmailChangedPage.js';
import { ForgotPasswordPage } from './pages/account/ForgotPasswordPage.js';
import { OnboardingPage } from './pages/account/OnboardingPage.js';
import { ResetPasswordPage } from './pages/account/ResetPasswordPage.js';
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
                    <Route path="register/confirm" element={<ConfirmEmailPage />} />
                    <Route path="register/:step" element={<OnboardingPage />} />
                    <Route path="confirm" element={<ConfirmLandingPage />} />
                    <Route path="confirm-email" element={<EmailChangedPage />} />
                    <Route path="deletion-cancelled" element={<DeletionCancelledPage />} />
                    <Route path="forgot" element={<ForgotPasswordPage />} />
                    <Route path="reset" element={<ResetPasswordPage />} />
                    <Route path="cookies" element={<CookiesPage />} />
                    <Route path="cookies/settings" element={<CookieSettingsPage />} />
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
