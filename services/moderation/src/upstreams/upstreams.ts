import type { FactoryProvider } from '@nestjs/common';
import { ArticlesServiceClient, ArticlesServiceService } from '@pencraft/contracts/articles/v1/articles';
import { CommentsServiceClient, CommentsServiceService } from '@pencraft/contracts/comments/v1/comments';
import { TrustServiceClient, TrustServiceService } from '@pencraft/contracts/identity/v1/moderation';
import { CONFIG, createGrpcClient, type PromiseClient } from '@pencraft/kit';
import type { ModerationConfig } from '../config.js';

/** articles.v1.ArticlesService (DecideReview). */
export const ARTICLES = Symbol('articles gRPC client');
export type ArticlesClient = PromiseClient<ArticlesServiceClient>;
/** comments.v1.CommentsService (DecideComment, GetComment). */
export const COMMENTS = Symbol('comments gRPC client');
export type CommentsClient = PromiseClient<CommentsServiceClient>;
/** identity.v1.TrustService (bans, the author's standing). */
export const TRUST = Symbol('identity trust gRPC client');
export type TrustClient = PromiseClient<TrustServiceClient>;

function upstream(token: symbol, create: (config: ModerationConfig) => { close(): void }): FactoryProvider {
  return {
    provide: token,
    inject: [CONFIG],
    useFactory: (config: ModerationConfig) => {
      const client = create(config);
      return Object.assign(client, { onApplicationShutdown: () => client.close() });
    },
  };
}

export const upstreamProviders: FactoryProvider[] = [
  upstream(ARTICLES, (c) => createGrpcClient(ArticlesServiceClient, ArticlesServiceService, c.ARTICLES_GRPC_ADDR)),
  upstream(COMMENTS, (c) => createGrpcClient(CommentsServiceClient, CommentsServiceService, c.COMMENTS_GRPC_ADDR)),
  upstream(TRUST, (c) => createGrpcClient(TrustServiceClient, TrustServiceService, c.IDENTITY_GRPC_ADDR)),
];
