import { describe, expect, it } from '@jest/globals';
import { RECOVERY_CODE_PATTERN, SECOND_FACTOR_PATTERN, TOTP_CODE_PATTERN } from './index.js';

describe('second factor shapes', () => {
  it('takes recovery codes of sixteen symbols in groups of four, and ten-symbol ones of the earlier scheme', () => {
    for (const code of ['abcd-efgh-jkmn-pqrs', 'ABCDEFGHJKMNPQRS', 'abcd-efghjkmn-pqrs', 'ab12c-9xk3m', 'ab12c9xk3m']) {
      expect(RECOVERY_CODE_PATTERN.test(code)).toBe(true);
      expect(SECOND_FACTOR_PATTERN.test(code)).toBe(true);
    }
    for (const code of [
      'abcd-efgh-jkmn-pqr',
      'abcd-efgh-jkmn-pqrs-t',
      'abc-defgh-jkmn-pqrs',
      'abcd efgh jkmn pqrs',
      '',
    ]) {
      expect(RECOVERY_CODE_PATTERN.test(code)).toBe(false);
      expect(SECOND_FACTOR_PATTERN.test(code)).toBe(false);
    }
  });

  it('takes six digits as the app code', () => {
    expect(TOTP_CODE_PATTERN.test('123456')).toBe(true);
    expect(SECOND_FACTOR_PATTERN.test('123456')).toBe(true);
    expect(SECOND_FACTOR_PATTERN.test('12345')).toBe(false);
  });
});
