import { AppError } from '@pencraft/errors';
import type { Logger, RedisClient } from '@pencraft/kit';
import { normalizeEmail } from '@pencraft/rules';
import { createHash } from 'node:crypto';

/** One mail per address and purpose per minute. */
export const ADDRESS_COOLDOWN_MS = 60_000;

export type CooldownStore = Pick<RedisClient, 'set' | 'pTTL'>;

/**
 * A per-address cooldown kept by the gateway for requests that name an address without a session (password reset):
 * it answers the same for an address with an account and one without, so the cooldown tells nothing about accounts
 * (identity's own cooldown, per account, stays silent there). Keys hold a hash, never the address. When Redis is
 * away it lets the request through: the per-client rate limit and identity's cooldown still hold.
 */
export class AddressCooldown {
  constructor(
    private readonly store: CooldownStore,
    private readonly log: Pick<Logger, 'warn'>,
  ) {}

  /** Throws Flood (params.retryAfter in seconds) when the address was used for this purpose within the minute. */
  async claim(purpose: string, address: string): Promise<void> {
    const key = `gw:mailcd:${purpose}:${createHash('sha256').update(normalizeEmail(address)).digest('base64url')}`;
    try {
      const set = await this.store.set(key, '1', {
        expiration: { type: 'PX', value: ADDRESS_COOLDOWN_MS },
        condition: 'NX',
      });
      if (set === 'OK') return;
      const waitMs = await this.store.pTTL(key);
      throw new AppError('Flood', { params: { retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) } });
    } catch (error) {
      if (AppError.is(error)) throw error;
      this.log.warn({ err: error }, 'mail cooldown unavailable');
    }
  }
}
