import { isBanReason } from '@pencraft/rules';
import type { ApiError } from '@pencraft/ui';
import type { TFunction } from 'i18next';
import { longDate } from './format.js';

/** UserBanned with the ban's reason and end (params `reason`, `until`; no end: permanent) in the page's language. */
export function banMessage(error: ApiError, t: TFunction): string {
  const reason = error.params.reason;
  const endsAt = error.params.until;
  const why = isBanReason(reason) ? t(`shell:ban.reasons.${reason}`) : undefined;
  const until = typeof endsAt === 'string' && endsAt ? longDate(endsAt, t) : '';
  return [
    error.message,
    why ? t('shell:ban.reason', { reason: why }) : undefined,
    until ? t('shell:ban.until', { date: until }) : t('shell:ban.permanent'),
  ]
    .filter(Boolean)
    .join(' ');
}
