import { describe, expect, it } from '@jest/globals';
import { createHash, createHmac } from 'node:crypto';
import { newRecoveryCodes, normalizeRecoveryCode, RECOVERY_CODE_COUNT, RecoveryCodeHasher } from './recovery-codes.js';

const KEY = 'd4'.repeat(32);
const hasher = new RecoveryCodeHasher({ RECOVERY_CODE_HMAC_KEY: KEY });

describe('recovery codes', () => {
  it('makes ten different codes of sixteen symbols (80 random bits) without look-alike letters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-tv-z0-9]{4}(-[a-hjkmnp-tv-z0-9]{4}){3}$/);
    // 32 symbols carry 5 bits each.
    expect(normalizeRecoveryCode(codes[0]!).length * Math.log2(32)).toBeGreaterThanOrEqual(80);
  });

  it('uses every symbol of the alphabet (the randomness spreads over all 32)', () => {
    const seen = new Set(
      Array.from({ length: 40 }, () => newRecoveryCodes().join(''))
        .join('')
        .replace(/-/g, ''),
    );
    expect(seen.size).toBe(32);
  });

  it('stores a code as HMAC-SHA-256 under the key, the same however it is typed', () => {
    expect(normalizeRecoveryCode(' AbCd-eFgH JKMN-pqrs ')).toBe('abcdefghjkmnpqrs');
    const stored = hasher.hash('abcd-efgh-jkmn-pqrs');
    expect(stored.equals(createHmac('sha256', Buffer.from(KEY, 'hex')).update('abcdefghjkmnpqrs').digest())).toBe(true);
    expect(stored.equals(createHash('sha256').update('abcdefghjkmnpqrs').digest())).toBe(false);
    expect(hasher.lookupHash('ABCD EFGH JKMN PQRS')?.equals(stored)).toBe(true);
    expect(hasher.hash('abcd-efgh-jkmn-pqrt').equals(stored)).toBe(false);
  });

  it('answers another stored form under another key (a copy of the table alone verifies nothing)', () => {
    const other = new RecoveryCodeHasher({ RECOVERY_CODE_HMAC_KEY: 'e5'.repeat(32) });
    expect(other.hash('abcd-efgh-jkmn-pqrs').equals(hasher.hash('abcd-efgh-jkmn-pqrs'))).toBe(false);
  });

  it('looks up a ten-symbol code of the earlier scheme by its plain SHA-256, and nothing of another shape', () => {
    expect(hasher.lookupHash('ABCDE-FGHJK')?.equals(createHash('sha256').update('abcdefghjk').digest())).toBe(true);
    for (const typed of [
      '',
      'abc',
      'abcde-fghj',
      'abcd-efgh-jkmn-pqr',
      'abcd-efgh-jkmn-pqrs-t',
      'abcd-efgh-jkmn-pq!s',
    ]) {
      expect(hasher.lookupHash(typed)).toBeUndefined();
    }
  });
});
