import { createClient } from 'redis';
import type { Logger } from '../logging/logger.js';
import { redisTlsFromEnv, type RedisTls } from './redis-tls.js';

// Loaded on demand by bootService for the services that use Redis; see ./redis.ts.

function newClient(url: string, tls: RedisTls | undefined) {
  const reconnectStrategy = (retries: number) => Math.min(100 * 2 ** Math.min(retries, 5), 3_000);
  return createClient({
    url,
    socket: tls
      ? { tls: true, ...tls, reconnectStrategy, connectTimeout: 5_000 }
      : { reconnectStrategy, connectTimeout: 5_000 },
  });
}

export type RedisClient = ReturnType<typeof newClient>;

/**
 * A Redis client that keeps reconnecting; commands wait in its queue while it is away. Over TLS for rediss:// as the
 * environment configures it (redisTlsFromEnv, which throws at once for plaintext in production without
 * REDIS_INSECURE=true).
 */
export function createRedis(url: string, log: Logger, env: NodeJS.ProcessEnv = process.env): RedisClient {
  const client = newClient(url, redisTlsFromEnv(url, env));
  let lastError = 0;
  client.on('error', (error: Error) => {
    // A dropped connection reports every retry; one line a minute is enough.
    if (Date.now() - lastError > 60_000) log.warn({ err: error }, 'redis connection error');
    lastError = Date.now();
  });
  client.connect().catch((error: Error) => log.error({ err: error }, 'redis connect failed'));
  return client;
}
