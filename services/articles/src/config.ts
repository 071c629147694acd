import { booleanFlag, objectStoreConfigSchema, serviceConfigSchema } from '@pencraft/kit';
import { z } from 'zod';

export const articlesConfigSchema = serviceConfigSchema
  .extend({
    /**
     * Until the moderation service reviews articles, publishing goes straight to published.
     * Set to false once moderation is deployed: publish then submits the article for review.
     */
    PUBLISH_WITHOUT_REVIEW: booleanFlag(false),
    /** How often the view and read counters move from Redis to PostgreSQL (and once more at shutdown). */
    STATISTICS_FLUSH_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  })
  // The editor's images (S3_*: system.json `uses` objectStore).
  .extend(objectStoreConfigSchema.shape);

export type ArticlesConfig = z.infer<typeof articlesConfigSchema>;
