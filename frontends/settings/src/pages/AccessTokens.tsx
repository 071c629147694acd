import { codePointLength, collapseWhitespace, TOKEN_NAME_MAX, TOKEN_SCOPES, type TokenScope } from '@pencraft/rules';
import {
  api,
  Button,
  EmptyState,
  errorMessage,
  formatDate,
  formatDateTime,
  Select,
  TextField,
  useFeedback,
  useFormSubmit,
  useLoad,
} from '@pencraft/ui';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, Loaded, Panel } from '../components/parts.js';
import { SettingsFrame } from '../components/SettingsFrame.js';
import { ConfirmDialog } from '../components/SupportParts.js';
import './access-tokens.css';

/** The expiries the form offers, in days (the rules allow 1 to 365). */
const EXPIRIES = [7, 30, 90, 365] as const;
const FIELDS = ['name', 'scopes', 'expiresInDays'] as const;
type Field = (typeof FIELDS)[number];

interface TokenItem {
  id: string;
  name: string;
  scopes: TokenScope[];
  prefix: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

type TokenState = 'active' | 'expired' | 'revoked';

function stateOf(token: TokenItem, now: number): TokenState {
  if (token.revokedAt) return 'revoked';
  return Date.parse(token.expiresAt) <= now ? 'expired' : 'active';
}

/**
 * /settings/tokens: personal access tokens (issue #18) — make one (a name, scopes, an expiry) and see it once, the
 * list with last use and state, revoke after a confirmation.
 */
export default function AccessTokens() {
  const { t } = useTranslation('settingsTokens');
  const { t: settings } = useTranslation('settings');
  const id = useId();
  const list = useLoad((signal) => api.get('/api/ttin/tokens', { signal }), [], settings('common:dialog.failure'));
  const [secret, setSecret] = useState<{ name: string; value: string }>();

  return (
    <SettingsFrame title={t('title')}>
      {() => (
        <>
          <Panel id={`${id}-create`} title={t('createTitle')}>
            <p className="pc-settings__text">{t('text')}</p>
            {secret ? (
              <NewSecret secret={secret} onDone={() => setSecret(undefined)} />
            ) : (
              <CreateForm
                onCreated={(name, value) => {
                  setSecret({ name, value });
                  list.reload();
                }}
              />
            )}
          </Panel>
          <Panel id={`${id}-list`} title={t('listTitle')}>
            <Loaded state={list.state} onRetry={list.reload}>
              {(data) => (
                <>
                  <p className="pc-settings__text">{t('limit', { max: data.max })}</p>
                  <TokenList tokens={data.items} onRevoked={list.reload} />
                </>
              )}
            </Loaded>
          </Panel>
        </>
      )}
    </SettingsFrame>
  );
}

function CreateForm({ onCreated }: { onCreated: (name: string, secret: string) => void }) {
  const { t } = useTranslation('settingsTokens');
  const { t: settings } = useTranslation('settings');
  const id = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['read']);
  const [days, setDays] = useState('30');
  const form = useFormSubmit<Field>({ fields: FIELDS, fallback: settings('common:dialog.failure') });
  const { errors, setErrors } = form;

