import { Button, Spinner, TextField } from '@pencraft/ui';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useSettingsTranslation } from '../i18n.js';
import type { Load } from '../lib/useLoad.js';

/** A titled block of a settings page. */
export function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="pc-settings__panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A message for the whole form, announced when it appears. */
export function FormError({ message, id }: { message: string | undefined; id?: string }) {
  return message ? (
    <p id={id} className="pc-settings__form-error" role="alert">
      {message}
    </p>
  ) : null;
}

/** A success line, announced politely; a key, so that it follows a language change. */
export function Saved({ messageKey }: { messageKey: string | undefined }) {
  const { t } = useSettingsTranslation();
  return (
    <p className="pc-settings__saved" role="status">
      {messageKey ? t(messageKey) : ''}
    </p>
  );
}

/** The loading and failure states of a page's data; `children` renders it once it is there. */
export function Loaded<T>({
  state,
  onRetry,
  children,
}: {
  state: Load<T>;
  onRetry: () => void;
  children: (data: T) => ReactNode;
}) {
  const { t } = useSettingsTranslation();
  if (state.status === 'loading') {
    return (
      <div className="pc-settings__loading">
        <Spinner size="large" />
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="pc-notice" role="alert">
        <p>
          <strong>{t('loadFailed')}</strong> {state.message}
        </p>
        <Button variant="secondary" onClick={onRetry}>
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  }
  return <>{children(state.data)}</>;
}

/** A 6-digit code from a mail or an SMS (or an authenticator app). */
export function CodeField(
  props: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string | undefined; hint?: ReactNode },
) {
  return (
    <TextField
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={6}
      spellCheck={false}
      {...props}
    />
  );
}

/**
 * Under a form's fields: its message, then the submit button, anything after it (a resend, the saved line), and
 * cancel when there is somewhere to go back to.
 */
export function FormActions({
  form,
  submitLabel,
  variant,
  error = form.formError,
  onCancel,
  children,
}: {
  form: { busy: boolean; formError: string | undefined };
  submitLabel: string;
  variant?: 'primary' | 'secondary' | 'danger';
  /** The message above the buttons when it is not only the form's own. */
  error?: string | undefined;
  onCancel?: (() => void) | undefined;
  children?: ReactNode;
}) {
  const { t } = useSettingsTranslation();
  return (
    <>
      <FormError message={error} />
      <div className="pc-settings__actions">
        <Button type="submit" variant={variant} busy={form.busy}>
          {submitLabel}
        </Button>
        {children}
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
        )}
      </div>
    </>
  );
}
