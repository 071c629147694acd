import {
  CARD_HOLDER_MAX,
  CARD_NUMBER_MAX_DIGITS,
  CARD_NUMBER_MIN_DIGITS,
  CARDS_MAX,
  cardHolderProblem,
  cardNumberProblem,
  normalizeCardHolder,
  normalizeCardNumber,
} from '@pencraft/rules';
import { api, Button, EmptyState, errorMessage, formatDate, spreadError, TextField, useFeedback } from '@pencraft/ui';
import { useId, useState } from 'react';
import { FormError, Panel } from '../components/parts.js';
import { SettingsFrame } from '../components/SettingsFrame.js';
import { ConfirmDialog, useCardName, useSupportAccount, WithAccount } from '../components/SupportParts.js';
import { useSettingsTranslation } from '../i18n.js';
import type { SupportCard } from '../lib/support-types.js';

const CARD_LIMITS = { min: CARD_NUMBER_MIN_DIGITS, max: CARD_NUMBER_MAX_DIGITS, holderMax: CARD_HOLDER_MAX };

/**
 * A new payout card: the number (checked with Luhn here and again by the service, which keeps only the provider's
 * token and the last four digits) and the holder's name as on the card. The number lives in this form's state only
 * (never in storage) and is cleared once sent.
 */
function AddCard({ full, onAdded }: { full: boolean; onAdded: () => void }) {
  const { t } = useSettingsTranslation();
  const feedback = useFeedback();
  const cardName = useCardName();
  const [number, setNumber] = useState('');
  const [holder, setHolder] = useState('');
  const [errors, setErrors] = useState<{ number?: string | undefined; holder?: string | undefined }>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  if (full) return <p className="pc-settings__text">{t('support.cards.full', { max: CARDS_MAX })}</p>;

  return (
    <form
      noValidate
      autoComplete="on"
      onSubmit={(event) => {
        event.preventDefault();
        const digits = normalizeCardNumber(number);
        const name = normalizeCardHolder(holder);
        const problems = {
          number: cardNumberProblem(number) && t('support.problems.cardNumber', CARD_LIMITS),
          holder: cardHolderProblem(name) && t('support.problems.cardHolder', CARD_LIMITS),
        };
        setFormError(undefined);
        setErrors(problems);
        if (problems.number || problems.holder) return;
        setBusy(true);
        api.post('/api/donations/cards', { body: { number: digits, holder: name } }).then(
          (card) => {
            setBusy(false);
            setNumber('');
            setHolder('');
            feedback.success(t('support.cards.added', { name: cardName(card) }));
            onAdded();
          },
          (failure: unknown) => {
            setBusy(false);
            const codes = { InvalidCardNumber: 'number', InvalidCardHolder: 'holder' } as const;
            const spread = spreadError(failure, ['number', 'holder'], codes, t('common:dialog.failure'));
            setErrors(spread.fields);
            setFormError(spread.form);
          },
        );
      }}
    >
      <TextField
        label={t('support.cards.number')}
        name="cardnumber"
        autoComplete="cc-number"
        inputMode="numeric"
        spellCheck={false}
        maxLength={CARD_NUMBER_MAX_DIGITS + 6}
        value={number}
        onChange={(event) => {
          setNumber(event.target.value);
          setErrors((current) => ({ ...current, number: undefined }));
        }}
        error={errors.number}
        hint={t('support.cards.numberHint')}
        required
      />
      <TextField
        label={t('support.cards.holder')}
        name="ccname"
        autoComplete="cc-name"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={CARD_HOLDER_MAX * 2}
        value={holder}
        onChange={(event) => {
          setHolder(event.target.value);
          setErrors((current) => ({ ...current, holder: undefined }));
        }}
        error={errors.holder}
        hint={t('support.cards.holderHint', CARD_LIMITS)}
        required
      />
      <FormError message={formError} />
      <div className="pc-settings__actions">
        <Button type="submit" busy={busy}>
          {t('support.cards.add')}
        </Button>
      </div>
    </form>
  );
}

/** The saved cards, each with its delete button (confirmed on a dialog). */
function CardList({ cards, onDeleted }: { cards: readonly SupportCard[]; onDeleted: () => void }) {
  const { t } = useSettingsTranslation();
  const feedback = useFeedback();
  const cardName = useCardName();
  const [asking, setAsking] = useState<{ card: SupportCard; open: boolean }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  if (cards.length === 0) return <EmptyState title={t('support.cards.none')} />;
  const card = asking?.card;
  return (
    <>
      <ul className="pc-settings__list pc-settings__rows" data-cards>
        {cards.map((item) => (
          <li key={item.id} className="pc-settings__row" data-card={item.last4}>
            <div className="pc-settings__row-main">
              <p className="pc-settings__row-title">{cardName(item)}</p>
              <p className="pc-settings__text pc-support__tight">
                {item.holder} · {t('support.cards.addedOn', { date: formatDate(item.createdAt, t) })}
              </p>
            </div>
            <Button
              variant="secondary"
              aria-label={t('support.cards.deleteNamed', { name: cardName(item) })}
              onClick={() => {
                setError(undefined);
                setAsking({ card: item, open: true });
              }}
            >
              {t('support.cards.delete')}
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={asking?.open ?? false}
        title={t('support.cards.deleteTitle', { name: card ? cardName(card) : '' })}
        text={<p>{t('support.cards.deleteText')}</p>}
        confirmLabel={t('support.cards.delete')}
        cancelLabel={t('support.cards.keep')}
        variant="danger"
        busy={busy}
        error={error}
        onClose={() => setAsking((current) => current && { ...current, open: false })}
        onConfirm={() => {
          if (!card) return;
          setBusy(true);
          setError(undefined);
          api.delete('/api/donations/cards/{id}', { params: { path: { id: card.id } } }).then(
            () => {
              setBusy(false);
              setAsking({ card, open: false });
              feedback.success(t('support.cards.deleted', { name: cardName(card) }));
              onDeleted();
            },
            (failure: unknown) => {
              setBusy(false);
              setError(errorMessage(failure, t('common:dialog.failure')));
            },
          );
        }}
      />
    </>
  );
}

/** /settings/support-cards: the cards payouts go to (only the last four digits are shown), add and delete. */
export default function SupportCards() {
  const { t } = useSettingsTranslation();
  const id = useId();
  const account = useSupportAccount();
  return (
    <SettingsFrame title={t('sections.support-cards.title')}>
      {() => (
        <WithAccount account={account}>
          {(data) => (
            <>
              <Panel id={`${id}-list`} title={t('support.cards.title')}>
                <p className="pc-settings__text">{t('support.cards.text')}</p>
                <CardList cards={data.cards} onDeleted={account.reload} />
              </Panel>
              <Panel id={`${id}-add`} title={t('support.cards.addTitle')}>
                <AddCard full={data.cards.length >= CARDS_MAX} onAdded={account.reload} />
              </Panel>
            </>
          )}
        </WithAccount>
      )}
    </SettingsFrame>
  );
}
