import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { COOKIE_SETTINGS_PATH, useConsent } from '../consent/consent.js';

/** Until the visitor answers: the message, the cookie policy and settings, Decline and Accept (never on a publication). */
export function CookieBanner() {
  const { t } = useTranslation('shell');
  const { state, accept, decline } = useConsent();
  const { pathname } = useLocation();

  // The settings page asks the same question itself.
  if (!state.showBanner || pathname === COOKIE_SETTINGS_PATH) return null;
  return (
    <section className="pc-cookie-banner" aria-label={t('cookie.label')}>
      <div className="pc-container pc-cookie-banner__inner">
        <p>
          {t('cookie.message')} <Link to="/cookies">{t('cookie.learnMore')}</Link>{' '}
          <Link to={COOKIE_SETTINGS_PATH}>{t('cookie.settings')}</Link>
        </p>
        <div className="pc-cookie-banner__actions">
          <button type="button" className="pc-button pc-button--secondary" onClick={() => void decline()}>
            {t('cookie.decline')}
          </button>
          <button type="button" className="pc-button pc-button--primary" onClick={accept}>
            {t('cookie.accept')}
          </button>
        </div>
      </div>
    </section>
  );
}
