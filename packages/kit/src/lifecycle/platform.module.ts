import {
  type BeforeApplicationShutdown,
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  Optional,
  type Provider,
} from '@nestjs/common';
import type { DatabaseHandle } from '../database/database.js';
import { EventConsumers } from '../events/event-consumer.js';
import type { eventTables } from '../events/event-tables.js';
import type { NatsHandle } from '../events/nats.js';
import { Outbox, outboxChannel } from '../events/outbox.js';
import { OutboxRelay } from '../events/outbox-relay.js';
import { ensureStream } from '../events/streams.js';
import { Readiness } from '../health/readiness.js';
import type { Logger } from '../logging/logger.js';
import { Metrics } from '../metrics/metrics.js';
import type { RedisClient } from '../redis/redis.js';
import { CONFIG, DATABASE, EVENT_TABLES, LOGGER, NATS, REDIS } from './tokens.js';

export interface PlatformResources {
  service: string;
  config: unknown;
  logger: Logger;
  metrics: Metrics;
  readiness: Readiness;
  database?: DatabaseHandle;
  eventTables?: ReturnType<typeof eventTables>;
  redis?: RedisClient;
  nats?: NatsHandle;
  /** Whether this service publishes events (runs an outbox relay). */
  publishes?: boolean;
}

/** Starts the relay after boot; on shutdown stops taking events first and releases connections last. */
@Injectable()
class PlatformLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  constructor(
    @Inject(LOGGER) private readonly log: Logger,
    @Optional() @Inject(DATABASE) private readonly database?: DatabaseHandle,
    @Optional() @Inject(REDIS) private readonly redis?: RedisClient,
    @Optional() @Inject(NATS) private readonly nats?: NatsHandle,
    @Optional() private readonly relay?: OutboxRelay,
    @Optional() private readonly consumers?: EventConsumers,
  ) {}

  async onApplicationBootstrap() {
    await this.relay?.start();
  }

  async beforeApplicationShutdown() {
    await this.consumers?.stop();
    await this.relay?.stop();
  }

  async onApplicationShutdown() {
    await this.nats?.nc.drain().catch((error: Error) => this.log.warn({ err: error }, 'nats drain failed'));
    await this.redis?.close().catch(() => undefined);
    await this.database?.close().catch((error: Error) => this.log.warn({ err: error }, 'database close failed'));
  }
}

@Global()
@Module({})
export class PlatformModule {
  static forRoot(resources: PlatformResources): DynamicModule {
    const providers: Provider[] = [
      { provide: CONFIG, useValue: resources.config },
      { provide: LOGGER, useValue: resources.logger },
      { provide: Metrics, useValue: resources.metrics },
      { provide: Readiness, useValue: resources.readiness },
      PlatformLifecycle,
    ];
    const { database, nats, eventTables: tables } = resources;
    if (database) providers.push({ provide: DATABASE, useValue: database });
    if (resources.redis) providers.push({ provide: REDIS, useValue: resources.redis });
    if (nats) providers.push({ provide: NATS, useValue: nats });
    if (database && nats && tables) {
      providers.push({ provide: EVENT_TABLES, useValue: tables });
      providers.push({ provide: Outbox, useValue: new Outbox(tables, outboxChannel(database.schema)) });
      providers.push({
        provide: EventConsumers,
        useValue: new EventConsumers(nats.js, nats.jsm, database.db, tables, resources.logger, resources.metrics),
      });
      if (resources.publishes) {
        providers.push({
          provide: OutboxRelay,
          useFactory: async () => {
            await ensureStream(nats.jsm, resources.service);
            return new OutboxRelay(database.pool, nats.js, database.schema, resources.logger, resources.metrics);
          },
        });
      }
    }
    return { module: PlatformModule, providers, exports: providers.filter((p) => p !== PlatformLifecycle) };
  }
}
