import { Inject, Injectable } from '@nestjs/common';
import { PAGE_SIZE } from '@pencraft/rules';
import type { RouteInput } from '../http/route.js';
import type { searchTextRoute } from './search.routes.js';
import { SEARCH, type SearchClient } from './search.upstream.js';
import { languages, searchHitKinds } from '@pencraft/contracts/enums';

@Injectable()
export class SearchService {
  constructor(@Inject(SEARCH) private readonly search: SearchClient) {}

  /** Every published article, or only the articles of `publicationId` (the publication whose subdomain was asked). */
  async text({ query }: RouteInput<typeof searchTextRoute>, publicationId?: string) {
    const result = await this.search.searchText({
      query: query.q,
      page: query.page,
      pageSize: PAGE_SIZE,
      ...(publicationId ? { publicationId } : {}),
    });
    return {
      items: result.hits.map((hit) => ({
        id: hit.id,
        kind: searchHitKinds.require(hit.kind, 'kind'),
        title: hit.title,
        snippet: hit.snippet,
        language: languages.require(hit.language, 'language'),
        author: { uid: hit.authorUid, username: hit.authorUsername, fullname: hit.authorFullname },
        publishedAt: new Date(hit.publishedAtMs).toISOString(),
      })),
      page: result.page,
      pageSize: result.pageSize,
      hasMore: result.hasMore,
    };
  }
}
