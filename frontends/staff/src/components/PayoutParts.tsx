// The payouts pages' shared parts: a payout's facts and the moves staff make on it (processing; paid with the
// transfer's reference; failed with the reason), each confirmed on a dialog that says what it does.
import { formatManat } from '@pencraft/rules';
import { Button, TextField, errorMessage, formatDate, formatDateTime } from '@pencraft/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { StaffContext } from '../auth/StaffFrame.js';
import { useStaffTranslation } from '../i18n.js';
import {
  PAYOUT_NOTE_MAX,
  PAYOUT_REFERENCE_MAX,
  PAYOUT_TRANSITIONS,
  type PayoutMove,
  type PayoutState,
  type StaffPayout,
} from '../lib/types.js';
import { Badge, FormError } from './parts.js';

/** Integer qəpik as ₼ in the console's language. */
export function useManat() {
  const { i18n } = useStaffTranslation();
  return (qepik: number) => formatManat(qepik, i18n.language);
}

/** A YYYY-MM-DD day (Asia/Baku) in the long format, read without a time zone. */
export function useDay() {
  const { t } = useStaffTranslation();
  return (day: string) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
    if (!match) return day;
    const months = t('common:date.months').split(',');
    const month = months[Number(match[2]) - 1]?.trim() ?? match[2];
    return t('common:date.long', { day: Number(match[3]), month, year: Number(match[1]) });
  };
}

export function stateTone(state: PayoutState): 'danger' | 'success' | 'muted' | undefined {
  if (state === 'failed') return 'danger';
  if (state === 'paid') return 'success';
  return state === 'processing' ? 'muted' : undefined;
}

export function authorName(payout: StaffPayout): string {
  const { author } = payout;
  return author.username ? `@${author.username}` : author.fullname || author.uid;
}

/** What a payout is: amount, author, card, dates, and the reference or the reason once it ended. */
export function PayoutFacts({ payout }: { payout: StaffPayout }) {
  const { t } = useStaffTranslation();
  const day = useDay();
  return (
    <dl className="pc-staff__facts">
      <div>
        <dt>{t('payouts.author')}</dt>
        <dd>
          {payout.author.username ? (
            <a href={`/@${payout.author.username}`}>{authorName(payout)}</a>
          ) : (
            authorName(payout)
          )}
          {payout.author.fullname ? ` (${payout.author.fullname})` : ''}
        </dd>
      </div>
      <div>
        <dt>{t('payouts.card')}</dt>
        <dd>
          {t('payouts.cardName', {
            brand: payout.card.brand
              ? t(`payouts.brands.${payout.card.brand}`, { defaultValue: payout.card.brand })
              : t('payouts.cardUnknown'),
            last4: payout.card.last4,
          })}
        </dd>
      </div>
      <div>
        <dt>{t('payouts.requestedAt')}</dt>
        <dd>{formatDateTime(payout.requestedAt, t)}</dd>
      </div>
      <div>
        <dt>{t('payouts.expectedBy')}</dt>
        <dd>{day(payout.expectedDate)}</dd>
      </div>
      <div>
        <dt>{t('payouts.updatedAt')}</dt>
        <dd>{formatDate(payout.updatedAt, t)}</dd>
      </div>
      {payout.reference && (
        <div>
          <dt>{t('payouts.reference')}</dt>
          <dd>{payout.reference}</dd>
        </div>
      )}
      {payout.failureNote && (
        <div>
          <dt>{t('payouts.reason')}</dt>
          <dd>{payout.failureNote}</dd>
        </div>
      )}
    </dl>
  );
}

/** The title line of a payout: amount, state, and a link to its page when it is a row of the list. */
export function PayoutTitle({ payout, link }: { payout: StaffPayout; link?: boolean }) {
  const { t } = useStaffTranslation();
  const manat = useManat();
  const amount = manat(payout.amountQepik);
  return (
    <p className="pc-staff__card-title">
      {link ? (
        <Link
          to={`/staff/payouts/${encodeURIComponent(payout.id)}`}
          aria-label={t('payouts.open', { amount, author: authorName(payout) })}
        >
          {amount}
        </Link>
      ) : (
        amount
      )}{' '}
      <Badge tone={stateTone(payout.state)}>{t(`payoutStates.${payout.state}`)}</Badge>
    </p>
  );
}

