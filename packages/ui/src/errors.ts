import { ApiError } from './api.js';

/** A server error spread over a form: a message per field it names, the rest for the whole form. */
export interface SpreadError<F extends string> {
  fields: Partial<Record<F, string>>;
  form: string | undefined;
}

/**
 * Per-field messages from the answer's `details` (the gateway names the body field and gives the catalogue's
 * localized message), else from the error code when `codeFields` places it; anything else is for the whole form.
 * A failure that is not an answer of the API gets `fallback`.
 */
export function spreadError<F extends string>(
  error: unknown,
  fields: readonly F[],
  codeFields: Partial<Record<string, F>>,
  fallback: string,
): SpreadError<F> {
  if (!(error instanceof ApiError)) return { fields: {}, form: fallback };
  const result: Partial<Record<F, string>> = {};
  for (const detail of error.details) {
    const name = detail.field.split(/[.[]/, 1)[0];
    const field = fields.find((f) => f === name);
    if (field && !result[field]) result[field] = detail.message || error.message;
  }
  const byCode = codeFields[error.code];
  if (Object.keys(result).length === 0 && byCode) result[byCode] = error.message;
  return { fields: result, form: Object.keys(result).length === 0 ? error.message || fallback : undefined };
}

/** The localized message of a failure, for a notice that is not about one field. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
