// The support dialog (loaded when a reader opens it): an amount in ₼, a note, whether to show one's name, then the
// payment provider's hosted checkout page that /api/donations/initiate answers.
import {
  formatManat,
  normalizeSupportNote,
  parseManat,
  SUPPORT_MAX_QEPIK,
  SUPPORT_MIN_QEPIK,
  SUPPORT_NOTE_MAX,
} from '@pencraft/rules';
import { api, Button, Checkbox, spreadError, TextField } from '@pencraft/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useReaderTranslation } from '../i18n.js';
import type { Recipient } from './Support.js';

export const AMOUNT_LIMITS = (language: string) => ({
  min: formatManat(SUPPORT_MIN_QEPIK, language),
  max: formatManat(SUPPORT_MAX_QEPIK, language),
});

/**
 * "Support {name}": the amount (₼1 to ₼100), a note, whether the author and the profile's supporters tab may show
 * the reader's name; "Continue to payment" opens the payment provider's page. A refusal (InvalidAmount,
 * DonationAccountDisabled, ...) is the API's message in the reader's language.
 */
export default function SupportDialog({
  recipient,
  articleId,
  open,
  onClose,
}: {
  recipient: Recipient;
  articleId?: string | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useReaderTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  // Opt-in: the supporter is named (to the author, on the profile's supporters tab) only when they tick it.
  const [showName, setShowName] = useState(false);
  const [errors, setErrors] = useState<{ amount?: string | undefined; note?: string | undefined }>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const limits = AMOUNT_LIMITS(i18n.language);
  const name = recipient.fullname || `@${recipient.username}`;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const send = () => {
    const qepik = parseManat(amount);
    const cleanNote = normalizeSupportNote(note);
    const problems = {
      amount:
        qepik === undefined
          ? t('support.amountRequired')
          : !Number.isSafeInteger(qepik)
            ? t('support.amountFormat')
            : qepik < SUPPORT_MIN_QEPIK || qepik > SUPPORT_MAX_QEPIK
              ? t('support.amountRange', limits)
              : undefined,
      note: [...cleanNote].length > SUPPORT_NOTE_MAX ? t('support.noteLength', { max: SUPPORT_NOTE_MAX }) : undefined,
    };
    setFormError(undefined);
    setErrors(problems);
    if (problems.amount || problems.note || qepik === undefined) return;
    setBusy(true);
    const body = {
      username: recipient.username,
      amountQepik: qepik,
      showName,
      ...(articleId ? { articleId } : {}),
      ...(cleanNote ? { note: cleanNote } : {}),
    };
    api.post('/api/donations/initiate', { body }).then(
      // The provider's page; it brings the reader back here with ?support={id}.
      ({ checkoutUrl }) => window.location.assign(checkoutUrl),
      (failure: unknown) => {
        setBusy(false);
        const codes = { InvalidAmount: 'amount', InvalidMessage: 'note' } as const;
        const spread = spreadError(failure, ['amount', 'note'], codes, t('support.failed'));
        setErrors(spread.fields);
        setFormError(spread.form);
      },
    );
  };

  return (
    <dialog
      ref={ref}
      className="pc-dialog pc-support-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={onClose}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      <form
        className="pc-support-dialog__body"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <h2 id={titleId} className="pc-dialog__title">
          {t('support.title', { name })}
        </h2>
        <p id={textId} className="pc-muted pc-support-dialog__text">
          {t('support.text')}
        </p>
        <TextField
          label={t('support.amount')}
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
          hint={t('support.amountHint', limits)}
          required
        />
        <TextField
          multiline
          rows={2}
          label={t('support.note')}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            setErrors((current) => ({ ...current, note: undefined }));
          }}
          error={errors.note}
          counter={t('support.counter', { count: [...note].length, max: SUPPORT_NOTE_MAX })}
        />
        <Checkbox
          label={t('support.showName', { name })}
          checked={showName}
          onChange={(event) => setShowName(event.currentTarget.checked)}
        />
        {formError && (
          <p className="pc-field__error" role="alert">
            {formError}
          </p>
        )}
        <div className="pc-support-dialog__actions">
          <Button type="submit" busy={busy}>
            {t('support.continue')}
          </Button>
          <Button variant="ghost" disabled={busy} onClick={() => ref.current?.close()}>
            {t('common:actions.cancel')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
