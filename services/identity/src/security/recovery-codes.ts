import { createHash, randomInt } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
/** Crockford-like alphabet without look-alikes (no i, l, o, u): 32 symbols, 5 bits each. */
const ALPHABET = 'abcdefghjkmnpqrstvwxyz0123456789';

/** Ten codes of ten symbols (50 random bits) written xxxxx-xxxxx. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const symbols = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${symbols.slice(0, 5)}-${symbols.slice(5)}`;
  });
}

/** A code as typed (any case, with or without the hyphen or spaces), in its stored form. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

export function hashRecoveryCode(code: string): Buffer {
  return createHash('sha256').update(normalizeRecoveryCode(code), 'utf8').digest();
}
