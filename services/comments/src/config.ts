import { serviceConfigSchema } from '@pencraft/kit';
import { z } from 'zod';

export const commentsConfigSchema = serviceConfigSchema.extend({
  /** The articles service's gRPC address (system.json `calls`): may an article be commented, and who wrote it. */
  ARTICLES_GRPC_ADDR: z.string().regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'must be host:port'),
});

export type CommentsConfig = z.infer<typeof commentsConfigSchema>;
