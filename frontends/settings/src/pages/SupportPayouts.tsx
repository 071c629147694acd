import { expectedPayoutDate, PAYOUT_BUSINESS_DAYS, PAYOUT_MAX_QEPIK, PAYOUT_MIN_QEPIK } from '@pencraft/rules';
import {
  api,
  Button,
  EmptyState,
  formatDate,
  Select,
  spreadError,
  TextField,
  useFeedback,
  useLoad,
} from '@pencraft/ui';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { FormError, Loaded, Panel } from '../components/parts.js';
import { SettingsFrame } from '../components/SettingsFrame.js';
import {
  CsvExport,
  ReportPager,
  useCardName,
  useDay,
  useManat,
  useSupportAccount,
  WithAccount,
} from '../components/SupportParts.js';
import { useSettingsTranslation } from '../i18n.js';
import { payoutLimits, readAmount } from '../lib/support.js';
import type { SupportAccount, SupportPayout } from '../lib/support-types.js';

const FIELDS = ['cardId', 'amount'] as const;
type Field = (typeof FIELDS)[number];
/** The refusals of the payout limits land on the amount; NoCard on the card. */
const CODE_FIELDS: Partial<Record<string, Field>> = {
  InvalidAmount: 'amount',
  InsufficientFunds: 'amount',
  MonthlyPayoutLimitReached: 'amount',
  HasActivePayout: 'amount',
  NoCard: 'cardId',
};

/**
 * A payout to one of the saved cards. The form checks what is fixed (an amount in manats, 10 to 100 ₼ a request);
 * the balance, the monthly cap and the active payout are the service's to decide at the moment of the request, and
 * its refusal is shown under the amount in the user's language.
 */
function RequestPayout({ account, onRequested }: { account: SupportAccount; onRequested: () => void }) {
  const { t, i18n } = useSettingsTranslation();
  const feedback = useFeedback();
  const manat = useManat();
  const day = useDay();
  const cardName = useCardName();
  const [cardId, setCardId] = useState(account.cards[0]?.id ?? '');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // The day a payout asked for now is expected by (the page's opening moment is close enough to the request).
  const [openedAt] = useState(() => Date.now());
  const limits = payoutLimits(i18n.language);
  const maxNow = account.payoutMaxQepik;

  if (account.cards.length === 0) {
    return (
      <div className="pc-notice" data-no-card>
        <p>{t('support.payouts.noCard')}</p>
        <p>
          <Link to="/settings/support-cards">{t('support.payouts.addCard')}</Link>
        </p>
      </div>
    );
  }

  return (
    <form
      noValidate
      data-payout-form
      onSubmit={(event) => {
        event.preventDefault();
        const typed = readAmount(amount);
        const problems: Partial<Record<Field, string>> = {};
        if (!cardId) problems.cardId = t('support.problems.cardRequired');
        if ('problem' in typed) problems.amount = t(`support.problems.${typed.problem}`);
        else if (typed.qepik < PAYOUT_MIN_QEPIK || typed.qepik > PAYOUT_MAX_QEPIK)
          problems.amount = t('support.problems.payoutRange', limits);
        setFormError(undefined);
        setErrors(problems);
        if (problems.cardId || problems.amount || 'problem' in typed) return;
        setBusy(true);
        api.post('/api/donations/payout', { body: { cardId, amountQepik: typed.qepik } }).then(
          (payout) => {
            setBusy(false);
            setAmount('');
            feedback.success(
              t('support.payouts.requested', { amount: manat(payout.amountQepik), date: day(payout.expectedDate) }),
            );
            onRequested();
          },
          (failure: unknown) => {
            setBusy(false);
            const spread = spreadError(failure, FIELDS, CODE_FIELDS, t('common:dialog.failure'));
            setErrors(spread.fields);
            setFormError(spread.form);
          },
        );
      }}
    >
      <p className="pc-settings__text" data-payout-limits>
        {t('support.payouts.limits', limits)}{' '}
        {maxNow > 0
          ? t('support.payouts.maxNow', { amount: manat(maxNow) })
          : account.activePayout
            ? t('support.payouts.oneAtATime')
            : t('support.payouts.nothingNow')}
      </p>
      <Select
        label={t('support.payouts.card')}
        value={cardId}
        onChange={(event) => {
          setCardId(event.target.value);
          setErrors((current) => ({ ...current, cardId: undefined }));
        }}
        options={account.cards.map((card) => ({ value: card.id, label: `${cardName(card)} · ${card.holder}` }))}
        error={errors.cardId}
        required
      />
      <TextField
        label={t('support.payouts.amount')}
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        maxLength={12}
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          setErrors((current) => ({ ...current, amount: undefined }));
        }}
        error={errors.amount}
        hint={t('support.payouts.amountHint', { example: manat(2_500) })}
        required
      />
      <p className="pc-settings__text" data-expected-date>
        {t('support.payouts.expected', {
          days: PAYOUT_BUSINESS_DAYS,
          date: day(expectedPayoutDate(openedAt)),
        })}
      </p>
      <FormError message={formError} />
      <div className="pc-settings__actions">
        <Button type="submit" busy={busy}>
          {t('support.payouts.submit')}
        </Button>
      </div>
    </form>
  );
}

