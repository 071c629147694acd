import {
  checkPartnerClient,
  normalizePartnerName,
  PARTNER_DAILY_QUOTA_DEFAULT,
  PARTNER_DAILY_QUOTA_MAX,
  PARTNER_NAME_MAX,
  PARTNER_NAME_MIN,
  PARTNER_ORIGINS_MAX,
  PARTNER_RATE_LIMIT_DEFAULT,
  PARTNER_RATE_LIMIT_MAX,
  PARTNER_SCOPES,
  type PartnerClientField,
  type PartnerScope,
} from '@pencraft/rules';
import { Button, Checkbox, errorMessage, TextField, useFormSubmit } from '@pencraft/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PartnerClientInput } from '../lib/api.js';
import { Badge, Done, FormError } from './parts.js';
import '../pages/partners.css';

export function usePartnersTranslation() {
  return useTranslation('staffPartners');
}

/** The form's values as typed (origins one per line, limits as text). */
interface PartnerFormValues {
  name: string;
  scopes: PartnerScope[];
  origins: string;
  rateLimitPerMinute: string;
  dailyQuota: string;
}

type PartnerFormErrors = Partial<Record<PartnerClientField, string>>;
/** The fields identity may name in an error's details. */
const PARTNER_CLIENT_FIELDS: readonly PartnerClientField[] = [
  'name',
  'scopes',
  'origins',
  'rateLimitPerMinute',
  'dailyQuota',
];

function emptyPartnerForm(): PartnerFormValues {
  return {
    name: '',
    scopes: ['read'],
    origins: '',
    rateLimitPerMinute: String(PARTNER_RATE_LIMIT_DEFAULT),
    dailyQuota: String(PARTNER_DAILY_QUOTA_DEFAULT),
  };
}

function partnerFormOf(client: PartnerClientInput & { name: string }): PartnerFormValues {
  return {
    name: client.name,
    scopes: client.scopes,
    origins: client.origins.join('\n'),
    rateLimitPerMinute: String(client.rateLimitPerMinute),
    dailyQuota: String(client.dailyQuota),
  };
}

const toNumber = (value: string) => (/^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN);

/**
 * The form's values checked by the rules identity applies (checkPartnerClient): the body to send, or the message
 * of each broken field. `withName`: the create form (the name is fixed once registered).
 */
function checkPartnerForm(
  values: PartnerFormValues,
  withName: boolean,
  t: ReturnType<typeof usePartnersTranslation>['t'],
): { input: PartnerClientInput & { name: string }; errors: PartnerFormErrors } {
  const input = {
    name: normalizePartnerName(values.name),
    scopes: PARTNER_SCOPES.filter((scope) => values.scopes.includes(scope)),
    origins: [
      ...new Set(
        values.origins
          .split('\n')
          .map((line) => line.trim().toLowerCase())
          .filter(Boolean),
      ),
    ],
    rateLimitPerMinute: toNumber(values.rateLimitPerMinute),
    dailyQuota: toNumber(values.dailyQuota),
  };
  const broken = checkPartnerClient(withName ? input : { ...input, name: undefined });
  const params: Record<PartnerClientField, Record<string, unknown>> = {
    name: { min: PARTNER_NAME_MIN, max: PARTNER_NAME_MAX },
    scopes: {},
    origins: { max: PARTNER_ORIGINS_MAX },
    rateLimitPerMinute: { max: PARTNER_RATE_LIMIT_MAX },
    dailyQuota: { max: PARTNER_DAILY_QUOTA_MAX },
  };
  const errors = Object.fromEntries(broken.map((field) => [field, t(`errors.${field}`, params[field])]));
  return { input, errors };
}

/** The limits' fields with the key of their label. */
const LIMIT_FIELDS = [
  ['rateLimitPerMinute', 'rateLimit'],
  ['dailyQuota', 'dailyQuota'],
] as const;

/** The fields of a partner client: its name (creating only), scopes, origins and limits. */
function PartnerFields({
  values,
  errors,
  withName,
  disabled,
  onChange,
}: {
  values: PartnerFormValues;
  errors: PartnerFormErrors;
  withName: boolean;
  disabled?: boolean;
  onChange: (values: PartnerFormValues) => void;
}) {
  const { t } = usePartnersTranslation();
  const id = useId();
  const set = (change: Partial<PartnerFormValues>) => onChange({ ...values, ...change });
  return (
    <>
      {withName && (
        <TextField
          label={t('fields.name')}
          value={values.name}
          required
          autoComplete="organization"
          maxLength={PARTNER_NAME_MAX * 2}
          error={errors.name}
          disabled={disabled}
          onChange={(event) => set({ name: event.target.value })}
        />
      )}
      <fieldset
        className="pc-staff__choices"
        aria-describedby={errors.scopes ? `${id}-scopes-error` : undefined}
        data-partner-scopes
      >
        <legend>{t('fields.scopes')}</legend>
        {PARTNER_SCOPES.map((scope) => (
          <Checkbox
            key={scope}
            name="scopes"
            value={scope}
            checked={values.scopes.includes(scope)}
            disabled={disabled}
            label={
              <>
                <strong>{t(`scopes.${scope}`)}</strong>
                <span className="pc-staff__partner-hint"> — {t(`scopeHints.${scope}`)}</span>
              </>
            }
            onChange={(event) =>
              set({
                scopes: event.target.checked
                  ? [...values.scopes, scope]
                  : values.scopes.filter((held) => held !== scope),
              })
            }
          />
        ))}
        {errors.scopes && (
          <span id={`${id}-scopes-error`} className="pc-field__error" role="alert">
            {errors.scopes}
          </span>
        )}
      </fieldset>
      <TextField
        multiline
        rows={3}
        label={t('fields.origins')}
        hint={t('fields.originsHint')}
        value={values.origins}
        spellCheck={false}
        autoComplete="off"
        error={errors.origins}
        disabled={disabled}
        onChange={(event) => set({ origins: event.target.value })}
      />
      <div className="pc-staff__partner-limits">
        {LIMIT_FIELDS.map(([field, label]) => (
          <TextField
            key={field}
            label={t(`fields.${label}`)}
            inputMode="numeric"
            value={values[field]}
            required
            autoComplete="off"
            error={errors[field]}
            disabled={disabled}
            onChange={(event) => set({ [field]: event.target.value })}
          />
        ))}
      </div>
    </>
  );
}

