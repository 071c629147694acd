import {
  normalizeThanksMessage,
  RECENT_ARTICLE_MONTHS,
  THANKS_MESSAGE_MAX,
  THANKS_MESSAGE_MIN,
  thanksMessageProblem,
} from '@pencraft/rules';
import { api, Button, errorMessage, spreadError, TextField, useFeedback, useLoad } from '@pencraft/ui';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { FormError, Loaded, Panel } from '../components/parts.js';
import { SettingsFrame } from '../components/SettingsFrame.js';
import { ConfirmDialog, Figure, useDay, useManat, useSupportAccount, WithAccount } from '../components/SupportParts.js';
import { useSettingsTranslation } from '../i18n.js';
import type { EligibilityCondition, SupportAccount } from '../lib/support-types.js';

const THANKS_LIMITS = { min: THANKS_MESSAGE_MIN, max: THANKS_MESSAGE_MAX };

/** Where each missing condition is put right. */
const FIX: Record<EligibilityCondition, string> = {
  citizenship: '/settings/profile',
  recentArticle: '/write',
  verifiedPhone: '/settings/phone',
};
const CONDITIONS: readonly EligibilityCondition[] = ['citizenship', 'recentArticle', 'verifiedPhone'];

/** The thanks message as typed: the rules' problem, or the clean text. */
function checkThanks(text: string, optional: boolean): { message: string; problem?: string } {
  const message = normalizeThanksMessage(text);
  if (optional && message === '') return { message };
  const problem = thanksMessageProblem(message);
  return problem ? { message, problem } : { message };
}

