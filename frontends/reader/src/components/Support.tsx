// Supporting an author (SPEC.md section 2's support system, issue #16): the button on the article page and the
// profile (only for a user whose support account is active: the API's recipient answer), the dialog that starts a
// support (an amount in ₼, whether to show one's name, a note) and sends the browser to the payment provider's hosted
// page, and, once the browser comes back with ?support={id}, that support's state and the author's thanks message.
// Nothing here credits anything: the provider's signed webhook does, and the page only reads the support's state.
import {
  formatManat,
  parseManat,
  REPORT_MAX_PAGE,
  SUPPORT_MAX_QEPIK,
  SUPPORT_MIN_QEPIK,
  SUPPORT_NOTE_MAX,
  normalizeSupportNote,
} from '@pencraft/rules';
import {
  api,
  ApiError,
  Button,
  Checkbox,
  errorMessage,
  spreadError,
  safeImageUrl,
  TextField,
  useSession,
  type ApiData,
  type Schemas,
} from '@pencraft/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useReaderTranslation } from '../i18n.js';
import { formatDate } from '../lib/format.js';
import { usePaged } from '../lib/usePaged.js';
import { PagedList } from './PagedList.js';
import { signInPath } from './Subscribe.js';

type Support = ApiData<'get', '/api/donations/{id}'>;

/** Who is supported: the user the button is for. */
export interface Recipient {
  uid: string;
  username: string;
  fullname: string;
}

/** Whether the user takes supports now (an active support account); false while unknown or on a failure. */
export function useAcceptsSupport(username: string): boolean {
  const [accepts, setAccepts] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    api.get('/api/donations/recipients/{username}', { params: { path: { username } }, signal: controller.signal }).then(
      (answer) => {
        if (!controller.signal.aborted) setAccepts(answer.acceptsSupport);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [username]);
  return accepts;
}

const AMOUNT_LIMITS = (language: string) => ({
  min: formatManat(SUPPORT_MIN_QEPIK, language),
  max: formatManat(SUPPORT_MAX_QEPIK, language),
});

/**
 * "Support {name}": the amount (₼1 to ₼100), a note, whether the author and the profile's supporters tab may show
 * the reader's name; "Continue to payment" opens the payment provider's page. A refusal (InvalidAmount,
 * DonationAccountDisabled, ...) is the API's message in the reader's language.
 */
export function SupportDialog({
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

/**
 * Whether the viewer gets a support button for the recipient: the recipient takes supports (`accepts`, the API's
 * answer), the session is known (not the server's rendering) and the viewer is someone else.
 */
export function useShowSupport(recipient: Recipient, accepts: boolean): boolean {
  const { state: session } = useSession();
  if (!accepts || session.status === 'loading') return false;
  return !(session.status === 'user' && session.user.uid === recipient.uid);
}

/**
 * The support button (only where useShowSupport says so): for a signed-in reader it opens the dialog; a visitor is
 * sent to sign in and back.
 */
export function SupportButton({
  recipient,
  articleId,
  label,
  variant = 'primary',
}: {
  recipient: Recipient;
  articleId?: string | undefined;
  label: string;
  variant?: 'primary' | 'secondary';
}) {
  const { state: session } = useSession();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  if (session.status === 'visitor') {
    const next = `${location.pathname}${location.search}`;
    return (
      <Link className={`pc-button pc-button--${variant}`} to={signInPath(next)} data-support-button>
        {label}
      </Link>
    );
  }
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)} aria-haspopup="dialog" data-support-button>
        {label}
      </Button>
      <SupportDialog recipient={recipient} articleId={articleId} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** How often and how long a pending support is read again while the provider's confirmation is on its way. */
const POLL_MS = 2_000;
const POLL_FOR_MS = 60_000;

/**
 * Back from the payment provider (?support={id}): the support's state, read from the API (never from the address),
 * again every few seconds while it is pending; once paid, the recipient's thanks message. "Close" drops the
 * parameter.
 */
export function SupportResult() {
  const { t, i18n } = useReaderTranslation();
  const { state: session } = useSession();
  const [params, setParams] = useSearchParams();
  const id = params.get('support');
  const [support, setSupport] = useState<Support>();
  const [error, setError] = useState<string>();
  const [waitedOut, setWaitedOut] = useState(false);
  const signedIn = session.status === 'user';

  useEffect(() => {
    if (!id || !signedIn) return;
    const controller = new AbortController();
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      api.get('/api/donations/{id}', { params: { path: { id } }, signal: controller.signal }).then(
        (answer) => {
          if (controller.signal.aborted) return;
          setSupport(answer);
          setError(undefined);
          if (answer.state !== 'pending') return;
          if (Date.now() - started < POLL_FOR_MS) timer = setTimeout(read, POLL_MS);
          else setWaitedOut(true);
        },
        (failure: unknown) => {
          if (controller.signal.aborted) return;
          setError(
            failure instanceof ApiError && failure.code === 'NotFound'
              ? t('support.result.notFound')
              : errorMessage(failure, t('support.failed')),
          );
        },
      );
    };
    read();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [id, signedIn, t]);

  if (!id || !signedIn) return null;
  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('support');
        return next;
      },
      { replace: true },
    );
  const amount = support ? formatManat(support.amountQepik, i18n.language) : '';
  const name = support ? support.recipient.fullname || `@${support.recipient.username ?? ''}` : '';

  return (
    <div className="pc-support-result" data-support-state={support?.state ?? 'loading'}>
      <div role="status">
        {error ? (
          <p>{error}</p>
        ) : !support ? (
          <p>{t('support.result.loading')}</p>
        ) : support.state === 'paid' ? (
          <>
            <p className="pc-support-result__title">{t('support.result.paid', { amount, name })}</p>
            {support.thanksMessage && (
              <figure className="pc-support-result__thanks">
                <blockquote>{support.thanksMessage}</blockquote>
                <figcaption>{t('support.result.thanksFrom', { name })}</figcaption>
              </figure>
            )}
          </>
        ) : support.state === 'pending' ? (
          <p>
            {waitedOut ? t('support.result.slow', { amount, name }) : t('support.result.pending', { amount, name })}
          </p>
        ) : (
          <p>{t(`support.result.${support.state}`, { amount, name })}</p>
        )}
      </div>
      <Button variant="secondary" onClick={close}>
        {t('common:actions.close')}
      </Button>
    </div>
  );
}

