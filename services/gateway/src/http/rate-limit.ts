import { AppError } from '@pencraft/errors';
import type { Logger, RedisClient } from '@pencraft/kit';
import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from '../config.js';

const WINDOW_SECONDS = 60;

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/** Fixed one-minute windows counted in Redis, so every gateway replica shares the count. */
export async function hit(redis: RedisClient, key: string, limit: number, now = Date.now()): Promise<RateLimitResult> {
  const window = Math.floor(now / 1000 / WINDOW_SECONDS);
  const redisKey = `gw:rl:${key}:${window}`;
  const [count] = (await redis
    .multi()
    .incr(redisKey)
    .expire(redisKey, WINDOW_SECONDS + 1)
    .exec()) as unknown as [number];
  const retryAfterSeconds = (window + 1) * WINDOW_SECONDS - Math.floor(now / 1000);
  return { allowed: count <= limit, remaining: Math.max(0, limit - count), retryAfterSeconds };
}

/**
 * Every /api request counts against its client address; sign-in and registration have a stricter
 * budget of their own. When Redis is away, requests pass (availability first) and a warning is logged.
 */
export function installRateLimit(fastify: FastifyInstance, config: GatewayConfig, redis: RedisClient, log: Logger) {
  fastify.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const sensitive = request.method === 'POST' && request.url.startsWith('/api/id/');
    const [bucket, limit] = sensitive
      ? ['auth', config.AUTH_RATE_LIMIT_PER_MINUTE]
      : ['api', config.RATE_LIMIT_PER_MINUTE];
    let result: RateLimitResult;
    try {
      result = await hit(redis, `${bucket}:${request.ip}`, limit);
    } catch (error) {
      log.warn({ err: error }, 'rate limit unavailable; letting the request through');
      return;
    }
    reply.header('ratelimit-limit', limit);
    reply.header('ratelimit-remaining', result.remaining);
    if (!result.allowed) {
      reply.header('retry-after', result.retryAfterSeconds);
      throw new AppError('TooManyRequests');
    }
  });
}
