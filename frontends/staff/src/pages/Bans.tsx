import {
  Button,
  EmptyState,
  Select,
  TextField,
  errorMessage,
  formatDateTime,
  useFormSubmit,
  useLoad,
} from '@pencraft/ui';
import { useId, useState } from 'react';
import { StaffFrame, type StaffContext } from '../auth/StaffFrame.js';
import { BanFields, banRequest, EMPTY_BAN, type BanDraft, type BanErrors } from '../components/BanFields.js';
import { Badge, Done, FormError, Loaded, Pager } from '../components/parts.js';
import { useStaffTranslation } from '../i18n.js';
import { useQueryState } from '../lib/query.js';
import type { Ban } from '../lib/types.js';

function IssueBan({ api, onIssued }: StaffContext & { onIssued: (ban: Ban) => void }) {
  const { t } = useStaffTranslation();
  const id = useId();
  const [username, setUsername] = useState('');
  const [draft, setDraft] = useState<BanDraft>(EMPTY_BAN);
  const form = useFormSubmit<keyof BanErrors | 'username'>({ fallback: t('common:dialog.failure') });

  const submit = async () => {
    const result = banRequest(draft, t);
    const name = username.trim().replace(/^@/, '');
    // banRequest gives a request exactly when none of its fields has a message.
    await form.submit({ ...result.errors, ...(name ? {} : { username: t('ban.errors.username') }) }, async () => {
      const ban = await api.issueBan({ username: name, ...result.request! });
      setUsername('');
      setDraft(EMPTY_BAN);
      onIssued(ban);
    });
  };

  return (
    <form
      className="pc-staff__form pc-staff__panel"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id={`${id}-title`}>{t('bans.issue')}</h2>
      <TextField
        label={t('ban.username')}
        value={username}
        required
        autoComplete="off"
        spellCheck={false}
        error={form.errors.username}
        onChange={(event) => setUsername(event.target.value)}
      />
      <BanFields draft={draft} errors={form.errors} onChange={setDraft} />
      <FormError message={form.formError} />
      <Button type="submit" variant="danger" busy={form.busy}>
        {t('bans.submit')}
      </Button>
    </form>
  );
}

function LiftBan({ ban, api, onLifted }: { ban: Ban; onLifted: () => void } & StaffContext) {
  const { t } = useStaffTranslation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  if (!confirming) {
    return (
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        {t('bans.lift')}
      </Button>
    );
  }
  return (
    <div className="pc-staff__confirm" role="group" aria-label={t('bans.liftConfirm', { username: ban.username })}>
      <p>{t('bans.liftConfirm', { username: ban.username })}</p>
      <div className="pc-staff__buttons">
        <Button
          variant="danger"
          busy={busy}
          onClick={() => {
            setBusy(true);
            setError(undefined);
            api.liftBan(ban.id).then(
              () => onLifted(),
              (failure: unknown) => {
                setBusy(false);
                setError(errorMessage(failure, t('common:dialog.failure')));
              },
            );
          }}
        >
          {t('bans.liftYes')}
        </Button>
        <Button variant="ghost" onClick={() => setConfirming(false)}>
          {t('bans.liftNo')}
        </Button>
      </div>
      <FormError message={error} />
    </div>
  );
}

function BanList(context: StaffContext) {
  const { t } = useStaffTranslation();
  const { values, page, set } = useQueryState(['active'] as const);
  const active = values.active === 'true' ? true : values.active === 'false' ? false : undefined;
  const list = useLoad((signal) => context.api.bans({ active, page }, signal), [active, page], t('loadFailed'));
  const [done, setDone] = useState<string>();

  return (
    <>
      <IssueBan
        {...context}
        onIssued={(ban) => {
          setDone(t('bans.issued', { username: ban.username }));
          list.reload();
        }}
      />
      <h2 className="pc-staff__subtitle">{t('bans.list')}</h2>
      <div className="pc-staff__filters" role="group" aria-label={t('bans.filters')}>
        <Select
          label={t('bans.show')}
          value={values.active}
          onChange={(event) => set({ active: event.target.value })}
          options={[
            { value: '', label: t('bans.all') },
            { value: 'true', label: t('bans.active') },
            { value: 'false', label: t('bans.inactive') },
          ]}
        />
      </div>
      <Done message={done} />
      <Loaded state={list.state} onRetry={list.reload}>
        {(result) =>
          result.items.length === 0 ? (
            <EmptyState title={t('bans.empty')} />
          ) : (
            <>
              <ul className="pc-staff__list" aria-label={t('bans.list')}>
                {result.items.map((ban) => (
                  <li key={ban.id} className="pc-staff__card">
                    <p className="pc-staff__card-title">
                      @{ban.username}{' '}
                      <Badge tone={ban.active ? 'danger' : 'muted'}>
                        {t(
                          ban.liftedAt ? 'bans.states.lifted' : ban.active ? 'bans.states.active' : 'bans.states.ended',
                        )}
                      </Badge>
                    </p>
                    <dl className="pc-staff__facts">
                      <div>
                        <dt>{t('ban.reason')}</dt>
                        <dd>{t(`banReasons.${ban.reason}`)}</dd>
                      </div>
                      <div>
                        <dt>{t('bans.from')}</dt>
                        <dd>{formatDateTime(ban.startsAt, t)}</dd>
                      </div>
                      <div>
                        <dt>{t('bans.until')}</dt>
                        <dd>{ban.endsAt ? formatDateTime(ban.endsAt, t) : t('bans.permanent')}</dd>
                      </div>
                      <div>
                        <dt>{t('bans.by')}</dt>
                        <dd>{ban.issuedBy.username}</dd>
                      </div>
                      {ban.liftedAt && (
                        <div>
                          <dt>{t('bans.liftedAt')}</dt>
                          <dd>
                            {formatDateTime(ban.liftedAt, t)}
                            {ban.liftedBy ? ` (${ban.liftedBy.username})` : ''}
                          </dd>
                        </div>
                      )}
                    </dl>
                    {ban.note && <p className="pc-staff__note">{ban.note}</p>}
                    {ban.active && (
                      <LiftBan
                        ban={ban}
                        {...context}
                        onLifted={() => {
                          setDone(t('bans.lifted', { username: ban.username }));
                          list.reload();
                        }}
                      />
                    )}
                  </li>
                ))}
              </ul>
              <Pager page={result.page} hasMore={result.hasMore} onPage={(p) => set({ page: p })} />
            </>
          )
        }
      </Loaded>
    </>
  );
}

/** /staff/bans: issue a ban (reason, duration) and lift one. */
export default function Bans() {
  const { t } = useStaffTranslation();
  return <StaffFrame title={t('nav.bans')}>{(context) => <BanList {...context} />}</StaffFrame>;
}
