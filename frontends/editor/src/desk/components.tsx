import { ApiError, Button, EmptyState, Spinner, useDocumentMeta, useSession } from '@pencraft/ui';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useDeskTranslation } from './i18n.js';
import './desk.css';

/** The message of a refused call in the page's language (the gateway sends it), else the generic failure. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** Dates and times in the interface language. */
export function useDateFormat(options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }) {
  const { i18n } = useDeskTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const key = JSON.stringify(options);
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language, JSON.parse(key) as Intl.DateTimeFormatOptions);
    return (iso: string) => format.format(new Date(iso));
  }, [language, key]);
}

/** Whole numbers in the interface language (1 234, 1,234). */
export function useNumberFormat() {
  const { i18n } = useDeskTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const format = new Intl.NumberFormat(language);
    return (value: number) => format.format(value);
  }, [language]);
}

export function Loading() {
  const { t } = useDeskTranslation();
  return (
    <div className="pc-desk__center">
      <Spinner label={t('common:loading')} size="large" />
    </div>
  );
}

export function Failure({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useDeskTranslation();
  return (
    <div className="pc-notice" role="alert">
      <p>{message}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {t('common:actions.retry')}
        </Button>
      )}
    </div>
  );
}

/**
 * A desk page: its heading and document title, and its content once a signed-in user is known (a visitor is asked to
 * sign in and is brought back to `path`).
 */
export function DeskPage({
  title,
  heading,
  path,
  children,
}: {
  title: string;
  heading?: ReactNode;
  path: string;
  children: () => ReactNode;
}) {
  const { t } = useDeskTranslation();
  const { state } = useSession();
  useDocumentMeta(`${title} — Pencraft`);
  return (
    <div className="pc-desk pc-container pc-page">
      <h1 className="pc-desk__title">{heading ?? title}</h1>
      {state.status === 'loading' && <Loading />}
      {state.status === 'visitor' && (
        <EmptyState
          title={t('signInRequired')}
          action={
            <Link className="pc-button pc-button--primary" to={`/login?next=${encodeURIComponent(path)}`}>
              {t('signIn')}
            </Link>
          }
        />
      )}
      {state.status === 'user' && children()}
    </div>
  );
}
