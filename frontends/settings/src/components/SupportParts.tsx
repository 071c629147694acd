// What the support screens share: the account (or the news that there is none), amounts in ₼, a confirmation
// dialog, the pager of a report and its CSV export.
import { formatManat } from '@pencraft/rules';
import { api, ApiError, Button, errorMessage } from '@pencraft/ui';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useSettingsTranslation } from '../i18n.js';
import { dayParts } from '../lib/support.js';
import type { SupportAccount, SupportCard } from '../lib/support-types.js';
import { FormError, Loaded } from './parts.js';
import '../support.css';

export type AccountLoad =
  | { status: 'loading' }
  | { status: 'none' }
  | { status: 'error'; message: string }
  | { status: 'ready'; account: SupportAccount };

/** The signed-in user's support account; `none` when they have not opened one (NoDonationAccount). */
export function useSupportAccount(): { state: AccountLoad; reload: () => void; set: (a: SupportAccount) => void } {
  const { t } = useSettingsTranslation();
  const [state, setState] = useState<AccountLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    api.get('/api/donations/account', { signal: controller.signal }).then(
      (account) => {
        if (!controller.signal.aborted) setState({ status: 'ready', account });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.code === 'NoDonationAccount') setState({ status: 'none' });
        else setState({ status: 'error', message: errorMessage(error, t('common:dialog.failure')) });
      },
    );
    return () => controller.abort();
  }, [attempt, t]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const set = useCallback((account: SupportAccount) => setState({ status: 'ready', account }), []);
  return { state, reload, set };
}

/** An amount of integer qəpik as ₼ in the interface language's number format. */
export function useManat(): (qepik: number) => string {
  const { i18n } = useSettingsTranslation();
  return useCallback((qepik: number) => formatManat(qepik, i18n.language), [i18n.language]);
}

/** A YYYY-MM-DD day of the API (Asia/Baku) as the language writes a date. */
export function useDay(): (day: string) => string {
  const { t } = useSettingsTranslation();
  return useCallback(
    (day: string) => {
      const parts = dayParts(day);
      if (!parts) return day;
      const month = t('common:date.months').split(',')[parts.month - 1]?.trim() ?? String(parts.month);
      return t('common:date.long', { day: parts.day, month, year: parts.year });
    },
    [t],
  );
}

/** "Visa •••• 4242": only the last four digits are ever known here. */
export function useCardName() {
  const { t } = useSettingsTranslation();
  return (card: Pick<SupportCard, 'brand' | 'last4'>): string =>
    t('support.cards.name', {
      brand: card.brand
        ? t(`support.cards.brands.${card.brand}`, { defaultValue: card.brand })
        : t('support.cards.card'),
      last4: card.last4,
    });
}

/** A screen that needs the account, for a user without one: what it is and where to open it. */
export function NoAccount() {
  const { t } = useSettingsTranslation();
  return (
    <div className="pc-notice" data-no-support-account>
      <p>{t('support.noAccount')}</p>
      <p>
        <Link to="/settings/support">{t('support.openAccount')}</Link>
      </p>
    </div>
  );
}

/**
 * The account's loading and failure states; `none` shows `none` (by default the way to open an account), and the
 * account is handed to `children` once it is there.
 */
export function WithAccount({
  account,
  none = <NoAccount />,
  children,
}: {
  account: { state: AccountLoad; reload: () => void };
  none?: ReactNode;
  children: (account: SupportAccount) => ReactNode;
}) {
  const { state } = account;
  if (state.status === 'none') return <>{none}</>;
  return (
    <Loaded
      state={
        state.status === 'ready'
          ? { status: 'ready', data: state.account }
          : state.status === 'error'
            ? state
            : { status: 'loading' }
      }
      onRetry={account.reload}
    >
      {children}
    </Loaded>
  );
}

/**
 * A question on a <dialog> (focus kept inside; Escape is "no" unless the action runs): its text, the action's
 * button and "no"; the API's refusal is shown in it.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel,
  variant = 'primary',
  busy,
  error,
  children,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  variant?: 'primary' | 'danger';
  busy: boolean;
  error: string | undefined;
  children?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="pc-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <div className="pc-dialog__body">
        <h2 id={titleId} className="pc-dialog__title">
          {title}
        </h2>
        <div id={textId} className="pc-dialog__message">
          {text}
        </div>
        {children}
        <FormError message={error} />
        <div className="pc-settings__actions">
          <Button variant={variant} busy={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={onClose} autoFocus>
            {cancelLabel}
          </Button>
        </div>
      </div>
    </dialog>
  );
}

/** Newer and older pages of a report (the API answers the total and whether there are more). */
export function ReportPager({
  page,
  hasMore,
  label,
  onPage,
}: {
  page: number;
  hasMore: boolean;
  label: string;
  onPage: (page: number) => void;
}) {
  const { t } = useSettingsTranslation();
  if (page <= 1 && !hasMore) return null;
  return (
    <nav className="pc-settings__actions" aria-label={label}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('log.newer')}
      </Button>
      <span>{t('log.page', { page })}</span>
      <Button variant="secondary" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {t('log.older')}
      </Button>
    </nav>
  );
}

/** A label and a value of a summary (the balance's parts). */
export function Figure({ label, value, name }: { label: string; value: string; name: string }) {
  return (
    <div className="pc-support__figure" data-figure={name}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * "Download as CSV": the gateway's export of every row (a file it sends as an attachment; the session's cookie goes
 * with the link, as with any page of the site).
 */
export function CsvExport({ href }: { href: string }) {
  const { t } = useSettingsTranslation();
  return (
    <p className="pc-support__export">
      <a className="pc-button pc-button--secondary" href={href} download data-csv>
        {t('support.csv')}
      </a>
    </p>
  );
}
