import { api, formatDate, formatDateTime, useLoad } from '@pencraft/ui';
import { useId } from 'react';
import { Link } from 'react-router';
import { Loaded, Panel } from '../components/parts.js';
import { SettingsFrame } from '../components/SettingsFrame.js';
import { useSettingsTranslation } from '../i18n.js';
import { countryName } from '../lib/format.js';

/** /settings/security: the state of the account's protection at a glance, each line leading to its screen. */
export default function Security() {
  const { t, i18n } = useSettingsTranslation();
  const id = useId();
  const data = useLoad(
    async (signal) => {
      const [summary, sessions] = await Promise.all([
        api.get('/api/ttin/sec', { signal }),
        api.get('/api/ttin/logs/sns', { signal }),
      ]);
      return { summary, sessions: sessions.sessions };
    },
    [],
    t('common:dialog.failure'),
  );

  return (
    <SettingsFrame title={t('sections.security.title')}>
      {() => (
        <Loaded state={data.state} onRetry={data.reload}>
          {({ summary, sessions }) => {
            const current = sessions.find((session) => session.current);
            const others = sessions.length - (current ? 1 : 0);
            return (
              <Panel id={`${id}-title`} title={t('security.title')}>
                <dl className="pc-settings__overview">
                  <div>
                    <dt>
                      <Link to="/settings/password">{t('sections.password.title')}</Link>
                    </dt>
                    <dd>
                      {summary.passwordChangedAt
                        ? t('password.changedOn', { date: formatDate(summary.passwordChangedAt, t) })
                        : t('security.passwordNever')}
                    </dd>
                  </div>
                  <div>
                    <dt>
                      <Link to="/settings/mfa">{t('sections.mfa.title')}</Link>
                    </dt>
                    <dd data-security="mfa">
                      {summary.mfa
                        ? `${t('mfa.on')}. ${t('mfa.codesLeft', { count: summary.recoveryCodesLeft })}`
                        : `${t('mfa.off')}. ${t('security.mfaAdvice')}`}
                    </dd>
                  </div>
                  <div>
                    <dt>
                      <Link to="/settings/sessions">{t('sections.sessions.title')}</Link>
                    </dt>
                    <dd data-security="sessions">
                      {current &&
                        t('security.thisDevice', {
                          device: t('sessions.device', {
                            browser: current.browser || t('unknown'),
                            os: current.os || t('unknown'),
                          }),
                          place: countryName(current.place, i18n.language) ?? t('unknown'),
                          since: formatDateTime(current.createdAt, t),
                        })}{' '}
                      {t('security.otherSessions', { count: others })}
                    </dd>
                  </div>
                  {summary.deletionScheduledAt && (
                    <div>
                      <dt>
                        <Link to="/settings/delete">{t('sections.delete.title')}</Link>
                      </dt>
                      <dd>{t('deletion.pendingShort', { date: formatDate(summary.deletionScheduledAt, t) })}</dd>
                    </div>
                  )}
                </dl>
              </Panel>
            );
          }}
        </Loaded>
      )}
    </SettingsFrame>
  );
}
