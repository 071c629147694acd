import { serviceConfigSchema } from '@pencraft/kit';
import { z } from 'zod';

const grpcAddress = z.string().regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'must be host:port');

/** The services moderation calls (system.json `moderation.calls`): their gRPC addresses. */
export const moderationConfigSchema = serviceConfigSchema.extend({
  ARTICLES_GRPC_ADDR: grpcAddress,
  COMMENTS_GRPC_ADDR: grpcAddress,
  IDENTITY_GRPC_ADDR: grpcAddress,
});

export type ModerationConfig = z.infer<typeof moderationConfigSchema>;
