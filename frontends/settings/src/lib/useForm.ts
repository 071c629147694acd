import { spreadError } from '@pencraft/ui';
import { type ChangeEvent, useCallback, useState } from 'react';
import { useSettingsTranslation } from '../i18n.js';
import { LIMITS } from './limits.js';
import type { Problem } from './validation.js';

export interface FormState<F extends string> {
  /** Per-field messages: the browser's checks, then the server's answer. */
  errors: Partial<Record<F, string>>;
  /** A message for the whole form. */
  formError: string | undefined;
  busy: boolean;
  /**
   * Checks first (nothing is sent while a field has a problem), then runs `send`; an error answer lands on its
   * fields (`codeFields` places codes the gateway answers without `details`) or above the buttons.
   * Resolves true when `send` succeeded.
   */
  submit(checks: Partial<Record<F, Problem>>, send: () => Promise<void>): Promise<boolean>;
  clear(field?: F): void;
}

export function useForm<F extends string>(
  fields: readonly F[],
  codeFields: Partial<Record<string, F>> = {},
): FormState<F> {
  const { t } = useSettingsTranslation();
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = useCallback(
    async (checks: Partial<Record<F, Problem>>, send: () => Promise<void>) => {
      const local = Object.entries(checks) as [F, Problem][];
      setFormError(undefined);
      if (local.length > 0) {
        setErrors(
          Object.fromEntries(local.map(([field, problem]) => [field, t(`problems.${problem}`, LIMITS)])) as Partial<
            Record<F, string>
          >,
        );
        return false;
      }
      setErrors({});
      setBusy(true);
      try {
        await send();
        return true;
      } catch (error) {
        const spread = spreadError(error, fields, codeFields, t('common:dialog.failure'));
        setErrors(spread.fields);
        setFormError(spread.form);
        return false;
      } finally {
        setBusy(false);
      }
    },
    // `fields` and `codeFields` are constants of the calling page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t],
  );

  const clear = useCallback((field?: F) => {
    if (field === undefined) {
      setErrors({});
      setFormError(undefined);
    } else {
      setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    }
  }, []);

  return { errors, formError, busy, submit, clear };
}

/** The props that tie a required text field to its form: typing clears the field's message. */
export function bound<F extends string>(
  form: Pick<FormState<F>, 'errors' | 'clear'>,
  field: F,
  value: string,
  set: (value: string) => void,
) {
  return {
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      set(event.target.value);
      form.clear(field);
    },
    error: form.errors[field],
    required: true,
  };
}
