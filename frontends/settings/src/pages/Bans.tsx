import { isBanReason } from '@pencraft/rules';
import { api, EmptyState, formatDateTime, useLoad } from '@pencraft/ui';
import { useId } from 'react';
import { Loaded, Panel } from '../components/parts.js';
import { SettingsFrame } from '../components/SettingsFrame.js';
import { useSettingsTranslation } from '../i18n.js';
import { banState } from '../lib/format.js';

/** /settings/bans: every ban of the account, newest first, with its reason and how long it lasts. */
export default function Bans() {
  const { t } = useSettingsTranslation();
  const id = useId();
  const bans = useLoad((signal) => api.get('/api/ttin/logs/bns', { signal }), [], t('common:dialog.failure'));

  return (
    <SettingsFrame title={t('sections.bans.title')}>
      {() => (
        <Panel id={`${id}-title`} title={t('bans.title')}>
          <p className="pc-settings__text">{t('bans.text')}</p>
          <Loaded state={bans.state} onRetry={bans.reload}>
            {({ bans: items }) =>
              items.length === 0 ? (
                <EmptyState title={t('bans.empty')} />
              ) : (
                <ul className="pc-settings__list pc-settings__rows">
                  {items.map((ban) => (
                    <li key={ban.id} className="pc-settings__row">
                      <div className="pc-settings__row-main">
                        <p className="pc-settings__row-title">
                          {isBanReason(ban.reason) ? t(`bans.reasons.${ban.reason}`) : ban.reason}
                          <span className="pc-settings__badge">{t(`bans.states.${banState(ban, Date.now())}`)}</span>
                        </p>
                        <dl className="pc-settings__facts">
                          <div>
                            <dt>{t('bans.from')}</dt>
                            <dd>{formatDateTime(ban.startsAt, t)}</dd>
                          </div>
                          <div>
                            <dt>{t('bans.until')}</dt>
                            <dd>{ban.endsAt ? formatDateTime(ban.endsAt, t) : t('bans.permanent')}</dd>
                          </div>
                          {ban.liftedAt && (
                            <div>
                              <dt>{t('bans.lifted')}</dt>
                              <dd>{formatDateTime(ban.liftedAt, t)}</dd>
                            </div>
                          )}
                        </dl>
                      </div>
                    </li>
                  ))}
                </ul>
              )
            }
          </Loaded>
        </Panel>
      )}
    </SettingsFrame>
  );
}
