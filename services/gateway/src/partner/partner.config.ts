import { PARTNER_DAILY_QUOTA_DEFAULT, PARTNER_RATE_LIMIT_DEFAULT } from '@pencraft/rules';
import { z } from 'zod';

/**
 * The partner surface (/api/v1): how long a client's registry record, the registered origins and a personal access
 * token's verification on a safe method are kept in memory (at most a minute, so a revoked client or token is
 * refused within one; the test profile shortens it), and the limits of a writer's personal access tokens (per user,
 * all their tokens together; a partner client's own limits come from the registry).
 */
export const partnerConfigShape = {
  PARTNER_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(30),
  PARTNER_TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(PARTNER_RATE_LIMIT_DEFAULT),
  PARTNER_TOKEN_DAILY_QUOTA: z.coerce.number().int().min(1).default(PARTNER_DAILY_QUOTA_DEFAULT),
};

export interface PartnerSettings {
  PARTNER_CACHE_SECONDS: number;
  PARTNER_TOKEN_RATE_LIMIT_PER_MINUTE: number;
  PARTNER_TOKEN_DAILY_QUOTA: number;
}

/** The partner surface's paths: the prefix of its routes and of its own OpenAPI document. */
export const PARTNER_PREFIX = '/api/v1';

/** Whether a request's URL (a path, maybe with a query) is on the partner surface. */
export function isPartnerPath(url: string): boolean {
  const path = url.split('?')[0]!;
  return path === PARTNER_PREFIX || path.startsWith(`${PARTNER_PREFIX}/`);
}
