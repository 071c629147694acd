import { ACCOUNT_LOG_TYPES } from '@pencraft/rules';
import { BAN_REASONS, EMAIL_MAX, PASSWORD_DIGIT, PASSWORD_LETTER, PASSWORD_MAX, PASSWORD_MIN } from '@pencraft/rules';
import { z } from 'zod';
import { text } from '../http/text.js';
import { EMAIL, UserInfo } from './accounts.dto.js';

/** A mailed 6-digit code. */
const Code = z
  .string()
  .regex(/^\d{6}$/)
  .meta({ description: 'The 6-digit code of the mail', example: '123456' });

/** The t parameter of a mailed link: 256 random bits, base64url. */
const LinkToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/)
  .meta({ description: 'The token of a mailed link', example: 'Q2hhbmdlIG1lIGlzIG5vdCBhIHJlYWwgdG9rZW4uLi4' });

/** The password rules of @pencraft/rules (the registration body states the same). */
const NewPassword = z
  .string()
  .min(PASSWORD_MIN)
  .max(PASSWORD_MAX)
  .regex(
    new RegExp(
      `^(?=[\\x21-\\x7E]*${PASSWORD_LETTER.source})(?=[\\x21-\\x7E]*${PASSWORD_DIGIT.source})[\\x21-\\x7E]{${PASSWORD_MIN},${PASSWORD_MAX}}$`,
    ),
  )
  .meta({ description: 'Printable ASCII without spaces, with at least one Latin letter and one digit.' });

/** Any address the caller types: identity answers InvalidEmail for one the rules refuse. */
const Email = text({ min: 1, max: EMAIL_MAX }).meta({ example: 'leyla@example.az' });

export const CodeBody = z.object({ code: Code }).strict().meta({ id: 'CodeBody' });

export const EmailBody = z.object({ email: Email }).strict().meta({ id: 'EmailBody' });

export const ResetVerifyBody = z
  .union([
    z.object({ email: Email, code: Code, newPassword: NewPassword }).strict(),
    z.object({ token: LinkToken, newPassword: NewPassword }).strict(),
  ])
  .meta({
    id: 'ResetVerifyBody',
    description:
      'The address and the mailed code, or the token of the mailed link (the /reset?t= page), and the new password.',
  });

export const ChangePasswordBody = z
  .object({ oldPassword: text({ min: 1, max: 256 }), newPassword: NewPassword })
  .strict()
  .meta({ id: 'ChangePasswordBody' });

export const ChangeEmailBody = z
  .object({
    // Refused by identity (InvalidEmail) unless it is an address, as at sign-up: the document says so.
    email: Email.meta({ pattern: EMAIL.source, description: 'The new address (InvalidEmail unless an address)' }),
    password: text({ min: 1, max: 256 }).meta({ description: 'The current password' }),
  })
  .strict()
  .meta({ id: 'ChangeEmailBody' });

export const LinkQuery = z.object({
  t: z.string().max(200).optional().meta({ description: 'The token of the mailed link' }),
});

export const LogQuery = z.object({
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .default(1)
    .meta({ description: '1-based page, 20 entries each' }),
});

export const AccountLogPage = z
  .object({
    items: z.array(
      z.object({
        type: z.enum(ACCOUNT_LOG_TYPES),
        at: z.iso.datetime().meta({ description: 'When (ISO 8601, UTC)' }),
        ip: z.string(),
        browser: z.string().meta({ description: 'Browser and major version, empty when unknown' }),
        os: z.string().meta({ description: 'Operating system, empty when unknown' }),
        detail: z.string().meta({
          description: "What the entry concerns: a token's name, or the operation done with it; empty for other types",
        }),
      }),
    ),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'AccountLogPage' });

/** A sign-in that opened a session: the user summary, and the deletion date when one is pending. */
export const SignedIn = UserInfo.extend({
  del: z.iso
    .datetime()
    .nullable()
    .meta({ description: 'When the account is due to be deleted (it can still be cancelled); null when not' }),
}).meta({ id: 'SignedIn' });

/** The password was right; send it again with secondFactor. No session and no cookie yet. */
export const SecondFactorRequired = z.object({ mfa: z.literal(true) }).meta({ id: 'SecondFactorRequired' });

export const LoginAnswer = z.union([SignedIn, SecondFactorRequired]).meta({ id: 'LoginAnswer' });

/** The reasons UserBanned carries in params.reason. */
export const BAN_REASON_LIST = BAN_REASONS.join(', ');
