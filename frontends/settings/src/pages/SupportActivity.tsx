import { api, EmptyState, formatDateTime, useLoad } from '@pencraft/ui';
import { useId, useState } from 'react';
import { Loaded, Panel } from '../components/parts.js';
import { SettingsFrame } from '../components/SettingsFrame.js';
import { ReportPager, useManat, useSupportAccount, WithAccount } from '../components/SupportParts.js';
import { useSettingsTranslation } from '../i18n.js';
import type { ActivityEntry } from '../lib/support-types.js';

function EntryRow({ entry }: { entry: ActivityEntry }) {
  const { t } = useSettingsTranslation();
  const manat = useManat();
  const sign = entry.amountQepik > 0 ? '+' : '';
  return (
    <li className="pc-settings__row" data-entry={entry.kind} data-account={entry.account}>
      <div className="pc-settings__row-main">
        <p className="pc-settings__row-title">{t(`support.kinds.${entry.kind}`)}</p>
        <p className="pc-settings__text pc-support__tight">
          {formatDateTime(entry.createdAt, t)} · {t(`support.accounts.${entry.account}`)}
        </p>
      </div>
      <span
        className={`pc-support__amount pc-support__amount--${entry.amountQepik < 0 ? 'out' : 'in'}`}
        data-amount={entry.amountQepik}
      >
        {sign}
        {manat(entry.amountQepik)}
      </span>
    </li>
  );
}

/** The ledger entries on the user's available and reserved balances, newest first, paged, and as CSV. */
function ActivityList() {
  const { t } = useSettingsTranslation();
  const [page, setPage] = useState(1);
  const list = useLoad(
    (signal) => api.get('/api/donations/report/activity', { params: { query: { page } }, signal }),
    [page],
    t('common:dialog.failure'),
  );
  return (
    <Loaded state={list.state} onRetry={list.reload}>
      {(data) =>
        data.items.length === 0 && page === 1 ? (
          <EmptyState title={t('support.activity.none')} />
        ) : (
          <>
            <ul className="pc-settings__list pc-settings__rows" data-activity>
              {data.items.map((entry, index) => (
                <EntryRow key={`${entry.transactionId}-${entry.account}-${index}`} entry={entry} />
              ))}
            </ul>
            <ReportPager page={page} hasMore={data.hasMore} label={t('support.activity.pages')} onPage={setPage} />
          </>
        )
      }
    </Loaded>
  );
}

/** /settings/support-activity: every movement of the balance (supports, payouts reserved, paid or released, refunds). */
export default function SupportActivity() {
  const { t } = useSettingsTranslation();
  const id = useId();
  const account = useSupportAccount();
  return (
    <SettingsFrame title={t('sections.support-activity.title')}>
      {() => (
        <WithAccount account={account}>
          {() => (
            <Panel id={`${id}-list`} title={t('support.activity.title')}>
              <p className="pc-settings__text">{t('support.activity.text')}</p>
              <ActivityList />
            </Panel>
          )}
        </WithAccount>
      )}
    </SettingsFrame>
  );
}