type Target = Exclude<PayoutState, 'requested'>;

/**
 * The moves a payout allows now (PAYOUT_TRANSITIONS of the rules), each a button opening its dialog: the payout
 * named, what the move does, the reference (paid) or the reason (failed) required there; the API's refusal is
 * shown in it. `onMoved` gets the payout as it is after the move.
 */
export function PayoutMoves({
  payout,
  api,
  onMoved,
}: {
  payout: StaffPayout;
  api: StaffContext['api'];
  onMoved: (payout: StaffPayout, state: Target) => void;
}) {
  const { t } = useStaffTranslation();
  const manat = useManat();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const [target, setTarget] = useState<Target>();
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const moves = PAYOUT_TRANSITIONS[payout.state] as readonly Target[];

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (target && !dialog.open) dialog.showModal();
    if (!target && dialog.open) dialog.close();
  }, [target]);

  if (moves.length === 0) return null;
  const close = () => {
    if (busy) return;
    setTarget(undefined);
    setText('');
    setFieldError(undefined);
    setError(undefined);
  };
  const max = target === 'paid' ? PAYOUT_REFERENCE_MAX : PAYOUT_NOTE_MAX;
  const confirm = () => {
    if (!target) return;
    const value = text.trim();
    if (target !== 'processing') {
      if (!value) {
        setFieldError(t(target === 'paid' ? 'payouts.referenceRequired' : 'payouts.reasonRequired'));
        return;
      }
      if ([...value].length > max) {
        setFieldError(t('payouts.tooLong', { max }));
        return;
      }
    }
    const move: PayoutMove =
      target === 'paid'
        ? { state: 'paid', reference: value }
        : target === 'failed'
          ? { state: 'failed', note: value }
          : { state: 'processing' };
    setBusy(true);
    setError(undefined);
    api.movePayout(payout.id, move).then(
      (moved) => {
        setBusy(false);
        setTarget(undefined);
        setText('');
        onMoved(moved, target);
      },
      (failure: unknown) => {
        setBusy(false);
        setError(errorMessage(failure, t('common:dialog.failure')));
      },
    );
  };

  const amount = manat(payout.amountQepik);
  const author = authorName(payout);
  return (
    <>
      <div className="pc-staff__buttons" role="group" aria-label={t('payouts.moves', { amount, author })}>
        {moves.map((move) => (
          <Button
            key={move}
            variant={move === 'failed' ? 'danger' : move === 'paid' ? 'primary' : 'secondary'}
            aria-haspopup="dialog"
            onClick={() => setTarget(move)}
          >
            {t(`payouts.mark.${move}`)}
          </Button>
        ))}
      </div>
      <dialog
        ref={ref}
        className="pc-dialog pc-staff__dialog"
        aria-labelledby={titleId}
        aria-describedby={textId}
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
            confirm();
          }}
        >
          <h2 id={titleId} className="pc-dialog__title">
            {target ? t(`payouts.confirm.${target}.title`, { amount, author }) : ''}
          </h2>
          <p id={textId}>
            {target
              ? t(`payouts.confirm.${target}.text`, {
                  amount,
                  author,
                  last4: payout.card.last4,
                })
              : ''}
          </p>
          {target === 'paid' && (
            <TextField
              label={t('payouts.referenceLabel')}
              hint={t('payouts.referenceHint')}
              value={text}
              required
              autoComplete="off"
              spellCheck={false}
              error={fieldError}
              counter={t('payouts.counter', { count: [...text].length, max })}
              onChange={(event) => {
                setText(event.target.value);
                setFieldError(undefined);
              }}
            />
          )}
          {target === 'failed' && (
            <TextField
              multiline
              rows={3}
              label={t('payouts.reasonLabel')}
              hint={t('payouts.reasonHint')}
              value={text}
              required
              error={fieldError}
              counter={t('payouts.counter', { count: [...text].length, max })}
              onChange={(event) => {
                setText(event.target.value);
                setFieldError(undefined);
              }}
            />
          )}
          <FormError message={error} />
          <div className="pc-staff__buttons">
            <Button type="submit" variant={target === 'failed' ? 'danger' : 'primary'} busy={busy}>
              {target ? t(`payouts.confirm.${target}.submit`) : ''}
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
