import { banReasons, languages } from '@pencraft/contracts/enums';
import type { SessionBan, UserSummary } from '@pencraft/contracts/identity/v1/identity';
import {
  BAN_REASONS,
  EMAIL_MAX,
  FULLNAME_MAX,
  FULLNAME_MIN,
  LANGS,
  PASSWORD_DIGIT,
  PASSWORD_LETTER,
  PASSWORD_MAX,
  PASSWORD_MIN,
  RESERVED_USERNAMES,
  USERNAME_MAX,
  USERNAME_MIN,
} from '@pencraft/rules';
import { z } from 'zod';
import { text } from '../http/text.js';

/**
 * The account rules of @pencraft/rules as patterns the document can state: the email pattern without control
 * characters, a username of Latin letters, digits and underscore starting with a letter, a password of printable
 * ASCII with at least one Latin letter and one digit (lookaheads, ECMA-262), a full name without markup or
 * control characters.
 */
export const EMAIL =
  // eslint-disable-next-line no-control-regex -- control characters are refused
  /^[^\s\u0000-\u001F\u007F@<>()[\]\\,;:"]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const USERNAME = new RegExp(`^[A-Za-z][A-Za-z0-9_]{${USERNAME_MIN - 1},${USERNAME_MAX - 1}}$`);
const PASSWORD = new RegExp(
  `^(?=[\\x21-\\x7E]*${PASSWORD_LETTER.source})(?=[\\x21-\\x7E]*${PASSWORD_DIGIT.source})[\\x21-\\x7E]{${PASSWORD_MIN},${PASSWORD_MAX}}$`,
);
/**
 * The reserved usernames of @pencraft/rules, compared without regard to case as identity compares them (each
 * letter either case): the document states them as `not` this pattern. Identity answers them UsernameAlreadyExists
 * (409) as if taken, so the gateway leaves them to identity rather than refusing them as malformed.
 */
export const RESERVED_USERNAME_PATTERN = `^(?:${[...RESERVED_USERNAMES]
  .map((name) => [...name].map((c) => (/[a-z]/.test(c) ? `[${c}${c.toUpperCase()}]` : c)).join(''))
  .join('|')})$`;
// eslint-disable-next-line no-control-regex -- control characters are refused
const FULLNAME = /^[^\u0000-\u001F\u007F<>]*$/;

export const RegisterBody = z
  .object({
    email: z.string().max(EMAIL_MAX).regex(EMAIL),
    username: z
      .string()
      .min(USERNAME_MIN)
      .max(USERNAME_MAX)
      .regex(USERNAME)
      .meta({
        not: { pattern: RESERVED_USERNAME_PATTERN },
        description:
          `Not one of the reserved names (${[...RESERVED_USERNAMES].join(', ')}) in any case: ` +
          'those are answered UsernameAlreadyExists, as if taken.',
      }),
    fullname: text({ min: FULLNAME_MIN, max: FULLNAME_MAX, pattern: FULLNAME }),
    password: z
      .string()
      .min(PASSWORD_MIN)
      .max(PASSWORD_MAX)
      .regex(PASSWORD)
      .meta({ description: 'Printable ASCII without spaces, with at least one Latin letter and one digit.' }),
    /** Both agreements must be accepted (AgreementsNotAccepted otherwise). */
    acceptTerms: z.literal(true),
    acceptPrivacy: z.literal(true),
  })
  .strict()
  .meta({ id: 'RegisterBody' });

export const LoginBody = z
  .object({
    /** An email address or a username. */
    login: text({ min: 1, max: 320 }),
    password: text({ min: 1, max: 256 }),
    secondFactor: text({ min: 1, max: 64 }).optional().meta({
      description:
        'A TOTP code or a recovery code: sent again with the same login and password after an answer { mfa: true }.',
    }),
  })
  .strict()
  .meta({ id: 'LoginBody' });

/** GET /api/users/info: the fields of SPEC.md section 7, and `cnf`. */
export const UserInfo = z
  .object({
    uid: z.string(),
    unm: z.string(),
    fln: z.string(),
    thm: z.enum(['dark', 'light', 'system']),
    iul: z.string().nullable(),
    lng: z.enum(LANGS),
    rtg: z.number(),
    dom: z.string().nullable().meta({
      description: "The host of the user's publication (owned, else joined first): its slug under the site's host",
    }),
    pub: z.string().nullable().meta({ description: "The id of the user's publication (the same one as dom)" }),
    /** The e-mail address is confirmed; until then the account reads but cannot publish (AccountNotConfirmed). */
    cnf: z.boolean(),
    /**
     * Present only while the account is banned (GET /api/users/info): the reason and the end (ISO time; null when
     * permanent). Every other signed-in route then answers 403 UserBanned.
     */
    ban: z
      .object({ reason: z.enum(BAN_REASONS), until: z.string().nullable() })
      .optional()
      .meta({ id: 'UserBan' }),
  })
  .meta({ id: 'UserInfo' });
export type UserInfo = z.infer<typeof UserInfo>;

/** A publication's domain (dom): its slug under the site's host (PUBLIC_ORIGIN's). */
export function publicationDomain(slug: string, publicOrigin: string): string {
  return `${slug}.${new URL(publicOrigin).hostname}`;
}

export const CsrfToken = z.object({ token: z.string() }).meta({ id: 'CsrfToken' });

export function toUserInfo(user: UserSummary, ban?: SessionBan): UserInfo {
  return {
    ...(ban
      ? {
          ban: {
            reason: banReasons.require(ban.reason, 'reason'),
            until: ban.endsAtMs ? new Date(ban.endsAtMs).toISOString() : null,
          },
        }
      : {}),
    uid: user.uid,
    unm: user.username,
    fln: user.fullname,
    thm: user.theme as UserInfo['thm'],
    iul: user.imageUrl || null,
    lng: languages.require(user.lang, 'lang'),
    rtg: user.rating,
    dom: user.domain || null,
    pub: user.publication || null,
    cnf: user.confirmed,
  };
}
