import { useSession } from '@pencraft/ui';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/**
 * An unconfirmed account can read but not publish: until the code from the mail is entered, every page says so and
 * leads to the code screen (which also sends a new code).
 */
export function ConfirmBanner() {
  const { t } = useTranslation('shell');
  const { state } = useSession();
  const { pathname } = useLocation();
  if (state.status !== 'user' || state.user.confirmed || pathname.startsWith('/register')) return null;
  return (
    <div className="pc-confirm-banner" role="region" aria-label={t('confirm.title')}>
      <div className="pc-container pc-confirm-banner__inner">
        <p>{t('confirm.banner')}</p>
        <Link className="pc-button pc-button--secondary" to="/register/confirm">
          {t('confirm.bannerAction')}
        </Link>
      </div>
    </div>
  );
}
