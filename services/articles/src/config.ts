import { booleanFlag, serviceConfigSchema } from '@pencraft/kit';
import type { z } from 'zod';

export const articlesConfigSchema = serviceConfigSchema.extend({
  /**
   * Until the moderation service reviews articles, publishing goes straight to published.
   * Set to false once moderation is deployed: publish then submits the article for review.
   */
  PUBLISH_WITHOUT_REVIEW: booleanFlag(false),
});

export type ArticlesConfig = z.infer<typeof articlesConfigSchema>;
