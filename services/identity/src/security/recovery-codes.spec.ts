import { describe, expect, it } from '@jest/globals';
import { hashRecoveryCode, newRecoveryCodes, normalizeRecoveryCode, RECOVERY_CODE_COUNT } from './recovery-codes.js';

describe('recovery codes', () => {
  it('makes ten different codes of ten symbols without look-alike letters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-tv-z0-9]{5}-[a-hjkmnp-tv-z0-9]{5}$/);
  });

  it('hashes a code the same however it is typed, and different codes differently', () => {
    expect(normalizeRecoveryCode(' AbCdE-fGhJk ')).toBe('abcdefghjk');
    expect(hashRecoveryCode('ABCDE FGHJK').equals(hashRecoveryCode('abcde-fghjk'))).toBe(true);
    expect(hashRecoveryCode('abcde-fghjk').equals(hashRecoveryCode('abcde-fghjm'))).toBe(false);
  });
});
