import { Button, EmptyState, formatDateTime, spreadError, useLoad } from '@pencraft/ui';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_ROLES, StaffFrame, type StaffContext } from '../auth/StaffFrame.js';
import { Badge, Done, FormError, Loaded } from '../components/parts.js';
import {
  checkPartnerForm,
  emptyPartnerForm,
  PARTNER_CLIENT_FIELDS,
  PartnerFields,
  PartnerStatus,
  SecretNotice,
  usePartnersTranslation,
  type PartnerFormErrors,
} from '../components/PartnerParts.js';

interface Shown {
  name: string;
  clientId: string;
  secret: string;
}

/** The registration form: on success the secret is shown once above the list. */
function CreatePartner({ api, onCreated }: StaffContext & { onCreated: (shown: Shown) => void }) {
  const { t } = usePartnersTranslation();
  const id = useId();
  const [values, setValues] = useState(emptyPartnerForm);
  const [errors, setErrors] = useState<PartnerFormErrors>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setFormError(undefined);
    const { input, errors: found } = checkPartnerForm(values, true, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const { client, secret } = await api.createPartner(input);
      setValues(emptyPartnerForm());
      onCreated({ name: client.name, clientId: client.clientId, secret });
    } catch (error) {
      const spread = spreadError(error, PARTNER_CLIENT_FIELDS, { NameExists: 'name' }, t('common:dialog.failure'));
      setErrors(spread.fields);
      setFormError(spread.form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="pc-staff__form pc-staff__panel"
      aria-labelledby={`${id}-title`}
      noValidate
      data-create-partner
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id={`${id}-title`}>{t('create.title')}</h2>
      <PartnerFields values={values} errors={errors} withName disabled={busy} onChange={setValues} />
      <FormError message={formError} />
      <Button type="submit" busy={busy}>
        {t('create.submit')}
      </Button>
    </form>
  );
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
      <CreatePartner
        {...context}
        onCreated={(created) => {
          setShown(created);
          setDone(t('create.done', { name: created.name }));
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
