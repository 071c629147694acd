import { codePointLength, collapseWhitespace, hasControlCharacters } from './text.js';

/** SPEC.md section 5, the registration form and identity's user rules. */
export const EMAIL_MAX = 254;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const FULLNAME_MIN = 2;
export const FULLNAME_MAX = 64;

/** Latin letters, digits and underscore, starting with a Latin letter (the length is checked apart). */
export const USERNAME_CHARS = /^[A-Za-z][A-Za-z0-9_]*$/;
/** Latin letters, digits and printable ASCII symbols; no spaces. */
export const PASSWORD_CHARS = /^[\x21-\x7E]+$/;
/** A password holds at least one Latin letter and one digit. */
export const PASSWORD_LETTER = /[A-Za-z]/;
export const PASSWORD_DIGIT = /[0-9]/;
export const EMAIL_PATTERN =
  /^[^\s@<>()[\]\\,;:"]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/**
 * Names that would be confused with pages or staff, or whose public profile path (/api/profile/{username}) a static
 * path of the Profile group would shadow (articles, settings, edit, img, profile, bookmarks, collections): refused as
 * if taken.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
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
  'articles',
  'settings',
  'edit',
  'img',
  'profile',
  'bookmarks',
  'collections',
]);

/** Why a field is refused; the browser shows a message per key, the server answers a catalogue code per field. */
export type EmailProblem = 'required' | 'emailLength' | 'email';
export type UsernameProblem = 'required' | 'usernameChars' | 'usernameLength';
export type PasswordProblem = 'required' | 'passwordChars' | 'passwordLength' | 'passwordLetterDigit';
export type FullnameProblem = 'required' | 'fullnameLength' | 'fullnameChars';
export type AgreementProblem = 'agreement';
export type AccountProblem = EmailProblem | UsernameProblem | PasswordProblem | FullnameProblem | AgreementProblem;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function normalizeUsername(username: string): string {
  return username.trim();
}

export function normalizeFullname(fullname: string): string {
  return collapseWhitespace(fullname);
}

/** Of a normalized email. */
export function emailProblem(email: string): EmailProblem | undefined {
  if (!email) return 'required';
  if (email.length > EMAIL_MAX) return 'emailLength';
  return EMAIL_PATTERN.test(email) ? undefined : 'email';
}

export function usernameProblem(username: string): UsernameProblem | undefined {
  if (!username) return 'required';
  if (!USERNAME_CHARS.test(username)) return 'usernameChars';
  return username.length < USERNAME_MIN || username.length > USERNAME_MAX ? 'usernameLength' : undefined;
}

export function passwordProblem(password: string): PasswordProblem | undefined {
  if (!password) return 'required';
  if (!PASSWORD_CHARS.test(password)) return 'passwordChars';
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return 'passwordLength';
  return PASSWORD_LETTER.test(password) && PASSWORD_DIGIT.test(password) ? undefined : 'passwordLetterDigit';
}

/** Of a normalized full name: 2 to 64 characters (code points), no markup or control characters. */
export function fullnameProblem(fullname: string): FullnameProblem | undefined {
  if (!fullname) return 'required';
  const length = codePointLength(fullname);
  if (length < FULLNAME_MIN || length > FULLNAME_MAX) return 'fullnameLength';
  return /[<>]/.test(fullname) || hasControlCharacters(fullname) ? 'fullnameChars' : undefined;
}

export function isReservedUsername(username: string): boolean {
  return RESERVED_USERNAMES.has(username.toLowerCase());
}

export interface RegistrationValues {
  email: string;
  username: string;
  fullname: string;
  password: string;
  acceptTerms: boolean;
  acceptPrivacy: boolean;
}

export type RegistrationField = keyof RegistrationValues;

/** The fields in the order forms show them and errors list them. */
export const REGISTRATION_FIELDS: readonly RegistrationField[] = [
  'email',
  'username',
  'fullname',
  'password',
  'acceptTerms',
  'acceptPrivacy',
];

export interface RegistrationCheck {
  /** The values as they are stored: email lower-cased, names trimmed, whitespace of the full name collapsed. */
  values: { email: string; username: string; fullname: string; password: string };
  /** One problem per refused field; empty when the registration may be sent. */
  problems: Partial<Record<RegistrationField, AccountProblem>>;
}

/** Every field of a registration checked at once (the reserved names are the server's to answer as taken). */
export function checkRegistration(input: RegistrationValues): RegistrationCheck {
  const values = {
    email: normalizeEmail(input.email ?? ''),
    username: normalizeUsername(input.username ?? ''),
    fullname: normalizeFullname(input.fullname ?? ''),
    password: input.password ?? '',
  };
  const found: Record<RegistrationField, AccountProblem | undefined> = {
    email: emailProblem(values.email),
    username: usernameProblem(values.username),
    fullname: fullnameProblem(values.fullname),
    password: passwordProblem(values.password),
    acceptTerms: input.acceptTerms ? undefined : 'agreement',
    acceptPrivacy: input.acceptPrivacy ? undefined : 'agreement',
  };
  const problems: RegistrationCheck['problems'] = {};
  for (const field of REGISTRATION_FIELDS) {
    const problem = found[field];
    if (problem) problems[field] = problem;
  }
  return { values, problems };
}

/** What the account operation log records, in the order the security page describes them. */
export const ACCOUNT_LOG_TYPES = [
  'passwordChanged',
  'passwordReset',
  'emailChanged',
  'accountConfirmation',
  // Personal access tokens (issue #18).
  'tokenCreated',
  'tokenRevoked',
  'tokenUsed',
] as const;
export type AccountLogType = (typeof ACCOUNT_LOG_TYPES)[number];
