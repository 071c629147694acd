import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Clock, CONFIG, type Logger, LOGGER, ObjectStore, TransactionManager } from '@pencraft/kit';
import type { ArticlesConfig } from '../config.js';
import { MediaRepository } from './media.repository.js';

/** Images collected per transaction: small batches keep locks short. */
export const SWEEP_BATCH = 50;

/**
 * Collects editor images nothing refers to (no draft, article or article edit) once they are older than
 * MEDIA_SWEEP_GRACE_SECONDS, every MEDIA_SWEEP_INTERVAL_SECONDS in every replica: each batch locks its rows with SKIP
 * LOCKED and deletes them; then, after the commit (the slow store never holds the locks), every object of their
 * folders goes. A store failure leaves objects no row or page refers to; it is logged with the error code only.
 */
@Injectable()
export class MediaSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running: Promise<void> | undefined;

  constructor(
    @Inject(CONFIG)
    private readonly config: Pick<ArticlesConfig, 'MEDIA_SWEEP_INTERVAL_SECONDS' | 'MEDIA_SWEEP_GRACE_SECONDS'>,
    @Inject(LOGGER) private readonly log: Logger,
    private readonly media: MediaRepository,
    private readonly transactions: TransactionManager,
    private readonly clock: Clock,
    private readonly store: ObjectStore,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => void this.tick(), this.config.MEDIA_SWEEP_INTERVAL_SECONDS * 1000);
    this.timer.unref();
  }

  async onApplicationShutdown() {
    clearInterval(this.timer);
    await this.running;
  }

  /** One run: batches until nothing is left; a run still going when the next tick comes is not doubled. */
  tick(): Promise<void> {
    this.running ??= this.runOnce()
      .then(() => undefined)
      .catch((error: Error) => this.log.error({ err: error }, 'image sweeper failed; retried next tick'))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  /** How many images were collected. */
  async runOnce(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - this.config.MEDIA_SWEEP_GRACE_SECONDS * 1000);
    let total = 0;
    for (;;) {
      const swept = await this.transactions.run(async (tx) => {
        const images = await this.media.lockUnreferenced(tx, before, SWEEP_BATCH);
        await this.media.removeMany(
          tx,
          images.map((image) => image.id),
        );
        return images;
      });
      await this.removeObjects(swept.map((image) => image.folder));
      total += swept.length;
      if (swept.length < SWEEP_BATCH) break;
    }
    if (total > 0) this.log.info({ images: total }, 'collected editor images nothing refers to');
    return total;
  }

  private async removeObjects(folders: string[]): Promise<void> {
    const failures: string[] = [];
    for (const folder of folders) {
      await this.store.removePrefix(folder).catch((error: unknown) => {
        const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
        failures.push(String(code ?? name ?? 'unknown'));
      });
    }
    if (failures.length > 0) {
      this.log.warn(
        { images: failures.length, codes: [...new Set(failures)] },
        'objects of collected editor images left in the object store',
      );
    }
  }
}
