import { objectStoreConfigSchema, serviceConfigSchema } from '@pencraft/kit';
import { z } from 'zod';

export const articlesConfigSchema = serviceConfigSchema
  .extend({
    /** How often the view and read counters move from Redis to PostgreSQL (and once more at shutdown). */
    STATISTICS_FLUSH_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    /** How often each replica collects editor images nothing refers to. */
    MEDIA_SWEEP_INTERVAL_SECONDS: z.coerce.number().min(0.2).max(86_400).default(3_600),
    /** How old an editor image nothing refers to must be before it is collected (a draft may still be unsaved). */
    MEDIA_SWEEP_GRACE_SECONDS: z.coerce.number().min(0).max(2_592_000).default(86_400),
    /** The publications service's gRPC address (system.json `calls`): may a draft's owner publish into a publication. */
    PUBLICATIONS_GRPC_ADDR: z.string().regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'must be host:port'),
  })
  // The editor's images (S3_*: system.json `uses` objectStore).
  .extend(objectStoreConfigSchema.shape);

export type ArticlesConfig = z.infer<typeof articlesConfigSchema>;
