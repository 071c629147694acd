// Client-side checks with the identity service's own rules (@pencraft/rules); the server stays the authority.
import {
  emailProblem,
  fullnameProblem,
  normalizeEmail,
  normalizeFullname,
  normalizeUsername,
  passwordProblem,
  usernameProblem,
  type AccountProblem,
  type RegistrationValues,
} from '@pencraft/rules';

export type ValidationKey = AccountProblem;

export type { RegistrationValues };

export interface LoginValues {
  login: string;
  password: string;
}

export type Errors<T> = Partial<Record<keyof T, ValidationKey>>;

export const validateEmail = (email: string): ValidationKey | undefined => emailProblem(normalizeEmail(email));
export const validateUsername = (username: string): ValidationKey | undefined =>
  usernameProblem(normalizeUsername(username));
export const validateFullname = (fullname: string): ValidationKey | undefined =>
  fullnameProblem(normalizeFullname(fullname));
export const validatePassword = (password: string): ValidationKey | undefined => passwordProblem(password);

function compact<T>(errors: Errors<T>): Errors<T> {
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v !== undefined)) as Errors<T>;
}

export function validateRegistration(values: RegistrationValues): Errors<RegistrationValues> {
  return compact<RegistrationValues>({
    email: validateEmail(values.email),
    username: validateUsername(values.username),
    fullname: validateFullname(values.fullname),
    password: validatePassword(values.password),
    acceptTerms: values.acceptTerms ? undefined : 'agreement',
    acceptPrivacy: values.acceptPrivacy ? undefined : 'agreement',
  });
}

export function validateLogin(values: LoginValues): Errors<LoginValues> {
  return compact<LoginValues>({
    login: values.login.trim() ? undefined : 'required',
    password: values.password ? undefined : 'required',
  });
}

/** Where a server error code belongs when the answer has no `details`. */
export const REGISTRATION_ERROR_FIELDS: Record<string, keyof RegistrationValues> = {
  InvalidEmail: 'email',
  EmailAlreadyExists: 'email',
  InvalidUsername: 'username',
  UsernameAlreadyExists: 'username',
  InvalidFullname: 'fullname',
  InvalidPassword: 'password',
  AgreementsNotAccepted: 'acceptTerms',
};

export interface ServerErrorLike {
  code: string;
  message: string;
  details: Array<{ field: string; message: string }>;
}

/**
 * Spreads a server error over the form: per-field messages from `details` (or from the code), and the
 * rest as a message for the whole form.
 */
export function serverFieldErrors<F extends string>(
  error: ServerErrorLike,
  fields: readonly F[],
  codeFields: Record<string, F> = {},
): { fields: Partial<Record<F, string>>; form: string | undefined } {
  const result: Partial<Record<F, string>> = {};
  for (const detail of error.details) {
    const field = fields.find((f) => f === detail.field);
    if (field && !result[field]) result[field] = detail.message || error.message;
  }
  const byCode = codeFields[error.code];
  if (Object.keys(result).length === 0 && byCode) result[byCode] = error.message;
  return { fields: result, form: Object.keys(result).length === 0 ? error.message : undefined };
}

/** Only same-site paths may be used as a redirect after sign-in. */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/';
  return next;
}
