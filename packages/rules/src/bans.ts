/** The reasons a ban can give (SPEC.md section 3), as the codes the API carries; pages translate them. */
export const BAN_REASONS = [
  'userAgreementViolation',
  'privacyPolicyViolation',
  'conductViolation',
  'commentRulesViolation',
  'articleRulesViolation',
  'spam',
  'misuse',
] as const;

export type BanReason = (typeof BAN_REASONS)[number];

/** The longest note a moderator gives with a ban or its lifting (the gateway refuses longer; services cut to it). */
export const BAN_NOTE_MAX = 1000;

/** A ban lasts BAN_DAYS_MIN to BAN_DAYS_MAX days, or is permanent. */
export const BAN_DAYS_MIN = 1;
export const BAN_DAYS_MAX = 3650;

export function isBanReason(value: unknown): value is BanReason {
  return typeof value === 'string' && (BAN_REASONS as readonly string[]).includes(value);
}
