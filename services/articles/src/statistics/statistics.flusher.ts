import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CONFIG, LOGGER, type Logger } from '@pencraft/kit';
import type { ArticlesConfig } from '../config.js';
import { StatisticsService } from './statistics.service.js';

/** Runs the statistics flush every STATISTICS_FLUSH_INTERVAL_MS, one at a time, and once more at shutdown. */
@Injectable()
export class StatisticsFlusher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private lastWarning = 0;

  constructor(
    private readonly statistics: StatisticsService,
    @Inject(CONFIG) private readonly config: Pick<ArticlesConfig, 'STATISTICS_FLUSH_INTERVAL_MS'>,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => void this.flush(), this.config.STATISTICS_FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  /** Before Redis and PostgreSQL close: the counts of the last seconds reach PostgreSQL. */
  async beforeApplicationShutdown() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
    await this.flush();
  }

  flush(): Promise<void> {
    this.running ??= this.statistics
      .flush()
      .then(
        () => undefined,
        (error: unknown) => {
          // Nothing is lost: the claimed batch stays in Redis and the next flush applies it.
          if (Date.now() - this.lastWarning > 60_000)
            this.log.warn({ err: error }, 'statistics flush failed; retrying');
          this.lastWarning = Date.now();
        },
      )
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }
}
