import { ErrorBoundary, FeedbackProvider, SessionProvider } from '@pencraft/ui';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router';
import { Layout } from './components/Layout.js';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
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
import { SHELL_ROUTES, type ShellRoute } from './shell-routes.js';
import type { RemoteRegistry } from './remotes/registry.js';
import { RemoteRoutes } from './remotes/RemoteRoutes.js';

const PAGES: Record<ShellRoute, LazyExoticComponent<ComponentType>> = {
  '/login': LoginPage,
  '/register': RegisterPage,
  '/register/confirm': ConfirmEmailPage,
  '/register/:step': OnboardingPage,
  '/confirm': ConfirmLandingPage,
  '/confirm-email': EmailChangedPage,
  '/deletion-cancelled': DeletionCancelledPage,
  '/forgot': ForgotPasswordPage,
  '/reset': ResetPasswordPage,
  '/cookies': CookiesPage,
  '/cookies/settings': CookieSettingsPage,
  '/about': AboutPage,
  '/notifications': NotificationsPage,
};

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
                    {SHELL_ROUTES.map((path) => {
                      const Page = PAGES[path];
                      return <Route key={path} path={path.slice(1)} element={<Page />} />;
                    })}
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
