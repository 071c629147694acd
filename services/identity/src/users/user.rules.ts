import { AppError, type ErrorDetail } from '@pencraft/errors';

/** SPEC.md section 5: Latin letters, digits and underscore, starting with a Latin letter. */
const USERNAME = /^[A-Za-z][A-Za-z0-9_]{2,31}$/;
/** Latin letters, digits and printable ASCII symbols; no spaces. */
const PASSWORD_CHARS = /^[\x21-\x7E]+$/;
const EMAIL =
  /^[^\s@<>()[\]\\,;:"]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const CONTROL_OR_MARKUP = /[\u0000-\u001F\u007F<>]/;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const FULLNAME_MIN = 2;
export const FULLNAME_MAX = 64;
export const EMAIL_MAX = 254;

/** Names that would be confused with pages or staff. */
const RESERVED_USERNAMES = new Set([
  'admin',
  'administrator',
  'api',
  'root',
  'support',
  'moderator',
  'pencraft',
  'staff',
  'system',
  'www',
]);

export interface RegistrationInput {
  email: string;
  username: string;
  fullname: string;
  password: string;
  acceptTerms: boolean;
  acceptPrivacy: boolean;
}

export interface NormalizedRegistration {
  email: string;
  username: string;
  fullname: string;
  password: string;
}

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

export function isValidEmail(email: string) {
  return email.length <= EMAIL_MAX && EMAIL.test(email);
}

export function isValidUsername(username: string) {
  return USERNAME.test(username);
}

export function isValidPassword(password: string) {
  return (
    password.length >= PASSWORD_MIN &&
    password.length <= PASSWORD_MAX &&
    PASSWORD_CHARS.test(password) &&
    /[A-Za-z]/.test(password) &&
    /\d/.test(password)
  );
}

export function isValidFullname(fullname: string) {
  const length = [...fullname].length;
  return length >= FULLNAME_MIN && length <= FULLNAME_MAX && !CONTROL_OR_MARKUP.test(fullname);
}

export function isReservedUsername(username: string) {
  return RESERVED_USERNAMES.has(username.toLowerCase());
}

/** Checks every field and reports all failures at once (one detail per field). */
export function validateRegistration(input: RegistrationInput): NormalizedRegistration {
  const email = normalizeEmail(input.email ?? '');
  const username = (input.username ?? '').trim();
  const fullname = (input.fullname ?? '').trim().replace(/\s+/g, ' ');
  const password = input.password ?? '';
  const details: ErrorDetail[] = [];
  if (!isValidEmail(email)) details.push({ field: 'email', code: 'InvalidEmail' });
  if (!isValidUsername(username)) details.push({ field: 'username', code: 'InvalidUsername' });
  if (!isValidFullname(fullname)) details.push({ field: 'fullname', code: 'InvalidFullname' });
  if (!isValidPassword(password)) details.push({ field: 'password', code: 'InvalidPassword' });
  if (!input.acceptTerms || !input.acceptPrivacy) {
    details.push({ field: input.acceptTerms ? 'acceptPrivacy' : 'acceptTerms', code: 'AgreementsNotAccepted' });
  }
  if (details.length > 0) throw new AppError(details[0]!.code, { details });
  if (isReservedUsername(username)) {
    throw new AppError('UsernameAlreadyExists', { details: [{ field: 'username', code: 'UsernameAlreadyExists' }] });
  }
  return { email, username, fullname, password };
}
