import { banReasons } from '@pencraft/contracts/enums';
import type {
  Ban as BanMessage,
  GetSummaryResponse,
  SessionInfo as SessionMessage,
} from '@pencraft/contracts/identity/v1/security';
import { BAN_REASONS, SECOND_FACTOR_PATTERN } from '@pencraft/rules';
import { z } from 'zod';
import { text } from '../http/text.js';

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number) => (ms ? iso(ms) : null);

/** The current password, to confirm a security change. */
const password = text({ min: 1, max: 256 });
/** A TOTP code (6 digits) or a recovery code (xxxx-xxxx-xxxx-xxxx, any case, hyphens optional). */
const code = z
  .string()
  .regex(SECOND_FACTOR_PATTERN)
  .meta({
    description:
      'A 6-digit code of the authenticator app, or an unused recovery code (xxxx-xxxx-xxxx-xxxx; xxxxx-xxxxx if made ' +
      'before the 16-symbol codes)',
  });

export const SecuritySummary = z
  .object({
    mfa: z.boolean(),
    recoveryCodesLeft: z.number().int().min(0),
    /** From the account log: the last password change or reset; null when none is known. */
    passwordChangedAt: z.iso.datetime().nullable(),
    deletionScheduledAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'SecuritySummary' });

export function toSecuritySummary(summary: GetSummaryResponse): z.infer<typeof SecuritySummary> {
  return {
    mfa: summary.mfaEnabled,
    recoveryCodesLeft: summary.recoveryCodesLeft,
    passwordChangedAt: isoOrNull(summary.passwordChangedAtMs),
    deletionScheduledAt: isoOrNull(summary.deletionScheduledAtMs),
  };
}

export const PasswordBody = z.object({ password }).strict().meta({ id: 'PasswordBody' });

export const MfaEnrolment = z
  .object({
    /** Base32, to type into an authenticator app by hand. */
    secret: z.string(),
    /** otpauth://totp/Pencraft:<username>?secret=…&issuer=Pencraft */
    uri: z.string(),
    /** The QR code of the URI: an SVG data URL for an <img>. */
    qrCode: z.string(),
  })
  .meta({ id: 'MfaEnrolment' });

export const MfaConfirmBody = z
  .object({ code: z.string().regex(/^\d{6}$/) })
  .strict()
  .meta({ id: 'MfaConfirmBody' });

export const MfaChallengeBody = z.object({ password, code }).strict().meta({ id: 'MfaChallengeBody' });

export const RecoveryCodes = z
  .object({ recoveryCodes: z.array(z.string()).length(10) })
  .meta({ id: 'RecoveryCodes', description: 'Ten one-time recovery codes, shown this once' });

export const SessionItem = z
  .object({
    id: z.uuid(),
    browser: z.string(),
    os: z.string(),
    ip: z.string(),
    /** ISO 3166 country code (DB-IP's database), or "unknown". */
    place: z.string(),
    createdAt: z.iso.datetime(),
    lastSeenAt: z.iso.datetime(),
    current: z.boolean(),
  })
  .meta({ id: 'SessionItem' });

export const SessionList = z.object({ sessions: z.array(SessionItem) }).meta({ id: 'SessionList' });

export function toSessionItem(session: SessionMessage): z.infer<typeof SessionItem> {
  return {
    id: session.id,
    browser: session.browser,
    os: session.os,
    ip: session.ip,
    place: session.place,
    createdAt: iso(session.createdAtMs),
    lastSeenAt: iso(session.lastSeenAtMs),
    current: session.current,
  };
}

export const SessionParams = z.object({ id: z.uuid() }).strict();

export const BanItem = z
  .object({
    id: z.uuid(),
    reason: z.enum(BAN_REASONS),
    startsAt: z.iso.datetime(),
    /** null for a permanent ban. */
    endsAt: z.iso.datetime().nullable(),
    permanent: z.boolean(),
    liftedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'BanItem' });

export const BanList = z.object({ bans: z.array(BanItem) }).meta({ id: 'BanList' });

export function toBanItem(ban: BanMessage): z.infer<typeof BanItem> {
  return {
    id: ban.id,
    reason: banReasons.require(ban.reason, 'reason'),
    startsAt: iso(ban.startsAtMs),
    endsAt: isoOrNull(ban.endsAtMs),
    permanent: ban.endsAtMs === 0,
    liftedAt: isoOrNull(ban.liftedAtMs),
  };
}

export const DeletionBody = z
  .object({
    password,
    /** Omitted in the first step (which mails the code); the mailed 6-digit code in the second. */
    code: z
      .string()
      .regex(/^\d{6}$/)
      .optional(),
  })
  .strict()
  .meta({ id: 'DeletionBody' });

export const DeletionAnswer = z
  .object({
    /** codeSent: the code is in the mail (step one); scheduled: the account is deleted at scheduledAt. */
    stage: z.enum(['codeSent', 'scheduled']),
    scheduledAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'DeletionAnswer' });

/** Not strict: a link may come back with extra parameters (a mail client's tracking); an unknown or missing t is answered on the page. */
export const CancelLinkQuery = z.object({ t: z.string().max(128).optional() });
