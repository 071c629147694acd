import { LANGUAGES } from '@pencraft/i18n/runtime';
import { ErrorBoundary, Spinner } from '@pencraft/ui';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { usePageViews } from '../analytics/usePageViews.js';
import { useReadReports } from '../analytics/useReadReports.js';
import { ServerErrorPage } from '../pages/ServerErrorPage.js';
import { BanBanner } from './BanBanner.js';
import { ConfirmBanner } from './ConfirmBanner.js';
import { CookieBanner } from './CookieBanner.js';
import { Footer } from './Footer.js';
import { Header } from './Header.js';
import { NotificationsProvider } from '../notifications/NotificationsProvider.js';

/**
 * Keeps <html lang> and the site's description in the current language. A page's own description (a profile's
 * headline, an article's description: set by the page, or by the server that rendered it) is left alone: effects
 * run children first, so on a page rendered at once from its data this runs after the page's own.
 */
function useDocumentLanguage(): void {
  const { t, i18n } = useTranslation('common');
  const language = i18n.resolvedLanguage ?? i18n.language;
  useEffect(() => {
    document.documentElement.lang = language;
    const generic = new Set(LANGUAGES.map((lng) => i18n.getFixedT(lng, 'common')('description')));
    for (const selector of ['meta[name="description"]', 'meta[property="og:description"]']) {
      const meta = document.querySelector(selector);
      const current = meta?.getAttribute('content');
      if (meta && (!current || generic.has(current))) meta.setAttribute('content', t('description'));
    }
  }, [language, t, i18n]);
}

export function Layout() {
  const { t } = useTranslation('shell');
  const location = useLocation();
  useDocumentLanguage();
  usePageViews();
  useReadReports();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  return (
    <NotificationsProvider>
      <div className="pc-app">
        <a className="pc-skip-link" href="#content">
          {t('skipToContent')}
        </a>
        <Header />
        <BanBanner />
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
    </NotificationsProvider>
  );
}
