import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@pencraft/kit';
import { createHash, createHmac, randomInt } from 'node:crypto';
import type { IdentityConfig } from '../config.js';

export const RECOVERY_CODE_COUNT = 10;
/** Crockford-like alphabet without look-alikes (no i, l, o, u): 32 symbols, 5 bits each. */
const ALPHABET = 'abcdefghjkmnpqrstvwxyz0123456789';
/** Sixteen symbols of five bits: 80 random bits a code. */
const SYMBOLS = 16;
const CODE_SHAPE = /^[a-z0-9]{16}$/;
/** Codes made before the keyed hash: ten symbols (50 bits), stored as plain SHA-256; they work until used or replaced. */
const LEGACY_SHAPE = /^[a-z0-9]{10}$/;

/** Ten codes of sixteen symbols (80 random bits) written xxxx-xxxx-xxxx-xxxx. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const symbols = Array.from({ length: SYMBOLS }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return symbols.replace(/(.{4})(?!$)/g, '$1-');
  });
}

/** A code as typed (any case, with or without the hyphens or spaces), in its stored form. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/**
 * Stores recovery codes as HMAC-SHA-256 under RECOVERY_CODE_HMAC_KEY: a copy of the database alone allows no offline
 * guessing. A ten-symbol code of the earlier scheme is looked up by its plain SHA-256 until it is used or replaced.
 */
@Injectable()
export class RecoveryCodeHasher {
  private readonly key: Buffer;

  constructor(@Inject(CONFIG) config: Pick<IdentityConfig, 'RECOVERY_CODE_HMAC_KEY'>) {
    this.key = Buffer.from(config.RECOVERY_CODE_HMAC_KEY, 'hex');
  }

  /** What is stored for a code of this scheme. */
  hash(code: string): Buffer {
    return createHmac('sha256', this.key).update(normalizeRecoveryCode(code), 'utf8').digest();
  }

  /** What a typed code is looked up by, however it is typed; undefined when it has the shape of no code. */
  lookupHash(typed: string): Buffer | undefined {
    const normalized = normalizeRecoveryCode(typed);
    if (CODE_SHAPE.test(normalized)) return this.hash(normalized);
    if (LEGACY_SHAPE.test(normalized)) return createHash('sha256').update(normalized, 'utf8').digest();
    return undefined;
  }
}
