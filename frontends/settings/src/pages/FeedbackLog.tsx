import { api, Button, EmptyState, formatDateTime, useLoad } from '@pencraft/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loaded, Panel } from '../components/parts.js';
import { SettingsFrame } from '../components/SettingsFrame.js';
import './feedback-log.css';

/** /settings/feedback: the feedback the user sent (GET /api/ttin/logs/fdb), newest first, with staff's answers. */
export default function FeedbackLog() {
  const { t } = useTranslation('settingsFeedback');
  const { t: settings } = useTranslation('settings');
  const id = useId();
  const [page, setPage] = useState(1);
  const log = useLoad(
    (signal) => api.get('/api/ttin/logs/fdb', { params: { query: { page } }, signal }),
    [page],
    settings('common:dialog.failure'),
  );

  return (
    <SettingsFrame title={t('title')}>
      {() => (
        <Panel id={`${id}-title`} title={t('title')}>
          <p className="pc-settings__text">{t('text')}</p>
          <p>
            <Link className="pc-button pc-button--secondary" to="/feedback">
              {t('send')}
            </Link>
          </p>
          <Loaded state={log.state} onRetry={log.reload}>
            {(data) =>
              data.items.length === 0 && page === 1 ? (
                <EmptyState title={t('empty')} />
              ) : (
                <>
                  <ul className="pc-settings__list pc-settings__rows">
                    {data.items.map((item) => (
                      <li key={item.id} className="pc-settings__row" data-feedback={item.id} data-status={item.status}>
                        <div className="pc-settings__row-main">
                          <h3 className="pc-settings__row-title">{item.title}</h3>
                          <dl className="pc-settings__facts">
                            <div>
                              <dt>{t('type')}</dt>
                              <dd>{t(`types.${item.type}`)}</dd>
                            </div>
                            <div>
                              <dt>{t('status')}</dt>
                              <dd>{t(`statuses.${item.status}`)}</dd>
                            </div>
                            <div>
                              <dt>{t('sent')}</dt>
                              <dd>{formatDateTime(item.createdAt, settings)}</dd>
                            </div>
                          </dl>
                          <p className="pc-feedback-log__text">{item.description}</p>
                          {item.answer && (
                            <div className="pc-feedback-log__answer">
                              <p className="pc-feedback-log__answer-title">
                                {t('answer')}
                                {item.answeredAt && (
                                  <span> · {t('answeredAt', { date: formatDateTime(item.answeredAt, settings) })}</span>
                                )}
                              </p>
                              <p className="pc-feedback-log__text">{item.answer}</p>
                            </div>
                          )}
                        </div>
                      </li>
                    ))}
                  </ul>
                  <nav className="pc-settings__actions" aria-label={t('pages')}>
                    <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((n) => n - 1)}>
                      {t('newer')}
                    </Button>
                    <span>{t('page', { page })}</span>
                    <Button
                      variant="secondary"
                      disabled={data.page * data.pageSize >= data.total}
                      onClick={() => setPage((n) => n + 1)}
                    >
                      {t('older')}
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