/** One payout: amount, state, card, dates, and the reference once paid or the reason once failed. */
function PayoutRow({ payout }: { payout: SupportPayout }) {
  const { t } = useSettingsTranslation();
  const manat = useManat();
  const day = useDay();
  const cardName = useCardName();
  return (
    <li className="pc-settings__row" data-payout={payout.id} data-state={payout.state}>
      <div className="pc-settings__row-main">
        <p className="pc-settings__row-title">
          {manat(payout.amountQepik)}
          <span className={`pc-settings__badge pc-support__state pc-support__state--${payout.state}`}>
            {t(`support.payoutStates.${payout.state}`)}
          </span>
        </p>
        <dl className="pc-settings__facts">
          <div>
            <dt>{t('support.payouts.to')}</dt>
            <dd>{cardName(payout.card)}</dd>
          </div>
          <div>
            <dt>{t('support.payouts.requestedAt')}</dt>
            <dd>{formatDate(payout.requestedAt, t)}</dd>
          </div>
          {(payout.state === 'requested' || payout.state === 'processing') && (
            <div>
              <dt>{t('support.payouts.expectedBy')}</dt>
              <dd>{day(payout.expectedDate)}</dd>
            </div>
          )}
          {(payout.state === 'paid' || payout.state === 'failed') && (
            <div>
              <dt>{payout.state === 'paid' ? t('support.payouts.paidAt') : t('support.payouts.failedAt')}</dt>
              <dd>{formatDate(payout.updatedAt, t)}</dd>
            </div>
          )}
          {payout.reference && (
            <div>
              <dt>{t('support.payouts.reference')}</dt>
              <dd>{payout.reference}</dd>
            </div>
          )}
          {payout.failureNote && (
            <div>
              <dt>{t('support.payouts.reason')}</dt>
              <dd>{payout.failureNote}</dd>
            </div>
          )}
        </dl>
        {payout.state === 'failed' && (
          <p className="pc-settings__text pc-support__tight">{t('support.payouts.failedText')}</p>
        )}
      </div>
    </li>
  );
}

/** The user's payouts, newest first, a page at a time, and all of them as CSV. */
function PayoutList({ version }: { version: number }) {
  const { t } = useSettingsTranslation();
  const [page, setPage] = useState(1);
  const list = useLoad(
    (signal) => api.get('/api/donations/report/payouts', { params: { query: { page } }, signal }),
    [page, version],
    t('common:dialog.failure'),
  );
  return (
    <Loaded state={list.state} onRetry={list.reload}>
      {(data) =>
        data.items.length === 0 && page === 1 ? (
          <EmptyState title={t('support.payouts.none')} />
        ) : (
          <>
            <ul className="pc-settings__list pc-settings__rows" data-payouts>
              {data.items.map((payout) => (
                <PayoutRow key={payout.id} payout={payout} />
              ))}
            </ul>
            <ReportPager page={page} hasMore={data.hasMore} label={t('support.payouts.pages')} onPage={setPage} />
            <CsvExport href="/api/donations/report/payouts.csv" />
          </>
        )
      }
    </Loaded>
  );
}

/**
 * /settings/support-payouts: the request form (card, amount; the limits and the expected date said), the active
 * payout, and every payout with its state (requested, processing, paid, failed), paged, and as CSV.
 */
export default function SupportPayouts() {
  const { t } = useSettingsTranslation();
  const id = useId();
  const account = useSupportAccount();
  const manat = useManat();
  const [version, setVersion] = useState(0);
  return (
    <SettingsFrame title={t('sections.support-payouts.title')}>
      {() => (
        <WithAccount account={account}>
          {(data) => (
            <>
              <Panel id={`${id}-request`} title={t('support.payouts.requestTitle')}>
                <p className="pc-settings__value" data-available>
                  {t('support.payouts.available', { amount: manat(data.availableQepik) })}
                </p>
                <RequestPayout
                  account={data}
                  onRequested={() => {
                    account.reload();
                    setVersion((n) => n + 1);
                  }}
                />
              </Panel>
              <Panel id={`${id}-list`} title={t('support.payouts.listTitle')}>
                <PayoutList version={version} />
              </Panel>
            </>
          )}
        </WithAccount>
      )}
    </SettingsFrame>
  );
}
