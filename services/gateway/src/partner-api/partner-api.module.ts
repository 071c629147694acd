import { Module } from '@nestjs/common';
import { articlesUpstream } from '../articles/articles.upstream.js';
import { commentsUpstream } from '../comments/comments.upstream.js';
import { draftsUpstream } from '../drafts/drafts.upstream.js';
import { profileUpstream } from '../profiles/profile.upstream.js';
import { engagementUpstream } from '../reading/engagement.upstream.js';
import { searchUpstream } from '../search/search.upstream.js';
import { publicationsUpstream } from '../upstreams/publications.upstream.js';
import { V1Controller } from './v1.controller.js';
import { V1Service } from './v1.service.js';

/**
 * The partner surface, version 1 (/api/v1, issue #18): articles, authors, publications, categories, search, comments
 * (read) and drafts and publishing for a writer, over the same services as the site, with v1's own stable shapes.
 * Bearer verification, scopes, limits and CORS are the partner area's (services/gateway/src/partner).
 */
@Module({
  controllers: [V1Controller],
  providers: [
    articlesUpstream.provider,
    engagementUpstream.provider,
    draftsUpstream.provider,
    commentsUpstream.provider,
    searchUpstream.provider,
    profileUpstream.provider,
    publicationsUpstream.provider,
    V1Service,
  ],
})
export class PartnerApiModule {}
