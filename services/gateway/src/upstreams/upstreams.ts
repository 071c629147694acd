import { ArticlesServiceClient, ArticlesServiceService } from '@pencraft/contracts/articles/v1/articles';
import { IdentityServiceClient, IdentityServiceService } from '@pencraft/contracts/identity/v1/identity';
import { SearchServiceClient, SearchServiceService } from '@pencraft/contracts/search/v1/search';
import { CONFIG, createGrpcClient, type PromiseClient } from '@pencraft/kit';
import type { Provider } from '@nestjs/common';
import type { GatewayConfig } from '../config.js';

/** Injection tokens (and types) of the gRPC services behind the public API. */
export abstract class IdentityClient {}
export interface IdentityClient extends PromiseClient<IdentityServiceClient> {}
export abstract class ArticlesClient {}
export interface ArticlesClient extends PromiseClient<ArticlesServiceClient> {}
export abstract class SearchClient {}
export interface SearchClient extends PromiseClient<SearchServiceClient> {}

export const upstreamProviders: Provider[] = [
  {
    provide: IdentityClient,
    inject: [CONFIG],
    useFactory: (config: GatewayConfig) => createGrpcClient(IdentityServiceClient, IdentityServiceService, config.IDENTITY_GRPC_ADDR),
  },
  {
    provide: ArticlesClient,
    inject: [CONFIG],
    useFactory: (config: GatewayConfig) => createGrpcClient(ArticlesServiceClient, ArticlesServiceService, config.ARTICLES_GRPC_ADDR),
  },
  {
    provide: SearchClient,
    inject: [CONFIG],
    useFactory: (config: GatewayConfig) => createGrpcClient(SearchServiceClient, SearchServiceService, config.SEARCH_GRPC_ADDR),
  },
];
