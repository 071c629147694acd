import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type Logger, LOGGER } from '@pencraft/kit';
import { SubscriptionRepository } from '../subscriptions/subscription.repository.js';
import { PaymentService } from './payment.service.js';

/** How often the provider is asked again to stop renewing what a subscriber or a deleted plan cancelled here. */
export const RENEWAL_STOP_RETRY_MS = 5 * 60_000;
/** At most this many per run (oldest cancellation first). */
export const RENEWAL_STOP_BATCH = 50;

/**
 * Unsubscribe and DeletePlan cancel paid subscriptions in the database and then tell the provider; when the provider
 * failed, the subscription stays marked providerCancelPending and this asks again every RENEWAL_STOP_RETRY_MS, in
 * every replica (the provider's cancel at period end is idempotent, so two replicas asking at once is harmless).
 */
@Injectable()
export class RenewalStopRetrier implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running: Promise<void> | undefined;

  constructor(
    private readonly subscriptions: SubscriptionRepository,
    private readonly payments: PaymentService,
    @Inject(LOGGER) private readonly log: Pick<Logger, 'error'>,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => void this.tick(), RENEWAL_STOP_RETRY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown() {
    clearInterval(this.timer);
    await this.running;
  }

  /** One run; a run still going when the next tick comes is not doubled. Answers nothing, logs a failure. */
  tick(): Promise<void> {
    this.running ??= this.runOnce()
      .then(() => undefined)
      .catch((error: unknown) => this.log.error({ err: error }, 'renewal stop retry failed; retried next tick'))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  /** How many are still pending after this run's batch. */
  async runOnce(): Promise<number> {
    const ids = await this.subscriptions.pendingRenewalStops(RENEWAL_STOP_BATCH);
    return ids.length === 0 ? 0 : this.payments.stopRenewals(ids);
  }
}
