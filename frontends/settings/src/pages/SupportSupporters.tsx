import { api, EmptyState, formatDateTime, useLoad } from '@pencraft/ui';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Loaded, Panel } from '../components/parts.js';
import { SettingsFrame } from '../components/SettingsFrame.js';
import { CsvExport, ReportPager, useManat, useSupportAccount, WithAccount } from '../components/SupportParts.js';
import { useSettingsTranslation } from '../i18n.js';
import type { ReceivedSupport } from '../lib/support-types.js';

/** Who gave it: their name when they chose to be shown, else "a reader who stays anonymous". */
function Supporter({ support }: { support: ReceivedSupport }) {
  const { t } = useSettingsTranslation();
  const user = support.supporter;
  if (!user) return <>{t('support.received.anonymous')}</>;
  if (!user.username) return <>{user.fullname || t('unknown')}</>;
  return <Link to={`/@${user.username}`}>{user.fullname || `@${user.username}`}</Link>;
}

function ReceivedRow({ support }: { support: ReceivedSupport }) {
  const { t } = useSettingsTranslation();
  const manat = useManat();
  return (
    <li className="pc-settings__row" data-support={support.id} data-state={support.state}>
      <div className="pc-settings__row-main">
        <p className="pc-settings__row-title">
          {manat(support.amountQepik)}
          {support.state !== 'paid' && (
            <span className={`pc-settings__badge pc-support__state pc-support__state--${support.state}`}>
              {t(`support.supportStates.${support.state}`)}
            </span>
          )}
        </p>
        <dl className="pc-settings__facts">
          <div>
            <dt>{t('support.received.from')}</dt>
            <dd>
              <Supporter support={support} />
            </dd>
          </div>
          <div>
            <dt>{t('support.received.when')}</dt>
            <dd>{formatDateTime(support.paidAt, t)}</dd>
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

/** The supports received, newest first, a page at a time, and all of them as CSV. */
function ReceivedList() {
  const { t } = useSettingsTranslation();
  const [page, setPage] = useState(1);
  const list = useLoad(
    (signal) => api.get('/api/donations/report/donations', { params: { query: { page } }, signal }),
    [page],
    t('common:dialog.failure'),
  );
  return (
    <Loaded state={list.state} onRetry={list.reload}>
      {(data) =>
        data.items.length === 0 && page === 1 ? (
          <EmptyState title={t('support.received.none')} />
        ) : (
          <>
            <p className="pc-settings__text">{t('support.received.total', { count: data.total })}</p>
            <ul className="pc-settings__list pc-settings__rows" data-received>
              {data.items.map((support) => (
                <ReceivedRow key={support.id} support={support} />
              ))}
            </ul>
            <ReportPager page={page} hasMore={data.hasMore} label={t('support.received.pages')} onPage={setPage} />
            <CsvExport href="/api/donations/report/donations.csv" />
          </>
        )
      }
    </Loaded>
  );
}

/** /settings/support-supporters: the supports received (supporters named when they chose to be), paged, CSV. */
export default function SupportSupporters() {
  const { t } = useSettingsTranslation();
  const id = useId();
  const account = useSupportAccount();
  return (
    <SettingsFrame title={t('sections.support-supporters.title')}>
      {() => (
        <WithAccount account={account}>
          {() => (
            <Panel id={`${id}-list`} title={t('support.received.title')}>
              <p className="pc-settings__text">{t('support.received.text')}</p>
              <ReceivedList />
            </Panel>
          )}
        </WithAccount>
      )}
    </SettingsFrame>
  );
}
