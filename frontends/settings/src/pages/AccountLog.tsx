import { api, Button, EmptyState, formatDateTime, useLoad } from '@pencraft/ui';
import { useId, useState } from 'react';
import { Loaded, Panel } from '../components/parts.js';
import { SettingsFrame } from '../components/SettingsFrame.js';
import { useSettingsTranslation } from '../i18n.js';

/** /settings/log: the account operation log (SPEC.md section 3's types, and personal access tokens'), newest first, a page at a time. */
export default function AccountLog() {
  const { t } = useSettingsTranslation();
  const id = useId();
  const [page, setPage] = useState(1);
  const log = useLoad(
    (signal) => api.get('/api/ttin/logs/ops', { params: { query: { page } }, signal }),
    [page],
    t('common:dialog.failure'),
  );

  return (
    <SettingsFrame title={t('sections.log.title')}>
      {() => (
        <Panel id={`${id}-title`} title={t('log.title')}>
          <p className="pc-settings__text">{t('log.text')}</p>
          <Loaded state={log.state} onRetry={log.reload}>
            {(data) =>
              data.items.length === 0 && page === 1 ? (
                <EmptyState title={t('log.empty')} />
              ) : (
                <>
                  <ul className="pc-settings__list pc-settings__rows">
                    {data.items.map((entry, index) => (
                      <li key={`${entry.at}-${index}`} className="pc-settings__row">
                        <div className="pc-settings__row-main">
                          <p className="pc-settings__row-title">{t(`log.types.${entry.type}`)}</p>
                          <dl className="pc-settings__facts">
                            <div>
                              <dt>{t('log.when')}</dt>
                              <dd>{formatDateTime(entry.at, t)}</dd>
                            </div>
                            <div>
                              <dt>{t('sessions.ip')}</dt>
                              <dd>{entry.ip || t('unknown')}</dd>
                            </div>
                            <div>
                              <dt>{t('log.device')}</dt>
                              <dd>
                                {entry.browser || entry.os
                                  ? t('sessions.device', {
                                      browser: entry.browser || t('unknown'),
                                      os: entry.os || t('unknown'),
                                    })
                                  : t('unknown')}
                              </dd>
                            </div>
                            {entry.detail ? (
                              <div>
                                <dt>{t('log.detail')}</dt>
                                <dd>{entry.detail}</dd>
                              </div>
                            ) : null}
                          </dl>
                        </div>
                      </li>
                    ))}
                  </ul>
                  <nav className="pc-settings__actions" aria-label={t('log.pages')}>
                    <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((n) => n - 1)}>
                      {t('log.newer')}
                    </Button>
                    <span>{t('log.page', { page })}</span>
                    <Button
                      variant="secondary"
                      disabled={data.page * data.pageSize >= data.total}
                      onClick={() => setPage((n) => n + 1)}
                    >
                      {t('log.older')}
                    </Button>
                  </nav>
                </>
              )
            }
          </Loaded>
        </Panel>
      )}
    </SettingsFrame>
  );
}
