import { ErrorBoundary, FeedbackProvider, SessionProvider } from '@pencraft/ui';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router';
import { Layout } from './components/Layout.js';
import { lazy } from 'react';
import { ServerErrorPage } from './pages/ServerErrorPage.js';

// The shell's own pages load when first shown (each its own chunk): a reader opening an article never downloads the
// sign-in, registration or account screens. Layout holds the Suspense boundary.
const AboutPage = lazy(() => import('./pages/AboutPage.js').then((m) => ({ default: m.AboutPage })));
const ConfirmEmailPage = lazy(() =>
  import('./pages/account/ConfirmEmailPage.js').then((m) => ({ default: m.ConfirmEmailPage })),
);
const ConfirmLandingPage = lazy(() =>
  import('./pages/account/ConfirmLandingPage.js').then((m) => ({ default: m.ConfirmLandingPage })),
);
const DeletionCancelledPage = lazy(() =>
  import('./pages/account/DeletionCancelledPage.js').then((m) => ({ default: m.DeletionCancelledPage })),
);
const EmailChangedPage = lazy(() =>
  import('./pages/account/EmailChangedPage.js').then((m) => ({ default: m.EmailChangedPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('./pages/account/ForgotPasswordPage.js').then((m) => ({ default: m.ForgotPasswordPage })),
);
const OnboardingPage = lazy(() =>
  import('./pages/account/OnboardingPage.js').then((m) => ({ default: m.OnboardingPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./pages/account/ResetPasswordPage.js').then((m) => ({ default: m.ResetPasswordPage })),
);
const CookiesPage = lazy(() => import('./pages/CookiesPage.js').then((m) => ({ default: m.CookiesPage })));
const LoginPage = lazy(() => import('./pages/LoginPage.js').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import('./pages/RegisterPage.js').then((m) => ({ default: m.RegisterPage })));
const NotificationsPage = lazy(() =>
  import('./notifications/NotificationsPage.js').then((m) => ({ default: m.NotificationsPage })),
);
const CookieSettingsPage = lazy(() =>
  import('./consent/CookieSettingsPage.js').then((m) => ({ default: m.CookieSettingsPage })),
);
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
                    <Route path="notifications" element={<NotificationsPage />} />
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
