import { MediaServiceClient, MediaServiceService } from '@pencraft/contracts/articles/v1/media';
import type { PromiseClient } from '@pencraft/kit';
import { defineUpstream } from '../upstreams/upstream.js';

/** articles.v1.MediaService, on the articles service's address. */
export const articlesMediaUpstream = defineUpstream('articles', MediaServiceClient, MediaServiceService);
export const ARTICLES_MEDIA = articlesMediaUpstream.token;
export type ArticlesMediaClient = PromiseClient<MediaServiceClient>;
