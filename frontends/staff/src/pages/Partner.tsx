import { formatDateTime, useLoad } from '@pencraft/ui';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ADMIN_ROLES, StaffFrame, type StaffContext } from '../auth/StaffFrame.js';
import { Done, Loaded } from '../components/parts.js';
import {
  ConfirmButton,
  PartnerForm,
  PartnerStatus,
  SecretNotice,
  usePartnersTranslation,
} from '../components/PartnerParts.js';

function PartnerDetail({ api, id }: StaffContext & { id: string }) {
  const { t } = usePartnersTranslation();
  const headingId = useId();
  const detail = useLoad((signal) => api.partner(id, signal), [id], t('common:dialog.failure'));
  const [secret, setSecret] = useState<string>();
  const [done, setDone] = useState<string>();
  const when = (at: string | null) => (at ? formatDateTime(at, t) : t('detail.never'));

  return (
    <>
      <p>
        <Link to="/staff/partners">{t('detail.back')}</Link>
      </p>
      <Done message={done} />
      <Loaded state={detail.state} onRetry={detail.reload}>
        {(client) => (
          <>
            {secret && (
              <SecretNotice
                name={client.name}
                clientId={client.clientId}
                secret={secret}
                onDismiss={() => setSecret(undefined)}
              />
            )}
            <section
              className="pc-staff__panel"
              aria-labelledby={`${headingId}-facts`}
              data-partner={client.clientId}
              data-status={client.status}
            >
              <h2 id={`${headingId}-facts`}>
                {client.name} <PartnerStatus status={client.status} />
              </h2>
              <dl className="pc-staff__facts">
                <div>
                  <dt>{t('detail.clientId')}</dt>
                  <dd className="pc-staff__partner-id">{client.clientId}</dd>
                </div>
                <div>
                  <dt>{t('detail.created')}</dt>
                  <dd>{when(client.createdAt)}</dd>
                </div>
                <div>
                  <dt>{t('detail.rotated')}</dt>
                  <dd>{when(client.secretRotatedAt)}</dd>
                </div>
                {client.revokedAt && (
                  <div>
                    <dt>{t('detail.revoked')}</dt>
                    <dd>{when(client.revokedAt)}</dd>
                  </div>
                )}
                <div>
                  <dt>{t('fields.scopes')}</dt>
                  <dd>{client.scopes.map((scope) => t(`scopes.${scope}`)).join(', ')}</dd>
                </div>
                <div>
                  <dt>{t('detail.limitsLabel')}</dt>
                  <dd>
                    {t('detail.limits', {
                      perMinute: client.rateLimitPerMinute.toLocaleString(),
                      perDay: client.dailyQuota.toLocaleString(),
                    })}
                  </dd>
                </div>
                <div>
                  <dt>{t('detail.origins')}</dt>
                  <dd>{client.origins.length ? client.origins.join(', ') : t('detail.noOrigins')}</dd>
                </div>
              </dl>
              {/* Webhook deliveries of this client: the page is the webhooks area's (issue #18). */}
              <p>
                <Link to={`/staff/partners/${encodeURIComponent(client.id)}/webhooks`} data-partner-webhooks>
                  {t('detail.webhooks')}
                </Link>
              </p>
            </section>
            {client.status === 'revoked' ? (
              <p className="pc-notice" data-partner-revoked>
                {t('detail.revokedNote')}
              </p>
            ) : (
              <>
                {/* Scopes, origins and limits: saved with PATCH (the name stays). */}
                <PartnerForm
                  key={client.id}
                  client={client}
                  send={async ({ scopes, origins, rateLimitPerMinute, dailyQuota }) => {
                    await api.updatePartner(client.id, { scopes, origins, rateLimitPerMinute, dailyQuota });
                    detail.reload();
                  }}
                />
                <section className="pc-staff__panel" aria-labelledby={`${headingId}-danger`}>
                  <h2 id={`${headingId}-danger`}>{t('detail.dangerZone')}</h2>
                  <div className="pc-staff__buttons">
                    <ConfirmButton
                      label={t('rotate.button')}
                      title={t('rotate.title', { name: client.name })}
                      text={t('rotate.text')}
                      confirm={t('rotate.confirm')}
                      action={async () => {
                        const rotated = await api.rotatePartnerSecret(client.id);
                        setSecret(rotated.secret);
                        detail.set(rotated.client);
                      }}
                    />
                    <ConfirmButton
                      danger
                      label={t('revoke.button')}
                      title={t('revoke.title', { name: client.name })}
                      text={t('revoke.text')}
                      confirm={t('revoke.confirm')}
                      action={async () => {
                        const revoked = await api.revokePartner(client.id);
                        setSecret(undefined);
                        setDone(t('revoke.done', { name: revoked.name }));
                        detail.set(revoked);
                      }}
                    />
                  </div>
                </section>
              </>
            )}
          </>
        )}
      </Loaded>
    </>
  );
}

/** /staff/partners/:id: one partner client: its facts, its scopes, origins and limits, rotation and revocation. */
export default function Partner() {
  const { t } = usePartnersTranslation();
  const { id = '' } = useParams();
  return (
    <StaffFrame title={t('detail.title')} roles={ADMIN_ROLES}>
      {(context) => <PartnerDetail {...context} id={id} />}
    </StaffFrame>
  );
}
