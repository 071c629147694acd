import { api, Button, formatDate, useLoad, type Schemas } from '@pencraft/ui';
import { useState } from 'react';
import { FormError, Loaded } from '../components/parts.js';
import { StudioFrame } from '../components/StudioFrame.js';
import { useStudioTranslation } from '../i18n.js';
import { csvHref, toCsv } from '../lib/csv.js';
import { onPublication, type Studio } from '../lib/studio.js';

type Subscriber = Schemas['PublicationSubscriber'];

/** Every page of subscribers, one after another (the API answers 20 a page). */
async function allSubscribers(studio: Studio): Promise<Subscriber[]> {
  const all: Subscriber[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api.get('/api/core-publications/{id}/studio/subscribers', {
      params: { path: { id: studio.publication.id }, query: { page } },
    });
    all.push(...answer.items);
    if (!answer.hasMore || answer.items.length === 0) return all;
  }
}

/** Builds the CSV of every subscriber in the browser and hands it to the browser as a download. */
function ExportButton({ studio }: { studio: Studio }) {
  const { t } = useStudioTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  return (
    <>
      <div className="pc-studio__actions">
        <Button
          variant="secondary"
          busy={busy}
          onClick={() => {
            setBusy(true);
            setError(undefined);
            setDone(false);
            allSubscribers(studio).then(
              (subscribers) => {
                const header = ['username', 'fullname', 'tier', 'since', 'periodEnd', 'cancelled'] as const;
                const rows = subscribers.map(({ user, subscription }) => [
                  user.username ?? '',
                  user.fullname ?? '',
                  subscription.tier,
                  subscription.createdAt,
                  subscription.periodEnd ?? '',
                  subscription.cancelledAt ?? '',
                ]);
                const link = document.createElement('a');
                link.href = csvHref(toCsv([header.map((key) => t(`subscribers.csv.${key}`)), ...rows]));
                link.download = `${studio.publication.slug}-subscribers.csv`;
                document.body.append(link);
                link.click();
                link.remove();
                setBusy(false);
                setDone(true);
              },
              () => {
                setBusy(false);
                setError(t('common:dialog.failure'));
              },
            );
          }}
        >
          {t('subscribers.export')}
        </Button>
        <span role="status" className="pc-studio__row-meta">
          {done ? t('subscribers.exported') : ''}
        </span>
      </div>
      <FormError message={error} />
    </>
  );
}

function SubscribersBody({ studio }: { studio: Studio }) {
  const { t, i18n } = useStudioTranslation();
  const [page, setPage] = useState(1);
  const list = useLoad(
    (signal) =>
      api.get('/api/core-publications/{id}/studio/subscribers', {
        params: { ...onPublication(studio).params, query: { page } },
        signal,
      }),
    [studio.publication.id, page],
    t('common:dialog.failure'),
  );
  const numbers = new Intl.NumberFormat(i18n.language);
  return (
    <Loaded state={list.state} onRetry={list.reload}>
      {(data) => (
        <div className="pc-studio__panel">
          <p className="pc-studio__text" data-total={data.total}>
            {t('subscribers.total', { count: numbers.format(data.total) })}
          </p>
          {data.total === 0 ? (
            <p className="pc-studio__text">{t('subscribers.empty')}</p>
          ) : (
            <>
              <ExportButton studio={studio} />
              <div className="pc-studio__table-wrap" tabIndex={0} role="region" aria-label={t('subscribers.caption')}>
                <table className="pc-studio__table">
                  <caption>{t('subscribers.caption')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('subscribers.user')}</th>
                      <th scope="col">{t('subscribers.tier')}</th>
                      <th scope="col">{t('subscribers.since')}</th>
                      <th scope="col">{t('subscribers.periodEnd')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map(({ user, subscription }) => (
                      <tr key={user.uid} data-subscriber={user.username ?? ''}>
                        <td>{user.fullname ?? (user.username ? `@${user.username}` : t('subscribers.none'))}</td>
                        <td>{t(`subscribers.tiers.${subscription.tier}`)}</td>
                        <td>{formatDate(subscription.createdAt, t)}</td>
                        <td>
                          {subscription.periodEnd ? formatDate(subscription.periodEnd, t) : t('subscribers.none')}
                          {subscription.cancelledAt && ` (${t('subscribers.notRenewing')})`}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {(page > 1 || data.hasMore) && (
                <nav className="pc-studio__pager" aria-label={t('subscribers.pages')}>
                  <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    {t('subscribers.previous')}
                  </Button>
                  <span>{t('subscribers.page', { page })}</span>
                  <Button variant="secondary" disabled={!data.hasMore} onClick={() => setPage(page + 1)}>
                    {t('subscribers.next')}
                  </Button>
                </nav>
              )}
            </>
          )}
        </div>
      )}
    </Loaded>
  );
}

/** /studio/subscribers: the owner's list of subscribers, 20 a page, and every one of them as a CSV file. */
export default function Subscribers() {
  return <StudioFrame section="subscribers">{(studio) => <SubscribersBody studio={studio} />}</StudioFrame>;
}
