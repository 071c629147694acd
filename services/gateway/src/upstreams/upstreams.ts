import type { Provider } from '@nestjs/common';
import { ArticlesServiceClient, ArticlesServiceService } from '@pencraft/contracts/articles/v1/articles';
import { IdentityServiceClient, IdentityServiceService } from '@pencraft/contracts/identity/v1/identity';
import { SearchServiceClient, SearchServiceService } from '@pencraft/contracts/search/v1/search';
import { CONFIG, createGrpcClient, type PromiseClient } from '@pencraft/kit';
import type { GatewayConfig } from '../config.js';

/** The gRPC services behind the public API: injection tokens and client types. */
export const IDENTITY = Symbol('identity gRPC client');
export const ARTICLES = Symbol('articles gRPC client');
export const SEARCH = Symbol('search gRPC client');
export type IdentityClient = PromiseClient<IdentityServiceClient>;
export type ArticlesClient = PromiseClient<ArticlesServiceClient>;
export type SearchClient = PromiseClient<SearchServiceClient>;

export const upstreamProviders: Provider[] = [
  {
    provide: IDENTITY,
    inject: [CONFIG],
    useFactory: (config: GatewayConfig) =>
      createGrpcClient(IdentityServiceClient, IdentityServiceService, config.IDENTITY_GRPC_ADDR),
  },
  {
    provide: ARTICLES,
    inject: [CONFIG],
    useFactory: (config: GatewayConfig) =>
      createGrpcClient(ArticlesServiceClient, ArticlesServiceService, config.ARTICLES_GRPC_ADDR),
  },
  {
    provide: SEARCH,
    inject: [CONFIG],
    useFactory: (config: GatewayConfig) =>
      createGrpcClient(SearchServiceClient, SearchServiceService, config.SEARCH_GRPC_ADDR),
  },
];
