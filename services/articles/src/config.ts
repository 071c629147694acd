import { objectStoreConfigSchema, serviceConfigSchema } from '@pencraft/kit';
import { z } from 'zod';

export const articlesConfigSchema = serviceConfigSchema
  .extend({
    /** How often the view and read counters move from Redis to PostgreSQL (and once more at shutdown). */
    STATISTICS_FLUSH_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  })
  // The editor's images (S3_*: system.json `uses` objectStore).
  .extend(objectStoreConfigSchema.shape);

export type ArticlesConfig = z.infer<typeof articlesConfigSchema>;