/** Under an article: "Support the author" with the button, only when the author takes supports from this viewer. */
export function SupportAuthor({ author, articleId }: { author: Recipient; articleId: string }) {
  const { t, i18n } = useReaderTranslation();
  const accepts = useAcceptsSupport(author.username);
  const show = useShowSupport(author, accepts);
  if (!show) return null;
  return (
    <div className="pc-support-box" data-support-author>
      <p>{t('support.invite', { name: author.fullname || `@${author.username}`, ...AMOUNT_LIMITS(i18n.language) })}</p>
      <SupportButton recipient={author} articleId={articleId} label={t('support.button')} />
    </div>
  );
}

type PublicSupporter = Schemas['PublicSupporter'];

function SupporterItem({ supporter }: { supporter: PublicSupporter }) {
  const { t } = useReaderTranslation();
  const avatar = safeImageUrl(supporter.imageUrl);
  const name = supporter.fullname || (supporter.username ? `@${supporter.username}` : t('support.supporters.gone'));
  const last = formatDate(supporter.lastSupportedAt, {
    months: t('common:date.months'),
    long: (parts) => t('common:date.long', { ...parts }),
  });
  return (
    <li className="pc-person" data-supporter={supporter.username ?? ''}>
      <span className="pc-person__avatar" aria-hidden="true">
        {avatar ? <img src={avatar} alt="" /> : ([...name.replace(/^@/, '')][0] ?? '?').toUpperCase()}
      </span>
      <span className="pc-person__text">
        {supporter.username ? (
          <Link to={`/@${supporter.username}`} className="pc-person__name">
            {name}
          </Link>
        ) : (
          <span className="pc-person__name">{name}</span>
        )}
        {supporter.username && <span className="pc-person__username">@{supporter.username}</span>}
        <span className="pc-person__headline">
          {t('support.supporters.times', { count: supporter.supports, date: last })}
        </span>
      </span>
    </li>
  );
}

/**
 * The profile's supporters tab: the people who supported the user and chose to be shown, the most recent first
 * (no amounts).
 */
export function ProfileSupporters({ username }: { username: string }) {
  const { t } = useReaderTranslation();
  const list = usePaged(
    (page, signal) =>
      api.get('/api/profile/{username}/supporters', { params: { path: { username }, query: { page } }, signal }),
    REPORT_MAX_PAGE,
  );
  return (
    <PagedList list={list} empty={t('support.supporters.none')} error={t('profile.listError')}>
      {(items) => (
        <ul className="pc-people" data-supporters>
          {items.map((supporter) => (
            <SupporterItem key={supporter.uid} supporter={supporter} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}
