import { useCallback, useState, type SetStateAction } from 'react';
import { spreadError } from './errors.js';

/** Field messages of a form, by field name. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** What a form shows around one submission: its field messages, a message for the whole form, the success notice. */
export interface FormSubmitState<F extends string> {
  errors: FieldErrors<F>;
  formError: string | undefined;
  notice: string | undefined;
  busy: boolean;
}

export interface FormSubmitOptions<F extends string> {
  /** The fields an error answer may name (its `details`); none: every failure is the whole form's. */
  fields?: readonly F[];
  /** Codes the gateway answers without `details` that belong to one field (e.g. NameExists: name). */
  codeFields?: Partial<Record<string, F>>;
  /** The message of a failure that is not an answer of the API (the common catalogue's failure). */
  fallback: string;
}

/**
 * One submission: the form's message and the notice cleared, the browser's checks (`problems`) shown on their fields
 * and nothing sent while one has a message; otherwise `send` runs while busy, its answer (a string) becomes the
 * notice, and a failure lands on the fields it names or on the whole form (spreadError). Resolves true when sent.
 */
export async function runFormSubmit<F extends string>(
  update: (patch: Partial<FormSubmitState<F>>) => void,
  problems: FieldErrors<F>,
  send: () => Promise<string | void>,
  options: FormSubmitOptions<F>,
): Promise<boolean> {
  update({ formError: undefined, notice: undefined, errors: problems });
  if (Object.values(problems).some(Boolean)) return false;
  update({ busy: true });
  try {
    const notice = await send();
    if (typeof notice === 'string') update({ notice });
    return true;
  } catch (error) {
    const spread = spreadError(error, options.fields ?? [], options.codeFields ?? {}, options.fallback);
    update({ errors: spread.fields, formError: spread.form });
    return false;
  } finally {
    update({ busy: false });
  }
}

export interface FormSubmit<F extends string> extends FormSubmitState<F> {
  /** Runs one submission (runFormSubmit); `send` may resolve to the success notice. */
  submit(problems: FieldErrors<F>, send: () => Promise<string | void>): Promise<boolean>;
  /** Changes the field messages (e.g. typing in a field clears its own). */
  setErrors(errors: SetStateAction<FieldErrors<F>>): void;
}

/**
 * The submit-and-errors pattern of the platform's forms: busy while sending, the browser's checks and the server's
 * catalogue errors on their fields, a message for the whole form, and a success notice.
 */
export function useFormSubmit<F extends string = never>(options: FormSubmitOptions<F>): FormSubmit<F> {
  const [state, setState] = useState<FormSubmitState<F>>({
    errors: {},
    formError: undefined,
    notice: undefined,
    busy: false,
  });
  const update = useCallback((patch: Partial<FormSubmitState<F>>) => setState((s) => ({ ...s, ...patch })), []);
  const setErrors = useCallback(
    (errors: SetStateAction<FieldErrors<F>>) =>
      setState((s) => ({ ...s, errors: typeof errors === 'function' ? errors(s.errors) : errors })),
    [],
  );
  const submit = (problems: FieldErrors<F>, send: () => Promise<string | void>) =>
    runFormSubmit(update, problems, send, options);
  return { ...state, submit, setErrors };
}
