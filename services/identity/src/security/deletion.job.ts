import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import { Clock, CONFIG, type Logger, LOGGER, ObjectStore, Outbox, TransactionManager } from '@pencraft/kit';
import type { IdentityConfig } from '../config.js';
import { userMediaPrefix } from '../media/media-keys.js';
import { DeletionRepository } from './deletion.repository.js';

/** Accounts deleted per transaction: small batches keep locks short. */
export const DELETION_BATCH = 20;

/**
 * Deletes accounts whose grace period is over, every DELETION_JOB_INTERVAL_SECONDS in every replica: each batch
 * locks its rows with SKIP LOCKED, deletes the users (identity's rows of them cascade) and writes
 * identity.user.deleted to the outbox in the same transaction, so the event exists exactly when the deletion does;
 * then, best effort, removes the deleted users' pictures from the object store.
 */
@Injectable()
export class DeletionJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running: Promise<void> | undefined;

  constructor(
    @Inject(CONFIG) private readonly config: Pick<IdentityConfig, 'DELETION_JOB_INTERVAL_SECONDS'>,
    @Inject(LOGGER) private readonly log: Logger,
    private readonly deletions: DeletionRepository,
    private readonly transactions: TransactionManager,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    private readonly store: ObjectStore,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => void this.tick(), this.config.DELETION_JOB_INTERVAL_SECONDS * 1000);
    this.timer.unref();
  }

  async onApplicationShutdown() {
    clearInterval(this.timer);
    await this.running;
  }

  /** One run: batches until nothing is due; a run still going when the next tick comes is not doubled. */
  tick(): Promise<void> {
    this.running ??= this.runOnce()
      .then(() => undefined)
      .catch((error: Error) => this.log.error({ err: error }, 'account deletion job failed; retried next tick'))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  /** How many accounts were deleted. */
  async runOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await this.transactions.run(async (tx) => {
        const now = this.clock.now();
        const due = await this.deletions.lockDue(tx, now, DELETION_BATCH);
        await this.deletions.deleteUsers(tx, due);
        for (const uid of due) {
          await this.outbox.add(tx, outboxEvent(EVENTS.userDeleted, { uid, deletedAtMs: now.getTime() }));
        }
        return due;
      });
      await this.removePictures(deleted);
      total += deleted.length;
      if (deleted.length < DELETION_BATCH) break;
    }
    if (total > 0) this.log.info({ accounts: total }, 'deleted accounts whose grace period ended');
    return total;
  }

  /**
   * Removes the avatars and banners of accounts just deleted: after the commit, so the slow store never holds the
   * row locks and its failure never undoes a deletion. The objects are found by the user's folder rather than by the
   * rows' keys, because the rows are gone and the folder also holds pictures an earlier replacement failed to remove.
   * A failure leaves objects no page links to any more; it is logged with the error code only (no uid, no key: they
   * would tie the deleted person to the log).
   */
  private async removePictures(uids: string[]): Promise<void> {
    const failures: string[] = [];
    for (const uid of uids) {
      await this.store.removePrefix(userMediaPrefix(uid)).catch((error: unknown) => {
        const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
        failures.push(String(code ?? name ?? 'unknown'));
      });
    }
    if (failures.length > 0) {
      this.log.warn(
        { accounts: failures.length, codes: [...new Set(failures)] },
        'pictures of deleted accounts left in the object store',
      );
    }
  }
}
