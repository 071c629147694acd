import 'reflect-metadata';
import { type INestApplication, Module, type Type } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { loadConfig, type BaseConfig, type ServiceConfig } from '../config/config.js';
import { createDatabase } from '../database/database.js';
import type { eventTables } from '../events/event-tables.js';
import { connectNats, type NatsHandle } from '../events/nats.js';
import { createHealthController, GrpcErrorFilter, grpcServerOptions, type GrpcServices } from '../grpc/grpc-server.js';
import { GrpcObservabilityInterceptor } from '../grpc/grpc-observability.interceptor.js';
import { grpcAccessInterceptor } from '../grpc/grpc-access.js';
import { Readiness } from '../health/readiness.js';
import { HttpContextInterceptor, installHttpObservability } from '../http/http-observability.js';
import { reserveInternalPaths, startInternalServer, type InternalServer } from '../http/probes.js';
import { createLogger, PinoNestLogger, type Logger } from '../logging/logger.js';
import { Metrics } from '../metrics/metrics.js';
import { pingRedis, redisTlsFromEnv, type RedisClient } from '../redis/redis.js';
import { traceContextServerFactory } from '../http/trace-context.js';
import { trustProxyOf } from '../http/trust-proxy.js';
import {
  initTracing,
  isInstrumented,
  isPreloaded,
  shutdownTracing,
  tracingOptionsFromEnv,
} from '../tracing/tracing.js';
import { startIdleMemoryRelease } from './idle-memory.js';
import { PlatformModule } from './platform.module.js';

export interface ServiceSpec<C extends BaseConfig> {
  /** One name everywhere: folder, image, OTEL_SERVICE_NAME, proto prefix, schema. */
  name: string;
  configSchema: z.ZodType<C>;
  /** The service's root module; it receives the config through the CONFIG token. */
  module: Type<unknown>;
  /** For services that own data: the schema and the event tables in it. */
  database?: { schema: string; eventTables: ReturnType<typeof eventTables> };
  /** Whether the service publishes events (an outbox relay runs). */
  publishes?: boolean;
  grpc?: GrpcServices;
  /** Extra setup on the Fastify instance before Nest's routes (hooks, plugins). */
  configureHttp?: (fastify: FastifyInstance, app: NestFastifyApplication, config: C) => Promise<void> | void;
  /** Global Nest filters for HTTP (the gateway's error shape). */
  httpFilters?: Type<unknown>[];
  /** How many proxy hops may set X-Forwarded-For (request.ip); 0 trusts only the socket. */
  trustProxyHops?: (config: C) => number;
  /**
   * Whether the service uses Redis (a client under the REDIS token). Otherwise, with REDIS_URL set, readiness still
   * checks Redis with a bare PING and the Redis client library is never loaded (about 1.2 MB of modules).
   */
  redis?: boolean;
}

export interface RunningService {
  app: NestFastifyApplication;
  logger: Logger;
  readiness: Readiness;
  shutdown(reason: string): Promise<void>;
}

/**
 * Boots a service the same way everywhere: configuration checked first, tracing, JSON logs,
 * probes and metrics on the internal port, gRPC with health, and a graceful stop on SIGTERM/SIGINT.
 */
