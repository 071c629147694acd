import type { FastifyReply } from 'fastify';
import { tooManyRequests } from '../http/api-error.js';
import type { RateLimiter } from '../http/rate-limit.js';
import type { PartnerLimits } from './partner-credentials.js';

const MINUTE = 60;
const DAY = 86_400;

export const PARTNER_LIMITER = Symbol('PARTNER_LIMITER');

/**
 * A partner credential's limits, counted in Redis by every replica (the gateway's fixed-window limiter): requests per
 * minute, then per UTC day. Every answer announces both, in the fields of the IETF draft "RateLimit header fields for
 * HTTP" (draft-ietf-httpapi-ratelimit-headers): `RateLimit-Policy: "minute";q=600;w=60, "day";q=100000;w=86400`
 * and `RateLimit: "minute";r=<left>;t=<seconds to reset>, "day";r=...;t=...`. Beyond either: 429 TooManyRequests
 * with Retry-After (the window that refused). A request refused by the minute is not counted against the day.
 */
export function spendPartnerLimits(
  limiter: Pick<RateLimiter, 'hit' | 'peek'>,
  limits: PartnerLimits,
  reply: Pick<FastifyReply, 'header'>,
  now = Date.now(),
) {
  const minuteKey = `partner:${limits.key}`;
  const dayKey = `partner-day:${limits.key}`;
  const minute = limiter.hit(minuteKey, limits.perMinute, now, MINUTE);
  const day = minute.allowed
    ? limiter.hit(dayKey, limits.perDay, now, DAY)
    : limiter.peek(dayKey, limits.perDay, now, DAY);
  reply.header('ratelimit-policy', `"minute";q=${limits.perMinute};w=${MINUTE}, "day";q=${limits.perDay};w=${DAY}`);
  reply.header(
    'ratelimit',
    `"minute";r=${minute.remaining};t=${minute.retryAfterSeconds}, "day";r=${day.remaining};t=${day.retryAfterSeconds}`,
  );
  if (!minute.allowed) throw tooManyRequests(minute.retryAfterSeconds);
  if (!day.allowed) throw tooManyRequests(day.retryAfterSeconds);
}
