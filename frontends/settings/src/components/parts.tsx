import { Button, Loaded as UiLoaded, TextField, type LoadedProps } from '@pencraft/ui';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useSettingsTranslation } from '../i18n.js';

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

/** The loading and failure states of a page's data (the UI kit's, with the settings namespace's words). */
export function Loaded<T>(props: Omit<LoadedProps<T>, 'failedTitle' | 'loadingClassName'>) {
  const { t } = useSettingsTranslation();
  return <UiLoaded {...props} failedTitle={t('loadFailed')} loadingClassName="pc-settings__loading" />;
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
