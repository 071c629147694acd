import { EmptyState, formatDateTime, useLoad } from '@pencraft/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_ROLES, StaffFrame, type StaffContext } from '../auth/StaffFrame.js';
import { Badge, Done, Loaded } from '../components/parts.js';
import { PartnerForm, PartnerStatus, SecretNotice, usePartnersTranslation } from '../components/PartnerParts.js';

interface Shown {
  name: string;
  clientId: string;
  secret: string;
}

function PartnerList(context: StaffContext) {
  const { api } = context;
  const { t } = usePartnersTranslation();
  const list = useLoad((signal) => api.partners(signal), [], t('common:dialog.failure'));
  const [shown, setShown] = useState<Shown>();
  const [done, setDone] = useState<string>();

  return (
    <>
      <p className="pc-staff__text">{t('intro')}</p>
      <Done message={done} />
      {shown && (
        <SecretNotice
          {...shown}
          onDismiss={() => {
            setShown(undefined);
            setDone(undefined);
          }}
        />
      )}
      <Loaded state={list.state} onRetry={list.reload}>
        {({ items }) =>
          items.length === 0 ? (
            <EmptyState title={t('list.empty')} />
          ) : (
            <ul className="pc-staff__list" aria-label={t('list.label')}>
              {items.map((client) => (
                <li
                  key={client.id}
                  className="pc-staff__card"
                  data-partner={client.clientId}
                  data-status={client.status}
                >
                  <h2 className="pc-staff__card-title">
                    <Link to={`/staff/partners/${encodeURIComponent(client.id)}`}>{client.name}</Link>{' '}
                    <PartnerStatus status={client.status} />
                  </h2>
                  <p className="pc-staff__card-meta">
                    {t('list.clientId')}: <span className="pc-staff__partner-id">{client.clientId}</span> ·{' '}
                    {t('list.created', { date: formatDateTime(client.createdAt, t) })}
                  </p>
                  <p className="pc-staff__partner-scopes">
                    {client.scopes.map((scope) => (
                      <Badge key={scope} tone="muted">
                        {t(`scopes.${scope}`)}
                      </Badge>
                    ))}
                  </p>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
      {/* The registration form: on success the secret is shown once above the list. */}
      <PartnerForm
        send={async (input) => {
          const { client, secret } = await api.createPartner(input);
          setShown({ name: client.name, clientId: client.clientId, secret });
          setDone(t('create.done', { name: client.name }));
          list.reload();
          window.scrollTo({ top: 0 });
        }}
      />
    </>
  );
}

/** /staff/partners: the partner clients (admins): the list, and registering one (its secret shown once). */
export default function Partners() {
  const { t } = usePartnersTranslation();
  return (
    <StaffFrame title={t('title')} roles={ADMIN_ROLES}>
      {(context) => <PartnerList {...context} />}
    </StaffFrame>
  );
}
