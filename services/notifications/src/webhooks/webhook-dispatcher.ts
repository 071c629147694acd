import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { Clock, CONFIG, LOGGER, SecretBox, type Logger } from '@pencraft/kit';
import type { NotificationsConfig } from '../config.js';
import { retryDelayMs } from './backoff.js';
import { PartnerStatus } from './partner-status.js';
import { WebhookRepository, type AttemptRecord, type ClaimedDelivery } from './webhook.repository.js';
import { WebhookSender, type SendResult } from './webhook-sender.js';
import { signDelivery } from './webhook-signing.js';

/** How long a claimed delivery stays leased beyond the attempt's timeout (a dispatcher that died lets it go then). */
const LEASE_SLACK_MS = 60_000;

/**
 * The delivery's next state after an attempt (`attempts` counts this one): a 2xx succeeded; otherwise failed and
 * retried after a full-jitter backoff, or dead once it was the last try (a redelivery of a dead delivery is one more
 * try: dead again if it fails).
 */
export function attemptOutcome(
  result: SendResult,
  attempts: number,
  options: { maxAttempts: number; retryBaseMs: number; now: Date; random?: () => number },
): AttemptRecord {
  const common = {
    attempts,
    responseStatus: result.status > 0 ? result.status : null,
    responseBody: result.body ? result.body : null,
    at: options.now,
  };
  if (result.ok) return { ...common, status: 'succeeded', nextAttemptAt: null, error: null };
  if (attempts >= options.maxAttempts) return { ...common, status: 'dead', nextAttemptAt: null, error: result.error };
  const delay = retryDelayMs(attempts, options.retryBaseMs, options.random);
  return {
    ...common,
    status: 'failed',
    nextAttemptAt: new Date(options.now.getTime() + delay),
    error: result.error,
  };
}

/**
 * Sends the due deliveries: claims as many as there are free slots (WEBHOOK_CONCURRENCY, row locks skip locked so
 * several replicas share the work), signs each attempt (Standard Webhooks) and records what it came to. On SIGTERM it
 * stops claiming and lets the attempts in flight finish (each bounded by WEBHOOK_TIMEOUT_MS).
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private running = false;
  private loop?: Promise<void>;
  private wakeUp?: () => void;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly deliveries: WebhookRepository,
    private readonly secrets: SecretBox,
    private readonly sender: WebhookSender,
    private readonly partners: PartnerStatus,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: NotificationsConfig,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  onApplicationBootstrap() {
    this.running = true;
    this.loop = this.run();
  }

  async beforeApplicationShutdown() {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
    await Promise.allSettled([...this.inFlight]);
  }

  /** Wakes the loop (a new or redelivered delivery is due now). */
  poke() {
    this.wakeUp?.();
  }

  /** Claims what the free slots allow and starts those attempts; answers how many were claimed. */
  async tick(): Promise<number> {
    const free = this.config.WEBHOOK_CONCURRENCY - this.inFlight.size;
    if (free <= 0) return 0;
    const now = this.clock.now();
    const lease = new Date(now.getTime() + this.config.WEBHOOK_TIMEOUT_MS + LEASE_SLACK_MS);
    const claimed = await this.deliveries.claimDue(free, now, lease);
    for (const delivery of claimed) {
      const attempt = this.attempt(delivery).finally(() => {
        this.inFlight.delete(attempt);
        this.wakeUp?.();
      });
      this.inFlight.add(attempt);
    }
    return claimed.length;
  }

  /**
   * One attempt of one delivery, its outcome recorded; never throws. A client that is revoked (or no longer
   * registered) gets nothing more: the delivery is dead and the client's endpoints are paused.
   */
  async attempt(delivery: ClaimedDelivery): Promise<void> {
    let result: SendResult;
    try {
      if (!(await this.partners.isActive(delivery.clientId))) {
        await this.revoked(delivery);
        return;
      }
      const secret = this.secrets.open(delivery.secretSealed);
      const headers = signDelivery(secret, delivery.id, this.clock.now(), delivery.payload);
      result = await this.sender.deliver(delivery.url, { ...headers }, delivery.payload);
    } catch (error) {
      result = { ok: false, status: 0, body: '', error: error instanceof Error ? error.message : 'failed' };
    }
    const record = attemptOutcome(result, delivery.attempts + 1, {
      maxAttempts: this.config.WEBHOOK_MAX_ATTEMPTS,
      retryBaseMs: this.config.WEBHOOK_RETRY_BASE_MS,
      now: this.clock.now(),
    });
    try {
      await this.deliveries.recordAttempt(delivery.id, record);
    } catch (error) {
      // The lease runs out and the delivery is tried again: at least once, never lost.
      this.log.warn({ err: error, deliveryId: delivery.id }, 'webhook attempt not recorded');
    }
    if (record.status === 'dead') {
      this.log.warn(
        { deliveryId: delivery.id, type: delivery.eventType, error: record.error },
        'webhook delivery dead',
      );
    }
  }

  private async revoked(delivery: ClaimedDelivery) {
    const now = this.clock.now();
    // The endpoints first: once the delivery reads dead, nothing more of the client's is claimed.
    await this.deliveries.disableClient(delivery.clientId, now);
    await this.deliveries.recordAttempt(delivery.id, {
      status: 'dead',
      attempts: delivery.attempts,
      nextAttemptAt: null,
      responseStatus: null,
      responseBody: null,
      error: 'partner client revoked',
      at: now,
    });
    this.log.warn({ deliveryId: delivery.id }, 'webhook delivery of a revoked partner client dropped');
  }

  private async run() {
    while (this.running) {
      let claimed = 0;
      try {
        claimed = await this.tick();
      } catch (error) {
        this.log.warn({ err: error }, 'webhook dispatch failed');
      }
      if (!this.running) break;
      if (claimed > 0 && this.inFlight.size < this.config.WEBHOOK_CONCURRENCY) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.config.WEBHOOK_POLL_MS);
        timer.unref();
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = undefined;
    }
  }
}
