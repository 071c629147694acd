// The browser's checks, with the server's own rules (@pencraft/rules); the server decides anyway. Each check
// answers a key of `problems` in the settings catalogue, or undefined.
import {
  bioProblem,
  birthdateProblem,
  checkLink,
  emailProblem,
  fullnameProblem,
  headlineProblem,
  normalizeBio,
  normalizeEmail,
  normalizeFullname,
  normalizeHeadline,
  normalizeUsername,
  passwordProblem,
  PHONE_E164,
  SECOND_FACTOR_PATTERN,
  TOTP_CODE_PATTERN,
  usernameProblem,
  type BioProblem,
  type BirthdateProblem,
  type EmailProblem,
  type FullnameProblem,
  type HeadlineProblem,
  type LinkProblem,
  type PasswordProblem,
  type UsernameProblem,
} from '@pencraft/rules';

export type Problem =
  | EmailProblem
  | UsernameProblem
  | PasswordProblem
  | FullnameProblem
  | HeadlineProblem
  | BioProblem
  | BirthdateProblem
  | LinkProblem
  | 'phone'
  | 'code'
  | 'recoveryCode'
  | 'samePassword'
  | 'sameEmail'
  | 'sameUsername'
  | 'samePhone'
  | 'passwordMismatch';

export function emailCheck(email: string, current: string | undefined): Problem | undefined {
  const normalized = normalizeEmail(email);
  const problem = emailProblem(normalized);
  if (problem) return problem;
  return current && normalized === normalizeEmail(current) ? 'sameEmail' : undefined;
}

export function usernameCheck(username: string, current: string | undefined): Problem | undefined {
  const normalized = normalizeUsername(username);
  const problem = usernameProblem(normalized);
  if (problem) return problem;
  return current && normalized.toLowerCase() === current.toLowerCase() ? 'sameUsername' : undefined;
}

export function newPasswordCheck(password: string, old: string): Problem | undefined {
  return passwordProblem(password) ?? (password === old ? 'samePassword' : undefined);
}

export function requiredCheck(value: string): Problem | undefined {
  return value ? undefined : 'required';
}

export function fullnameCheck(fullname: string): Problem | undefined {
  return fullnameProblem(normalizeFullname(fullname));
}

export function headlineCheck(headline: string): Problem | undefined {
  return headlineProblem(normalizeHeadline(headline));
}

export function bioCheck(bio: string): Problem | undefined {
  return bioProblem(normalizeBio(bio));
}

/** Empty clears the birthdate. */
export function birthdateCheck(birthdate: string, today: Date): Problem | undefined {
  return birthdate ? birthdateProblem(birthdate, today) : undefined;
}

export function linkCheck(provider: string, url: string): Problem | undefined {
  return checkLink(provider, url).problem;
}

/** Spaces, dashes and brackets people type are dropped; the rest must be E.164 (+ and 7 to 15 digits). */
export function normalizePhone(phone: string): string {
  return phone.replace(/[\s().-]/g, '');
}

export function phoneCheck(phone: string): Problem | undefined {
  const normalized = normalizePhone(phone);
  if (!normalized) return 'required';
  return PHONE_E164.test(normalized) ? undefined : 'phone';
}

export function codeCheck(code: string): Problem | undefined {
  const trimmed = code.trim();
  if (!trimmed) return 'required';
  return TOTP_CODE_PATTERN.test(trimmed) ? undefined : 'code';
}

/** At sign-off steps of MFA either the app's 6-digit code or one of the recovery codes is accepted. */
export function secondFactorCheck(code: string): Problem | undefined {
  const trimmed = code.trim();
  if (!trimmed) return 'required';
  return SECOND_FACTOR_PATTERN.test(trimmed) ? undefined : 'recoveryCode';
}

/** The first problem of each field, only the fields that have one. */
export function problems<F extends string>(checks: Record<F, Problem | undefined>): Partial<Record<F, Problem>> {
  return Object.fromEntries(Object.entries(checks).filter(([, problem]) => problem !== undefined)) as Partial<
    Record<F, Problem>
  >;
}
