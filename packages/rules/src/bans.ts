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

export function isBanReason(value: unknown): value is BanReason {
  return typeof value === 'string' && (BAN_REASONS as readonly string[]).includes(value);
}
