import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@pencraft/kit';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { IdentityConfig } from '../config.js';

const VERSION = 'v1';

/**
 * Seals the TOTP secrets at rest with AES-256-GCM under MFA_ENCRYPTION_KEY: a copy of the database alone yields no
 * secret that generates codes. Sealed form `v1.<iv>.<tag>.<ciphertext>` (base64url), so a later key or cipher can
 * be told apart.
 */
@Injectable()
export class SecretBox {
  private readonly key: Buffer;

  constructor(@Inject(CONFIG) config: Pick<IdentityConfig, 'MFA_ENCRYPTION_KEY'>) {
    this.key = Buffer.from(config.MFA_ENCRYPTION_KEY, 'hex');
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
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}