  const submit = async () => {
    const clean = collapseWhitespace(name);
    const local: Partial<Record<Field, string>> = {};
    if (!clean) local.name = t('nameRequired');
    else if (codePointLength(clean) > TOKEN_NAME_MAX) local.name = t('nameTooLong', { max: TOKEN_NAME_MAX });
    if (scopes.length === 0) local.scopes = t('scopesRequired');
    await form.submit(local, async () => {
      const created = await api.post('/api/ttin/tokens', {
        body: { name: clean, scopes: TOKEN_SCOPES.filter((scope) => scopes.includes(scope)), expiresInDays: +days },
      });
      setName('');
      setScopes(['read']);
      // The token shown once is the answer: no dialog over it.
      onCreated(created.token.name, created.secret);
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField
        label={t('name')}
        value={name}
        maxLength={TOKEN_NAME_MAX * 2}
        autoComplete="off"
        onChange={(event) => {
          setName(event.target.value);
          setErrors((current) => ({ ...current, name: undefined }));
        }}
        error={errors.name}
        hint={t('nameHint', { max: TOKEN_NAME_MAX })}
        required
      />
      <fieldset
        className="pc-settings__choice"
        aria-describedby={errors.scopes ? `${id}-scopes-error` : undefined}
        data-scopes
      >
        <legend>{t('scopes')}</legend>
        {TOKEN_SCOPES.map((scope) => (
          <div key={scope} className="pc-settings__choice-item">
            <input
              id={`${id}-${scope}`}
              type="checkbox"
              name="scopes"
              value={scope}
              checked={scopes.includes(scope)}
              aria-describedby={`${id}-${scope}-hint`}
              onChange={(event) => {
                const checked = event.target.checked;
                setScopes((current) => (checked ? [...current, scope] : current.filter((s) => s !== scope)));
                setErrors((current) => ({ ...current, scopes: undefined }));
              }}
            />
            <span>
              <label className="pc-settings__choice-label" htmlFor={`${id}-${scope}`}>
                {t(`scopeNames.${scope}`)}
              </label>
              <span id={`${id}-${scope}-hint`} className="pc-settings__choice-hint">
                {t(`scopeHints.${scope}`)}
              </span>
            </span>
          </div>
        ))}
        {errors.scopes && (
          <p id={`${id}-scopes-error`} className="pc-field__error">
            {errors.scopes}
          </p>
        )}
      </fieldset>
      <Select
        label={t('expiry')}
        value={days}
        onChange={(event) => setDays(event.target.value)}
        options={EXPIRIES.map((count) => ({ value: String(count), label: t('days', { count }) }))}
        error={errors.expiresInDays}
      />
      <FormError message={form.formError} />
      <div className="pc-settings__actions">
        <Button type="submit" busy={form.busy}>
          {t('create')}
        </Button>
      </div>
    </form>
  );
}

/** The new token, shown this once, with a copy button. */
function NewSecret({ secret, onDone }: { secret: { name: string; value: string }; onDone: () => void }) {
  const { t } = useTranslation('settingsTokens');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'copied' | 'copyFailed'>();

  return (
    <div className="pc-tokens__secret" role="region" aria-labelledby={`${id}-title`} data-new-token>
      <h3 id={`${id}-title`}>{t('createdTitle')}</h3>
      <p className="pc-tokens__warning" id={`${id}-warning`}>
        {t('createdWarning')}
      </p>
      <div className="pc-tokens__secret-row">
        <input
          ref={input}
          className="pc-input pc-tokens__secret-value"
          readOnly
          value={secret.value}
          aria-label={t('tokenLabel', { name: secret.name })}
          aria-describedby={`${id}-warning`}
          spellCheck={false}
          onFocus={(event) => event.target.select()}
          data-secret
        />
        <Button
          variant="secondary"
          onClick={() => {
            input.current?.select();
            navigator.clipboard.writeText(secret.value).then(
              () => setCopy('copied'),
              () => setCopy('copyFailed'),
            );
          }}
        >
          {t('copy')}
        </Button>
      </div>
      <p className="pc-settings__saved" role="status">
        {copy ? t(copy) : ''}
      </p>
      <div className="pc-settings__actions">
        <Button onClick={onDone}>{t('done')}</Button>
      </div>
    </div>
  );
}

function TokenList({ tokens, onRevoked }: { tokens: readonly TokenItem[]; onRevoked: () => void }) {
  const { t } = useTranslation('settingsTokens');
  const { t: settings } = useTranslation('settings');
  const feedback = useFeedback();
  const [asking, setAsking] = useState<{ token: TokenItem; open: boolean }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // When the list was first drawn: a token that expires while the page is open shows so on the next visit.
  const [now] = useState(() => Date.now());

  if (tokens.length === 0) return <EmptyState title={t('empty')} />;
  const token = asking?.token;
  return (
    <>
      <ul className="pc-settings__list pc-settings__rows" data-tokens>
        {tokens.map((item) => {
          const state = stateOf(item, now);
          return (
            <li key={item.id} className="pc-settings__row" data-token={item.name} data-state={state}>
              <div className="pc-settings__row-main">
                <h3 className="pc-settings__row-title">
                  {item.name} <span className="pc-settings__badge">{t(`states.${state}`)}</span>
                </h3>
                <dl className="pc-settings__facts">
                  <div>
                    <dt>{t('prefix')}</dt>
                    <dd className="pc-tokens__code">{item.prefix}…</dd>
                  </div>
                  <div>
                    <dt>{t('scopes')}</dt>
                    <dd>{item.scopes.map((scope) => t(`scopeNames.${scope}`)).join(', ')}</dd>
                  </div>
                  <div>
                    <dt>{t('created')}</dt>
                    <dd>{formatDate(item.createdAt, settings)}</dd>
                  </div>
                  <div>
                    <dt>{t('expires')}</dt>
                    <dd>{formatDate(item.expiresAt, settings)}</dd>
                  </div>
                  <div>
                    <dt>{t('lastUsed')}</dt>
                    <dd>{item.lastUsedAt ? formatDateTime(item.lastUsedAt, settings) : t('never')}</dd>
                  </div>
                </dl>
              </div>
              {state === 'active' && (
                <Button
                  variant="secondary"
                  aria-label={t('revokeNamed', { name: item.name })}
                  onClick={() => {
                    setError(undefined);
                    setAsking({ token: item, open: true });
                  }}
                >
                  {t('revoke')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={asking?.open ?? false}
        title={t('revokeTitle', { name: token?.name ?? '' })}
        text={<p>{t('revokeText')}</p>}
        confirmLabel={t('revoke')}
        cancelLabel={t('keep')}
        variant="danger"
        busy={busy}
        error={error}
        onClose={() => setAsking((current) => current && { ...current, open: false })}
        onConfirm={() => {
          if (!token) return;
          setBusy(true);
          setError(undefined);
          api.delete('/api/ttin/tokens/{id}', { params: { path: { id: token.id } } }).then(
            () => {
              setBusy(false);
              setAsking({ token, open: false });
              feedback.success(t('revoked', { name: token.name }));
              onRevoked();
            },
            (failure: unknown) => {
              setBusy(false);
              setError(errorMessage(failure, settings('common:dialog.failure')));
            },
          );
        }}
      />
    </>
  );
}