/**
 * The form of a partner client: registering one (`client` absent: the name too, emptied once sent) or changing one
 * (its scopes, origins and limits; the name stays). Checked by the rules before sending; identity's field errors
 * land on their fields. `send` gets the checked values.
 */
export function PartnerForm({
  client,
  send,
}: {
  client?: PartnerClientInput & { name: string };
  send: (input: PartnerClientInput & { name: string }) => Promise<void>;
}) {
  const { t } = usePartnersTranslation();
  const id = useId();
  const creating = client === undefined;
  const [values, setValues] = useState<PartnerFormValues>(() => (client ? partnerFormOf(client) : emptyPartnerForm()));
  const form = useFormSubmit<PartnerClientField>({
    fields: PARTNER_CLIENT_FIELDS,
    codeFields: { NameExists: 'name' },
    fallback: t('common:dialog.failure'),
  });

  const submit = async () => {
    const { input, errors: found } = checkPartnerForm(values, creating, t);
    await form.submit(found, async () => {
      await send(input);
      if (!creating) return t('detail.saved');
      setValues(emptyPartnerForm());
    });
  };

  return (
    <form
      className="pc-staff__form pc-staff__panel"
      aria-labelledby={`${id}-title`}
      noValidate
      {...(creating ? { 'data-create-partner': true } : { 'data-edit-partner': true })}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id={`${id}-title`}>{creating ? t('create.title') : t('detail.edit')}</h2>
      <PartnerFields
        values={values}
        errors={form.errors}
        withName={creating}
        disabled={form.busy}
        onChange={setValues}
      />
      <FormError message={form.formError} />
      {!creating && <Done message={form.notice} />}
      <Button type="submit" busy={form.busy}>
        {creating ? t('create.submit') : t('detail.save')}
      </Button>
    </form>
  );
}

/** A client's state as a label. */
export function PartnerStatus({ status }: { status: 'active' | 'revoked' }) {
  const { t } = usePartnersTranslation();
  return <Badge tone={status === 'revoked' ? 'danger' : undefined}>{t(`status.${status}`)}</Badge>;
}

/** The secret, shown once after a registration or a rotation, with a copy button. */
export function SecretNotice({
  name,
  clientId,
  secret,
  onDismiss,
}: {
  name: string;
  clientId: string;
  secret: string;
  onDismiss: () => void;
}) {
  const { t } = usePartnersTranslation();
  const id = useId();
  const [copied, setCopied] = useState<string>();
  const copy = () => {
    navigator.clipboard.writeText(secret).then(
      () => setCopied(t('secret.copied')),
      () => setCopied(t('secret.copyFailed')),
    );
  };
  return (
    <section className="pc-staff__panel pc-staff__partner-secret" aria-labelledby={`${id}-title`} data-partner-secret>
      <h2 id={`${id}-title`}>{t('secret.title', { name })}</h2>
      <p className="pc-staff__text">{t('secret.text', { clientId })}</p>
      <TextField
        label={t('secret.label')}
        value={secret}
        readOnly
        spellCheck={false}
        autoComplete="off"
        className="pc-staff__partner-code"
        onFocus={(event) => event.currentTarget.select()}
      />
      <p className="pc-staff__done" role="status">
        {copied ?? ''}
      </p>
      <div className="pc-staff__buttons">
        <Button onClick={copy}>{t('secret.copy')}</Button>
        <Button variant="secondary" onClick={onDismiss}>
          {t('secret.dismiss')}
        </Button>
      </div>
    </section>
  );
}

/** A button that asks first (a modal dialog: title, text, confirm or cancel), then runs `action`. */
export function ConfirmButton({
  label,
  title,
  text,
  confirm,
  danger,
  action,
}: {
  label: string;
  title: string;
  text: string;
  confirm: string;
  danger?: boolean;
  action: () => Promise<void>;
}) {
  const { t } = usePartnersTranslation();
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const close = () => {
    if (busy) return;
    setOpen(false);
    setError(undefined);
  };
  const run = () => {
    setBusy(true);
    setError(undefined);
    action().then(
      () => {
        setBusy(false);
        setOpen(false);
      },
      (failure: unknown) => {
        setBusy(false);
        setError(errorMessage(failure, t('common:dialog.failure')));
      },
    );
  };

  return (
    <>
      <Button variant={danger ? 'danger' : 'secondary'} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <dialog
        ref={ref}
        className="pc-dialog pc-staff__dialog"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
      >
        <form
          className="pc-staff__dialog-body"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            run();
          }}
        >
          <h2 id={`${id}-title`} className="pc-dialog__title">
            {title}
          </h2>
          <p id={`${id}-text`}>{text}</p>
          <FormError message={error} />
          <div className="pc-staff__buttons">
            <Button type="submit" variant={danger ? 'danger' : 'primary'} busy={busy}>
              {confirm}
            </Button>
            <Button variant="ghost" disabled={busy} onClick={close}>
              {t('common:actions.cancel')}
            </Button>
          </div>
        </form>
      </dialog>
    </>
  );
}