export async function bootService<C extends BaseConfig>(spec: ServiceSpec<C>): Promise<RunningService> {
  const config = loadConfig(spec.configSchema);
  // Normally done already by the preload (node --import @pencraft/kit/instrument), from the same variables.
  const tracing = tracingOptionsFromEnv();
  await initTracing({ ...tracing, serviceName: spec.name });
  const logger = createLogger({ service: spec.name, level: config.LOG_LEVEL });
  if (tracing.exporter !== 'none' && !isPreloaded()) {
    logger.warn('started without node --import @pencraft/kit/instrument: no spans for HTTP, gRPC, PostgreSQL, Redis');
  }
  const metrics = new Metrics(spec.name);
  const readiness = new Readiness();
  // Not ready until the public port listens and SIGTERM stops gracefully (markStarted, at the end of the boot).
  readiness.markStarting();
  const serviceConfig = config as unknown as Partial<ServiceConfig>;

  const database =
    spec.database && serviceConfig.DATABASE_URL
      ? createDatabase({
          url: serviceConfig.DATABASE_URL,
          schema: spec.database.schema,
          poolMax: serviceConfig.DATABASE_POOL_MAX ?? 10,
          service: spec.name,
          metrics,
        })
      : undefined;
  if (database) readiness.add({ name: 'database', check: async () => void (await database.pool.query('select 1')) });

  const redisUrl = (config as { REDIS_URL?: string }).REDIS_URL;
  let redis: RedisClient | undefined;
  if (redisUrl && spec.redis) {
    const { createRedis } = await import('../redis/client.js');
    const client = createRedis(redisUrl, logger);
    redis = client;
    readiness.add({ name: 'redis', check: async () => void (await client.ping()) });
  } else if (redisUrl) {
    // Read now: plaintext Redis in production (no REDIS_INSECURE) refuses to start, not at the first check (issue #19).
    const redisTls = redisTlsFromEnv(redisUrl);
    readiness.add({ name: 'redis', check: () => pingRedis(redisUrl, undefined, redisTls) });
  }

  let nats: NatsHandle | undefined;
  if (serviceConfig.NATS_URL) {
    nats = await connectNats({
      url: serviceConfig.NATS_URL,
      name: spec.name,
      log: logger,
      ...(serviceConfig.NATS_USER ? { user: serviceConfig.NATS_USER, password: serviceConfig.NATS_PASSWORD } : {}),
    });
    const connection = nats.nc;
    readiness.add({
      name: 'nats',
      check: async () => {
        if (connection.isClosed()) throw new Error('connection closed');
        await connection.flush();
      },
    });
  }

  const providersForGrpc = spec.grpc ? [createHealthController(readiness)] : [];
  @Module({
    imports: [
      PlatformModule.forRoot({
        service: spec.name,
        config,
        logger,
        metrics,
        readiness,
        ...(database ? { database } : {}),
        ...(spec.database ? { eventTables: spec.database.eventTables } : {}),
        ...(redis ? { redis } : {}),
        ...(nats ? { nats } : {}),
        publishes: spec.publishes ?? false,
      }),
      spec.module,
    ],
    controllers: providersForGrpc,
    providers: [
      { provide: APP_INTERCEPTOR, useFactory: () => new HttpContextInterceptor() },
      // Only with a gRPC server: every global interceptor is one more layer around each HTTP handler too.
      ...(spec.grpc
        ? [
            { provide: APP_INTERCEPTOR, useFactory: () => new GrpcObservabilityInterceptor(metrics) },
            // Inside the observability layer, so refused calls are counted and logged too (issue #19).
            { provide: APP_INTERCEPTOR, useFactory: () => grpcAccessInterceptor(spec.name) },
            { provide: APP_FILTER, useClass: GrpcErrorFilter },
          ]
        : []),
      ...(spec.httpFilters ?? []).map((filter) => ({ provide: APP_FILTER, useClass: filter })),
    ],
  })
  class RootModule {}

  const hops = spec.trustProxyHops?.(config) ?? 0;
  const adapter = new FastifyAdapter({
    trustProxy: trustProxyOf(hops),
    bodyLimit: 1_048_576,
    // The router answers a path parameter over its default 100 characters with a bare 414, outside the API's error
    // shape; up to this length the route's schema refuses it with a catalogue code instead.
    routerOptions: { maxParamLength: 2_048 },
    return503OnClosing: true,
    // Without the HTTP instrumentation (no exporter), the server itself keeps each request in its trace context.
    ...(isInstrumented() ? {} : { serverFactory: traceContextServerFactory() }),
  });
  const fastify = adapter.getInstance() as unknown as FastifyInstance;
  installHttpObservability(fastify, metrics);
  reserveInternalPaths(fastify);

  const app = await NestFactory.create<NestFastifyApplication>(RootModule, adapter, {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  await spec.configureHttp?.(fastify, app, config);
  if (spec.grpc) {
    const grpcPort = serviceConfig.GRPC_PORT;
    if (!grpcPort) throw new Error(`${spec.name} serves gRPC but GRPC_PORT is not configured`);
    app.connectMicroservice(grpcServerOptions(grpcPort, spec.grpc), { inheritAppConfig: true });
    await app.startAllMicroservices();
  }
  const internal = await startInternalServer({ port: config.INTERNAL_HTTP_PORT, readiness, metrics });
  await app.listen({ port: config.HTTP_PORT, host: '0.0.0.0' });
  logger.info(
    { httpPort: config.HTTP_PORT, internalPort: config.INTERNAL_HTTP_PORT, grpcPort: serviceConfig.GRPC_PORT },
    `${spec.name} started`,
  );

  const shutdown = installShutdown(app, internal, logger, readiness, config);
  // Only now: a caller told "ready" (the orchestrator, the tests' waitReady) finds the public HTTP and gRPC ports
  // listening, and its SIGTERM ends the process gracefully (exit 0) instead of killing it mid-boot.
  readiness.markStarted();
  // Idle after work (and after the boot), the process gives V8's freed pages back (under node --expose-gc), and after
  // work malloc's too.
  startIdleMemoryRelease({
    onRelease: ({ rssBefore, rssAfter, ms, trimmed }) =>
      logger.info(
        {
          rssBeforeMiB: Math.round(rssBefore / 1_048_576),
          rssAfterMiB: Math.round(rssAfter / 1_048_576),
          ms,
          mallocTrimmed: trimmed,
        },
        'idle: memory released',
      ),
  });
  return { app, logger, readiness, shutdown };
}

function installShutdown(
  app: INestApplication,
  internal: InternalServer,
  logger: Logger,
  readiness: Readiness,
  config: BaseConfig,
) {
  let stopping: Promise<void> | undefined;
  const shutdown = (reason: string) => {
    stopping ??= (async () => {
      logger.info({ reason }, 'shutting down: no longer ready, finishing in-flight work');
      readiness.markShuttingDown();
      const force = setTimeout(() => {
        logger.error('graceful shutdown took too long; exiting');
        process.exit(1);
      }, config.SHUTDOWN_GRACE_MS + config.SHUTDOWN_DRAIN_DELAY_MS);
      force.unref();
      if (config.SHUTDOWN_DRAIN_DELAY_MS > 0) await new Promise((r) => setTimeout(r, config.SHUTDOWN_DRAIN_DELAY_MS));
      await app.close();
      // Last to close: probes and scrapes see the drain (readyz 503) until the app is gone.
      await internal.close();
      await shutdownTracing();
      logger.info('stopped');
    })();
    return stopping;
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      shutdown(signal).then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
  return shutdown;
}
