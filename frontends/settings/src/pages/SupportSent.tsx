import { api, EmptyState, formatDateTime, useLoad } from '@pencraft/ui';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Loaded, Panel } from '../components/parts.js';
import { SettingsFrame } from '../components/SettingsFrame.js';
import { CsvExport, ReportPager, useManat } from '../components/SupportParts.js';
import { useSettingsTranslation } from '../i18n.js';
import type { SentSupport } from '../lib/support-types.js';

function SentRow({ support }: { support: SentSupport }) {
  const { t } = useSettingsTranslation();
  const manat = useManat();
  const recipient = support.recipient;
  return (
    <li className="pc-settings__row" data-support={support.id} data-state={support.state}>
      <div className="pc-settings__row-main">
        <p className="pc-settings__row-title">
          {manat(support.amountQepik)}
          <span className={`pc-settings__badge pc-support__state pc-support__state--${support.state}`}>
            {t(`support.supportStates.${support.state}`)}
          </span>
        </p>
        <dl className="pc-settings__facts">
          <div>
            <dt>{t('support.sent.to')}</dt>
            <dd>
              {recipient.username ? (
                <Link to={`/@${recipient.username}`}>{recipient.fullname || `@${recipient.username}`}</Link>
              ) : (
                recipient.fullname || t('unknown')
              )}
            </dd>
          </div>
          <div>
            <dt>{t('support.sent.when')}</dt>
            <dd>{formatDateTime(support.createdAt, t)}</dd>
          </div>
          <div>
            <dt>{t('support.sent.shown')}</dt>
            <dd>{support.showName ? t('support.sent.public') : t('support.sent.private')}</dd>
          </div>
          {support.articleId && (
            <div>
              <dt>{t('support.received.on')}</dt>
              <dd>
                <Link to={`/a/${encodeURIComponent(support.articleId)}`}>{t('support.received.article')}</Link>
              </dd>
            </div>
          )}
          {support.refundedQepik > 0 && (
            <div>
              <dt>{t('support.received.refunded')}</dt>
              <dd>{manat(support.refundedQepik)}</dd>
            </div>
          )}
        </dl>
        {support.note && <p className="pc-support__note">{support.note}</p>}
      </div>
    </li>
  );
}

/**
 * /settings/support-sent: the supports the user sent (every state: pending until the provider confirms, paid,
 * failed, refunded), newest first, paged, and as CSV. Needs no support account of one's own.
 */
export default function SupportSent() {
  const { t } = useSettingsTranslation();
  const id = useId();
  const [page, setPage] = useState(1);
  const list = useLoad(
    (signal) => api.get('/api/donations/report/donations/my', { params: { query: { page } }, signal }),
    [page],
    t('common:dialog.failure'),
  );
  return (
    <SettingsFrame title={t('sections.support-sent.title')}>
      {() => (
        <Panel id={`${id}-list`} title={t('support.sent.title')}>
          <p className="pc-settings__text">{t('support.sent.text')}</p>
          <Loaded state={list.state} onRetry={list.reload}>
            {(data) =>
              data.items.length === 0 && page === 1 ? (
                <EmptyState title={t('support.sent.none')} />
              ) : (
                <>
                  <ul className="pc-settings__list pc-settings__rows" data-sent>
                    {data.items.map((support) => (
                      <SentRow key={support.id} support={support} />
                    ))}
                  </ul>
                  <ReportPager page={page} hasMore={data.hasMore} label={t('support.sent.pages')} onPage={setPage} />
                  <CsvExport href="/api/donations/report/donations/my.csv" />
                </>
              )
            }
          </Loaded>
        </Panel>
      )}
    </SettingsFrame>
  );
}
