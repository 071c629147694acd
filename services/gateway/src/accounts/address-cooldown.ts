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
 * (identity's own cooldown, per account, stays silent there), and for a new address several accounts could name
 * (one mail to it a minute, whoever asks). Keys hold a hash, never the address. When Redis is
 * away it lets the request through: the per-client rate limit and identity's cooldown still hold.
 */
export class AddressCooldown {
  constructor(
    private readonly store: CooldownStore,
    private readonly log: Pick<Logger, 'warn'>,
  ) {}

  /** Throws Flood (params.retryAfter in seconds) when the address was used for this purpose within the minute. */
  async claim(purpose: string, address: string): Promise<void> {
    const key = keyOf(purpose, address);
    try {
      const set = await this.store.set(key, '1', {
        expiration: { type: 'PX', value: ADDRESS_COOLDOWN_MS },
        condition: 'NX',
      });
      if (set === 'OK') return;
      throw await this.flood(key);
    } catch (error) {
      if (AppError.is(error)) throw error;
      this.log.warn({ err: error }, 'mail cooldown unavailable');
    }
  }

  /**
   * For a request that may fail for other reasons first (a wrong password): Flood while the address is cooling down,
   * without starting the cooldown; `claim` starts it once the mail has gone.
   */
  async ensureFree(purpose: string, address: string): Promise<void> {
    const key = keyOf(purpose, address);
    try {
      if ((await this.store.pTTL(key)) > 0) throw await this.flood(key);
    } catch (error) {
      if (AppError.is(error)) throw error;
      this.log.warn({ err: error }, 'mail cooldown unavailable');
    }
  }

  private async flood(key: string) {
    const waitMs = await this.store.pTTL(key);
    return new AppError('Flood', { params: { retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) } });
  }
}

function keyOf(purpose: string, address: string) {
  return `gw:mailcd:${purpose}:${createHash('sha256').update(normalizeEmail(address)).digest('base64url')}`;
}
