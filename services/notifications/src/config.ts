import { booleanFlag, mailConfigSchema, serviceConfigSchema } from '@pencraft/kit';
import { z } from 'zod';

export const notificationsConfigSchema = serviceConfigSchema
  .extend({
    /** identity's gRPC address: where a mail goes and in which language (GetContact). */
    IDENTITY_GRPC_ADDR: z.string().regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'must be host:port'),
    /** The site's origin as browsers see it: mailed links point there. */
    PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }),
    /** How often the mail sender looks for notifications to mail besides being woken by new ones. */
    MAIL_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    /**
     * How often the open streams look for new notifications besides being woken by PostgreSQL (a safety net): one
     * query a replica for all of them (LiveHub).
     */
    LIVE_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
    /** Partner webhooks (issue #18): seals the endpoints' signing secrets at rest (AES-256-GCM, 32 bytes in hex). */
    WEBHOOK_ENCRYPTION_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits (32 bytes)'),
    /** Development only: endpoints may be http and on private, loopback or link-local addresses. */
    WEBHOOK_ALLOW_PRIVATE: booleanFlag(false),
    /** host:port pairs an endpoint may point at whatever their address (the test profile's receiver), comma-separated. */
    WEBHOOK_ALLOWED_TARGETS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((target) => target.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^[a-z0-9.-]+:\d{1,5}$/, 'must be host:port'))),
    /** The first retry's delay cap (full jitter: a random delay up to base * 2^(attempt-1), at most an hour). */
    WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(5_000),
    /** Attempts of a delivery before it is dead (the dead-letter list). */
    WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(8),
    /** How long one attempt may take (connect, answer and the body read). */
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /** How often the dispatcher looks for due deliveries besides being woken by new ones. */
    WEBHOOK_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(1_000),
    /** How long identity's answer on whether a partner client is active is kept (a revoked one stops within it). */
    WEBHOOK_PARTNER_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(60_000),
    /** Deliveries sent at once. */
    WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  })
  .extend(mailConfigSchema.shape);

export type NotificationsConfig = z.infer<typeof notificationsConfigSchema>;
