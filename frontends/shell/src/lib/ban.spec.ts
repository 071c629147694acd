import type { ApiError } from '@pencraft/ui';
import type { TFunction } from 'i18next';
import { banMessage } from './ban.js';

// The catalogue's words as keys, so the test reads what the message is made of.
const t = ((key: string, options?: Record<string, unknown>) => {
  if (key === 'common:date.months') return 'Jan,Feb,Mar,Apr,May,Jun,Jul,Aug,Sep,Oct,Nov,Dec';
  if (key === 'common:date.long') return `${String(options?.day)} ${String(options?.month)} ${String(options?.year)}`;
  return options ? `${key}(${Object.values(options).join(',')})` : key;
}) as unknown as TFunction;

const banned = (params: Record<string, string | number>) =>
  ({ code: 'UserBanned', message: 'Your account has been banned.', params }) as unknown as ApiError;

describe('the ban message at sign-in', () => {
  it('names the reason and the end of a ban', () => {
    expect(banMessage(banned({ reason: 'spam', until: '2026-12-05T10:00:00.000Z' }), t)).toBe(
      'Your account has been banned. shell:ban.reason(shell:ban.reasons.spam) shell:ban.until(5 Dec 2026)',
    );
  });

  it('says a ban without an end is permanent', () => {
    expect(banMessage(banned({ reason: 'misuse' }), t)).toBe(
      'Your account has been banned. shell:ban.reason(shell:ban.reasons.misuse) shell:ban.permanent',
    );
  });

  it('leaves out a reason it does not know', () => {
    expect(banMessage(banned({ reason: 'unknown' }), t)).toBe('Your account has been banned. shell:ban.permanent');
  });
});
