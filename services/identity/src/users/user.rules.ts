import { AppError, type ErrorCode, type ErrorDetail } from '@pencraft/errors';
import {
  REGISTRATION_FIELDS,
  checkRegistration,
  isReservedUsername,
  type RegistrationField,
  type RegistrationValues,
} from '@pencraft/rules';

/** What the registration form sends (the same shape the browser checks with @pencraft/rules). */
export type RegistrationInput = RegistrationValues;

export interface NormalizedRegistration {
  email: string;
  username: string;
  fullname: string;
  password: string;
}

/** The catalogue code a refused field answers, whatever the rule that refused it. */
const FIELD_CODES: Record<RegistrationField, ErrorCode> = {
  email: 'InvalidEmail',
  username: 'InvalidUsername',
  fullname: 'InvalidFullname',
  password: 'InvalidPassword',
  acceptTerms: 'AgreementsNotAccepted',
  acceptPrivacy: 'AgreementsNotAccepted',
};

/** Checks every field with the shared rules and reports all failures at once (one detail per field). */
export function validateRegistration(input: RegistrationInput): NormalizedRegistration {
  const { values, problems } = checkRegistration(input);
  const details: ErrorDetail[] = REGISTRATION_FIELDS.filter((field) => problems[field]).map((field) => ({
    field,
    code: FIELD_CODES[field],
  }));
  if (details.length > 0) throw new AppError(details[0]!.code, { details });
  if (isReservedUsername(values.username)) {
    throw new AppError('UsernameAlreadyExists', { details: [{ field: 'username', code: 'UsernameAlreadyExists' }] });
  }
  return values;
}
