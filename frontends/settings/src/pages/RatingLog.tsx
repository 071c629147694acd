import { ratingTier } from '@pencraft/rules';
import { api, Button, EmptyState, formatDateTime, useLoad } from '@pencraft/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loaded, Panel } from '../components/parts.js';
import { SettingsFrame } from '../components/SettingsFrame.js';

/** /settings/rating: what moved the user's rating (GET /api/ttin/logs/rts), newest first, with the rating and tier. */
export default function RatingLog() {
  const { t, i18n } = useTranslation('settingsRating');
  const { t: settings } = useTranslation('settings');
  const id = useId();
  const [page, setPage] = useState(1);
  const log = useLoad(
    (signal) => api.get('/api/ttin/logs/rts', { params: { query: { page } }, signal }),
    [page],
    settings('common:dialog.failure'),
  );
  const number = (value: number, sign = false) =>
    value.toLocaleString(i18n.language === 'az' ? 'az-Latn-AZ' : i18n.language, {
      maximumFractionDigits: 1,
      ...(sign ? { signDisplay: 'always' as const } : {}),
    });

  return (
    <SettingsFrame title={t('title')}>
      {() => (
        <Panel id={`${id}-title`} title={t('title')}>
          <p className="pc-settings__text">{t('text')}</p>
          <Loaded state={log.state} onRetry={log.reload}>
            {(data) => (
              <>
                <dl className="pc-settings__facts" data-rating={data.rating}>
                  <div>
                    <dt>{t('rating')}</dt>
                    <dd>{number(data.rating)}</dd>
                  </div>
                  <div>
                    <dt>{t('tier')}</dt>
                    <dd data-tier={ratingTier(data.rating)}>{t(`tiers.${data.tier}`)}</dd>
                  </div>
                </dl>
                <p>
                  <Link to="/guide/rating">{t('guide')}</Link>
                </p>
                {data.items.length === 0 && page === 1 ? (
                  <EmptyState title={t('empty')} />
                ) : (
                  <>
                    <ul className="pc-settings__list pc-settings__rows">
                      {data.items.map((item) => (
                        <li key={item.id} className="pc-settings__row" data-rating-entry={item.kind}>
                          <div className="pc-settings__row-main">
                            <h3 className="pc-settings__row-title">{t(`kinds.${item.kind}`)}</h3>
                            <dl className="pc-settings__facts">
                              <div>
                                <dt>{t('points')}</dt>
                                <dd>{number(item.points, true)}</dd>
                              </div>
                              <div>
                                <dt>{t('when')}</dt>
                                <dd>{formatDateTime(item.at, settings)}</dd>
                              </div>
                            </dl>
                          </div>
                        </li>
                      ))}
                    </ul>
                    <nav className="pc-settings__actions" aria-label={t('pages')}>
                      <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((n) => n - 1)}>
                        {t('newer')}
                      </Button>
                      <span>{t('page', { page })}</span>
                      <Button variant="secondary" disabled={!data.hasMore} onClick={() => setPage((n) => n + 1)}>
                        {t('older')}
                      </Button>
                    </nav>
                  </>
                )}
              </>
            )}
          </Loaded>
        </Panel>
      )}
    </SettingsFrame>
  );
}
