import { ErrorBoundary, Spinner } from '@pencraft/ui';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { usePageViews } from '../analytics/usePageViews.js';
import { ServerErrorPage } from '../pages/ServerErrorPage.js';
import { ConfirmBanner } from './ConfirmBanner.js';
import { CookieBanner } from './CookieBanner.js';
import { Footer } from './Footer.js';
import { Header } from './Header.js';

/** Keeps <html lang>, the default title and the description in the current language. */
function useDocumentLanguage(): void {
  const { t, i18n } = useTranslation('common');
  const language = i18n.resolvedLanguage ?? i18n.language;
  useEffect(() => {
    document.documentElement.lang = language;
    document.querySelector('meta[name="description"]')?.setAttribute('content', t('description'));
    document.querySelector('meta[property="og:description"]')?.setAttribute('content', t('description'));
  }, [language, t]);
}

export function Layout() {
  const { t } = useTranslation('shell');
  const location = useLocation();
  useDocumentLanguage();
  usePageViews();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  return (
    <div className="pc-app">
      <a className="pc-skip-link" href="#content">
        {t('skipToContent')}
      </a>
      <Header />
      <ConfirmBanner />
      <main id="content" className="pc-main" tabIndex={-1}>
        <ErrorBoundary resetKey={location.pathname} fallback={<ServerErrorPage />}>
          {/* The shell's own pages are lazy: a short spinner while one loads. */}
          <Suspense
            fallback={
              <div className="pc-remote-loading">
                <Spinner label={t('common:loading')} size="large" />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      <CookieBanner />
    </div>
  );
}
