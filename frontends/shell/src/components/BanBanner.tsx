import { isBanReason } from '@pencraft/rules';
import { useSession } from '@pencraft/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { longDate } from '../lib/format.js';

/**
 * A banned account can still read (and sign out): every page says so, with the ban's reason and end, as the gateway
 * refuses its writes (UserBanned). The summary of GET /api/users/info carries the ban in force.
 */
export function BanBanner() {
  const { t } = useTranslation('shell');
  const { state } = useSession();
  const ban = state.status === 'user' ? state.user.ban : undefined;
  if (!ban) return null;
  const reason = isBanReason(ban.reason) ? t(`ban.reasons.${ban.reason}`) : undefined;
  const until = ban.until ? longDate(ban.until, t) : '';
  return (
    <div className="pc-confirm-banner pc-ban-banner" role="region" aria-label={t('ban.title')}>
      <div className="pc-container pc-confirm-banner__inner">
        <p>
          {[
            t('ban.banner'),
            reason ? t('ban.reason', { reason }) : undefined,
            until ? t('ban.until', { date: until }) : t('ban.permanent'),
          ]
            .filter(Boolean)
            .join(' ')}
        </p>
        <Link className="pc-button pc-button--secondary" to="/settings/bans">
          {t('ban.details')}
        </Link>
      </div>
    </div>
  );
}
