import { api, Button, useFeedback, errorMessage, formatDateTime, useLoad } from '@pencraft/ui';
import { useId, useState } from 'react';
import { FormError, Loaded, Panel } from '../components/parts.js';
import { SettingsFrame } from '../components/SettingsFrame.js';
import { useSettingsTranslation } from '../i18n.js';
import { countryName } from '../lib/format.js';

/** /settings/sessions: where the account is signed in; end one, or every one but this. */
export default function Sessions() {
  const { t, i18n } = useSettingsTranslation();
  const id = useId();
  const feedback = useFeedback();
  const sessions = useLoad((signal) => api.get('/api/ttin/logs/sns', { signal }), [], t('common:dialog.failure'));
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();

  const run = async (key: string, action: () => Promise<unknown>, done: string) => {
    setBusy(key);
    setError(undefined);
    try {
      await action();
      feedback.success(done);
      sessions.reload();
    } catch (failure) {
      setError(errorMessage(failure, t('common:dialog.failure')));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <SettingsFrame title={t('sections.sessions.title')}>
      {() => (
        <Loaded state={sessions.state} onRetry={sessions.reload}>
          {({ sessions: items }) => {
            const others = items.filter((session) => !session.current);
            return (
              <Panel id={`${id}-title`} title={t('sessions.title')}>
                <p className="pc-settings__text">{t('sessions.text')}</p>
                <ul className="pc-settings__list pc-settings__rows">
                  {items.map((session) => {
                    const device = t('sessions.device', {
                      browser: session.browser || t('unknown'),
                      os: session.os || t('unknown'),
                    });
                    return (
                      <li
                        key={session.id}
                        className="pc-settings__row"
                        data-session={session.current ? 'current' : 'other'}
                      >
                        <div className="pc-settings__row-main">
                          <p className="pc-settings__row-title">
                            {device}
                            {session.current && <span className="pc-settings__badge">{t('sessions.current')}</span>}
                          </p>
                          <dl className="pc-settings__facts">
                            <div>
                              <dt>{t('sessions.ip')}</dt>
                              <dd>{session.ip || t('unknown')}</dd>
                            </div>
                            <div>
                              <dt>{t('sessions.place')}</dt>
                              <dd>{countryName(session.place, i18n.language) ?? t('unknown')}</dd>
                            </div>
                            <div>
                              <dt>{t('sessions.lastActive')}</dt>
                              <dd>{formatDateTime(session.lastSeenAt, t)}</dd>
                            </div>
                            <div>
                              <dt>{t('sessions.signedIn')}</dt>
                              <dd>{formatDateTime(session.createdAt, t)}</dd>
                            </div>
                          </dl>
                        </div>
                        {!session.current && (
                          <Button
                            variant="secondary"
                            busy={busy === session.id}
                            disabled={busy !== undefined}
                            aria-label={t('sessions.endOneNamed', { device })}
                            onClick={() =>
                              void run(
                                session.id,
                                () => api.delete('/api/ttin/sessions/{id}', { params: { path: { id: session.id } } }),
                                t('sessions.ended'),
                              )
                            }
                          >
                            {t('sessions.endOne')}
                          </Button>
                        )}
                      </li>
                    );
                  })}
                </ul>
                <FormError message={error} />
                <div className="pc-settings__actions">
                  <Button
                    variant="danger"
                    busy={busy === 'all'}
                    disabled={others.length === 0 || busy !== undefined}
                    onClick={() => void run('all', () => api.delete('/api/ttin/sessions/all'), t('sessions.endedAll'))}
                  >
                    {t('sessions.endOthers')}
                  </Button>
                </div>
              </Panel>
            );
          }}
        </Loaded>
      )}
    </SettingsFrame>
  );
}
