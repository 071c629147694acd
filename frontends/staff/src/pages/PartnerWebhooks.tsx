import { WEBHOOK_EVENT_TYPES } from '@pencraft/rules';
import { Button, EmptyState, errorMessage, formatDateTime, useLoad } from '@pencraft/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ADMIN_ROLES, StaffFrame } from '../auth/StaffFrame.js';
import { Badge, Done, FormError, Loaded } from '../components/parts.js';
import { webhooksApi } from '../lib/webhooks-api.js';
import './webhooks.css';

function useWebhooksTranslation() {
  return useTranslation('staffWebhooks');
}

type Status = 'pending' | 'succeeded' | 'failed' | 'dead';
const TONES: Record<Status, 'danger' | 'success' | 'muted' | undefined> = {
  pending: 'muted',
  succeeded: 'success',
  failed: undefined,
  dead: 'danger',
};
const statusOf = (value: string): Status =>
  (['pending', 'succeeded', 'failed', 'dead'] as const).find((status) => status === value) ?? 'pending';

function WebhooksOf({ id }: { id: string }) {
  const { t } = useWebhooksTranslation();
  const headingId = useId();
  const list = useLoad(async (signal) => (await webhooksApi()).partnerWebhooks(id, signal), [id], t('title'));
  const [done, setDone] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState<string>();

  const redeliver = async (deliveryId: string) => {
    setDone(undefined);
    setFailure(undefined);
    setBusy(deliveryId);
    try {
      await (await webhooksApi()).redeliver(deliveryId);
      setDone(t('redelivered'));
      list.reload();
    } catch (error) {
      setFailure(errorMessage(error, t('common:dialog.failure')));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <>
      <p>
        <Link to={`/staff/partners/${encodeURIComponent(id)}`}>{t('back')}</Link>
      </p>
      <p>{t('intro')}</p>
      <Done message={done} />
      <FormError message={failure} />
      <Loaded state={list.state} onRetry={list.reload}>
        {({ clientId, items }) => (
          <>
            <p>{t('client', { clientId })}</p>
            {items.length === 0 ? (
              <EmptyState title={t('empty')} />
            ) : (
              items.map(({ endpoint, deliveries }, index) => {
                const dead = deliveries.filter((delivery) => delivery.status === 'dead').length;
                const heading = `${headingId}-${index}`;
                return (
                  <section
                    key={endpoint.id}
                    className="pc-staff__panel"
                    aria-labelledby={heading}
                    data-webhook-endpoint={endpoint.id}
                  >
                    <h2 id={heading} className="pc-staff__webhook-url">
                      {t('endpoint')}: <code>{endpoint.url}</code>
                    </h2>
                    <p>
                      <Badge tone={endpoint.enabled ? 'success' : 'muted'}>
                        {endpoint.enabled ? t('enabled') : t('paused')}
                      </Badge>{' '}
                      {t('created', { date: formatDateTime(endpoint.createdAt, t) })}
                      {dead > 0 && (
                        <>
                          {' '}
                          <Badge tone="danger">{t('deadCount', { count: dead })}</Badge>
                        </>
                      )}
                    </p>
                    <p>
                      {t('events')}:{' '}
                      {WEBHOOK_EVENT_TYPES.filter((type) => endpoint.eventTypes.includes(type)).map((type) => (
                        <code key={type} className="pc-staff__webhook-event">
                          {type}
                        </code>
                      ))}
                    </p>
                    {deliveries.length === 0 ? (
                      <p>{t('noDeliveries')}</p>
                    ) : (
                      <div
                        className="pc-staff__table-wrap"
                        tabIndex={0}
                        role="region"
                        aria-label={t('table', { url: endpoint.url })}
                      >
                        <table className="pc-staff__table">
                          <thead>
                            <tr>
                              <th scope="col">{t('columns.at')}</th>
                              <th scope="col">{t('columns.event')}</th>
                              <th scope="col">{t('columns.status')}</th>
                              <th scope="col">{t('columns.attempts')}</th>
                              <th scope="col">{t('columns.response')}</th>
                              <th scope="col">{t('columns.error')}</th>
                              <th scope="col">{t('columns.actions')}</th>
                            </tr>
                          </thead>
                          <tbody>
                            {deliveries.map((delivery) => {
                              const status = statusOf(delivery.status);
                              const date = formatDateTime(delivery.createdAt, t);
                              return (
                                <tr key={delivery.id} data-delivery-status={status}>
                                  <td>{date}</td>
                                  <td>
                                    <code>{delivery.eventType}</code>
                                  </td>
                                  <td>
                                    <Badge tone={TONES[status]}>{t(`statuses.${status}`)}</Badge>
                                  </td>
                                  <td>{delivery.attempts}</td>
                                  <td>
                                    {delivery.lastResponseStatus ?? t('noResponse')}
                                    {delivery.lastResponseBody && (
                                      <pre className="pc-staff__webhook-body">{delivery.lastResponseBody}</pre>
                                    )}
                                  </td>
                                  <td>{delivery.lastError}</td>
                                  <td>
                                    <Button
                                      variant="secondary"
                                      disabled={busy === delivery.id}
                                      onClick={() => void redeliver(delivery.id)}
                                      aria-label={t('redeliverLabel', { event: delivery.eventType, date })}
                                    >
                                      {t('redeliver')}
                                    </Button>
                                  </td>
                                </tr>
                              );
                            })}
                          </tbody>
                        </table>
                      </div>
                    )}
                  </section>
                );
              })
            )}
          </>
        )}
      </Loaded>
    </>
  );
}

/**
 * /staff/partners/:id/webhooks (role admin): a partner client's webhook endpoints, each with its delivery log (the
 * last answer's status and body, the last error), dead deliveries first, and a button to send one again.
 */
export default function PartnerWebhooks() {
  const { t } = useWebhooksTranslation();
  const { id = '' } = useParams();
  return (
    <StaffFrame title={t('title')} roles={ADMIN_ROLES}>
      {() => <WebhooksOf id={id} />}
    </StaffFrame>
  );
}