function ThanksField({
  value,
  error,
  onChange,
  optional = false,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  optional?: boolean;
}) {
  const { t } = useSettingsTranslation();
  return (
    <TextField
      multiline
      rows={3}
      label={optional ? t('support.thanks.labelOptional') : t('support.thanks.label')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      hint={t('support.thanks.hint', THANKS_LIMITS)}
      counter={t('support.counter', { count: [...value].length, max: THANKS_MESSAGE_MAX })}
      required={!optional}
      maxLength={THANKS_MESSAGE_MAX * 2}
    />
  );
}

/** No account yet: the conditions of SPEC.md section 6, each met or linked to where it is met, then the form. */
function OpenAccount({ onCreated }: { onCreated: (account: SupportAccount) => void }) {
  const { t } = useSettingsTranslation();
  const id = useId();
  const feedback = useFeedback();
  const eligibility = useLoad((signal) => api.get('/api/donations/eligible', { signal }), [], t('loadFailed'));
  const [thanks, setThanks] = useState('');
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  return (
    <>
      <Panel id={`${id}-about`} title={t('support.about.title')}>
        <p className="pc-settings__text">{t('support.about.text')}</p>
      </Panel>
      <Panel id={`${id}-eligibility`} title={t('support.eligibility.title')}>
        <Loaded state={eligibility.state} onRetry={eligibility.reload}>
          {(answer) => (
            <>
              <p className="pc-settings__text" data-eligible={answer.eligible}>
                {answer.eligible ? t('support.eligibility.eligible') : t('support.eligibility.notEligible')}
              </p>
              <ul className="pc-settings__list pc-support__conditions">
                {CONDITIONS.map((condition) => {
                  const missing = answer.missing.includes(condition);
                  return (
                    <li key={condition} data-condition={condition} data-met={!missing}>
                      <span className={`pc-support__mark pc-support__mark--${missing ? 'missing' : 'met'}`}>
                        {missing ? t('support.eligibility.missing') : t('support.eligibility.met')}
                      </span>
                      <span className="pc-support__condition">
                        {t(`support.eligibility.conditions.${condition}`, { months: RECENT_ARTICLE_MONTHS })}
                        {missing && (
                          <>
                            {' '}
                            <Link to={FIX[condition]}>{t(`support.eligibility.fix.${condition}`)}</Link>
                          </>
                        )}
                      </span>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </Loaded>
      </Panel>
      {eligibility.state.status === 'ready' && eligibility.state.data.eligible && (
        <Panel id={`${id}-create`} title={t('support.create.title')}>
          <p className="pc-settings__text">{t('support.create.text')}</p>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              const checked = checkThanks(thanks, true);
              setFormError(undefined);
              if (checked.problem) {
                setError(t(`support.problems.${checked.problem}`, THANKS_LIMITS));
                return;
              }
              setError(undefined);
              setBusy(true);
              api
                .post('/api/donations/account', { body: checked.message ? { thanksMessage: checked.message } : {} })
                .then(
                  (account) => {
                    setBusy(false);
                    feedback.success(t('support.create.done'));
                    onCreated(account);
                  },
                  (failure: unknown) => {
                    setBusy(false);
                    const codes = { InvalidMessage: 'thanksMessage' } as const;
                    const spread = spreadError(failure, ['thanksMessage'], codes, t('common:dialog.failure'));
                    setError(spread.fields.thanksMessage);
                    setFormError(spread.form);
                    // The answer may name conditions that changed since the list was read.
                    eligibility.reload();
                  },
                );
            }}
          >
            <ThanksField
              value={thanks}
              error={error}
              optional
              onChange={(value) => {
                setThanks(value);
                setError(undefined);
              }}
            />
            <FormError message={formError} />
            <div className="pc-settings__actions">
              <Button type="submit" busy={busy}>
                {t('support.create.submit')}
              </Button>
            </div>
          </form>
        </Panel>
      )}
    </>
  );
}

/** Available, reserved, received and paid out, and this month's payouts against the monthly cap. */
function Balance({ account }: { account: SupportAccount }) {
  const { t } = useSettingsTranslation();
  const id = useId();
  const manat = useManat();
  const day = useDay();
  const active = account.activePayout;
  return (
    <Panel id={`${id}-balance`} title={t('support.balance.title')}>
      <dl className="pc-support__figures" data-balance>
        <Figure name="available" label={t('support.balance.available')} value={manat(account.availableQepik)} />
        <Figure name="reserved" label={t('support.balance.reserved')} value={manat(account.reservedQepik)} />
        <Figure name="received" label={t('support.balance.received')} value={manat(account.receivedTotalQepik)} />
        <Figure name="paidOut" label={t('support.balance.paidOut')} value={manat(account.paidOutTotalQepik)} />
        <Figure name="month" label={t('support.balance.month')} value={manat(account.monthPayoutsQepik)} />
        <Figure
          name="monthRemaining"
          label={t('support.balance.monthRemaining')}
          value={manat(account.monthRemainingQepik)}
        />
      </dl>
      {active && (
        <p className="pc-settings__text" data-active-payout={active.state}>
          {t('support.balance.activePayout', {
            amount: manat(active.amountQepik),
            state: t(`support.payoutStates.${active.state}`),
            date: day(active.expectedDate),
          })}
        </p>
      )}
      <div className="pc-settings__actions">
        <Link className="pc-button pc-button--primary" to="/settings/support-payouts">
          {t('support.balance.withdraw')}
        </Link>
        <Link className="pc-button pc-button--secondary" to="/settings/support-activity">
          {t('support.balance.activity')}
        </Link>
      </div>
    </Panel>
  );
}

/** Active (readers can support) or deactivated; deactivating is confirmed first, reactivating is not. */
function AccountState({ account, onChange }: { account: SupportAccount; onChange: (a: SupportAccount) => void }) {
  const { t } = useSettingsTranslation();
  const id = useId();
  const feedback = useFeedback();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const change = (active: boolean) => {
    setBusy(true);
    setError(undefined);
    api.put('/api/donations/state', { body: { active } }).then(
      (updated) => {
        setBusy(false);
        setAsking(false);
        feedback.success(active ? t('support.state.reactivated') : t('support.state.deactivated'));
        onChange(updated);
      },
      (failure: unknown) => {
        setBusy(false);
        setError(errorMessage(failure, t('common:dialog.failure')));
      },
    );
  };

  return (
    <Panel id={`${id}-state`} title={t('support.state.title')}>
      <p
        className={`pc-settings__state pc-settings__state--${account.active ? 'on' : 'off'}`}
        data-support-active={account.active}
      >
        {account.active ? t('support.state.active') : t('support.state.inactive')}
      </p>
      <p className="pc-settings__text">
        {account.active ? t('support.state.activeText') : t('support.state.inactiveText')}
      </p>
      {!asking && <FormError message={error} />}
      <div className="pc-settings__actions">
        {account.active ? (
          <Button variant="secondary" onClick={() => setAsking(true)}>
            {t('support.state.deactivate')}
          </Button>
        ) : (
          <Button busy={busy} onClick={() => change(true)}>
            {t('support.state.reactivate')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={asking}
        title={t('support.state.confirmTitle')}
        text={<p>{t('support.state.confirmText')}</p>}
        confirmLabel={t('support.state.deactivate')}
        cancelLabel={t('support.state.keep')}
        variant="danger"
        busy={busy}
        error={error}
        onConfirm={() => change(false)}
        onClose={() => {
          setAsking(false);
          setError(undefined);
        }}
      />
    </Panel>
  );
}

/** The message a supporter reads once their support is paid. */
function ThanksMessage({ account, onChange }: { account: SupportAccount; onChange: (a: SupportAccount) => void }) {
  const { t } = useSettingsTranslation();
  const id = useId();
  const feedback = useFeedback();
  const [thanks, setThanks] = useState(account.thanksMessage);
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  return (
    <Panel id={`${id}-thanks`} title={t('support.thanks.title')}>
      <p className="pc-settings__text">{t('support.thanks.text')}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const checked = checkThanks(thanks, false);
          setFormError(undefined);
          if (checked.problem) {
            setError(t(`support.problems.${checked.problem}`, THANKS_LIMITS));
            return;
          }
          setError(undefined);
          setBusy(true);
          api.put('/api/donations/thanks', { body: { message: checked.message } }).then(
            (updated) => {
              setBusy(false);
              setThanks(updated.thanksMessage);
              feedback.success(t('support.thanks.saved'));
              onChange(updated);
            },
            (failure: unknown) => {
              setBusy(false);
              const codes = { InvalidMessage: 'message' } as const;
              const spread = spreadError(failure, ['message'], codes, t('common:dialog.failure'));
              setError(spread.fields.message);
              setFormError(spread.form);
            },
          );
        }}
      >
        <ThanksField
          value={thanks}
          error={error}
          onChange={(value) => {
            setThanks(value);
            setError(undefined);
          }}
        />
        <FormError message={formError} />
        <div className="pc-settings__actions">
          <Button type="submit" busy={busy}>
            {t('save')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

/**
 * /settings/support: without an account, the eligibility conditions (each missing one explained and linked) and
 * the form that opens one; with it, the balance, the account's state (deactivate, reactivate) and the thanks
 * message. Payouts, cards, supporters, activity and one's own supports have pages of their own.
 */
export default function Support() {
  const { t } = useSettingsTranslation();
  const account = useSupportAccount();
  return (
    <SettingsFrame title={t('sections.support.title')}>
      {() => (
        <WithAccount account={account} none={<OpenAccount onCreated={account.set} />}>
          {(data) => (
            <>
              <Balance account={data} />
              <AccountState account={data} onChange={account.set} />
              <ThanksMessage account={data} onChange={account.set} />
            </>
          )}
        </WithAccount>
      )}
    </SettingsFrame>
  );
}
