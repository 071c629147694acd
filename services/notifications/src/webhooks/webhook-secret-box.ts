import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@pencraft/kit';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { NotificationsConfig } from '../config.js';

const VERSION = 'v1';

/** A new endpoint's signing secret: whsec_ and 32 random bytes in base64 (the Standard Webhooks form). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * Seals the endpoints' signing secrets at rest with AES-256-GCM under WEBHOOK_ENCRYPTION_KEY (like identity seals
 * TOTP secrets): a copy of the database alone signs nothing. Sealed form `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
@Injectable()
export class WebhookSecretBox {
  private readonly key: Buffer;

  constructor(@Inject(CONFIG) config: Pick<NotificationsConfig, 'WEBHOOK_ENCRYPTION_KEY'>) {
    this.key = Buffer.from(config.WEBHOOK_ENCRYPTION_KEY, 'hex');
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
