import type { Provider } from '@nestjs/common';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { CONFIG } from '../lifecycle/tokens.js';

const VERSION = 'v1';

/**
 * Seals secrets at rest with AES-256-GCM under a 32-byte key given in hex, so a copy of the database alone yields
 * none of them (identity's TOTP secrets, notifications' webhook signing secrets). Sealed form
 * `v1.<iv>.<tag>.<ciphertext>` (base64url): the version lets a later key or cipher be told apart.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(hexKey: string) {
    if (!/^[0-9a-fA-F]{64}$/.test(hexKey)) throw new Error('a SecretBox key is 64 hex digits (32 bytes)');
    this.key = Buffer.from(hexKey, 'hex');
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** Throws when the value was not sealed with this key (or was altered). */
  open(sealed: string): string {
    const [version, iv, tag, data, extra] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined || extra !== undefined) {
      throw new Error('not a sealed secret');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** Provides the service's SecretBox under the key its configuration holds in `variable` (validated there). */
export function secretBoxProvider(variable: string): Provider {
  return {
    provide: SecretBox,
    inject: [CONFIG],
    useFactory: (config: Record<string, unknown>) => new SecretBox(String(config[variable])),
  };
}
