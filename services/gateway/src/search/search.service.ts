import { Inject, Injectable } from '@nestjs/common';
import type { SearchTextRequest, SearchTextResponse } from '@pencraft/contracts/search/v1/search';
import { AppError } from '@pencraft/errors';
import { PAGE_SIZE, SEARCH_HIT_KINDS } from '@pencraft/rules';
import type { RouteInput } from '../http/route.js';
import type { searchAdvancedRoute, searchFullRoute, searchTextRoute } from './search.routes.js';
import { SEARCH, type SearchClient } from './search.upstream.js';
import { languages } from '@pencraft/contracts/enums';
import { searchHitKinds, searchSorts } from '@pencraft/contracts/enums/search';

const DAY_MS = 24 * 60 * 60 * 1000;
/** What /full searches when no kind is asked for: photos have their own grid (kind=photo). */
const EVERYTHING = SEARCH_HIT_KINDS.filter((kind) => kind !== 'photo');

/** What every request leaves empty unless it says. */
const NONE: Omit<SearchTextRequest, 'query' | 'page'> = {
  pageSize: PAGE_SIZE,
  kinds: [],
  category: '',
  language: 0,
  author: '',
  fromMs: 0,
  toMs: 0,
  sort: 0,
  prefix: false,
};

@Injectable()
export class SearchService {
  constructor(@Inject(SEARCH) private readonly search: SearchClient) {}

  /**
   * Every published article, or only the articles of `publicationId` (the publication whose subdomain was asked).
   * With a limit: that many suggestions, the last word matched as a prefix.
   */
  async text({ query }: RouteInput<typeof searchTextRoute>, publicationId?: string) {
    return this.page(
      await this.search.searchText({
        ...NONE,
        query: query.q,
        page: query.limit ? 1 : query.page,
        pageSize: query.limit ?? PAGE_SIZE,
        prefix: query.limit !== undefined,
        ...(publicationId ? { publicationId } : {}),
      }),
    );
  }

  /**
   * Articles, users and publications (or one kind of them), by relevance or newest first; on a publication's
   * subdomain only that publication's documents (its articles, their photos and itself).
   */
  async full({ query }: RouteInput<typeof searchFullRoute>, hostPublicationId?: string) {
    return this.page(
      await this.search.searchText({
        ...NONE,
        query: query.q,
        page: query.page,
        kinds: (query.kind ? [query.kind] : EVERYTHING).map((kind) => searchHitKinds.toProto(kind)),
        sort: searchSorts.toProto(query.sort),
        ...(hostPublicationId ? { publicationId: hostPublicationId } : {}),
      }),
    );
  }

  /**
   * One kind with filters; `to` is a whole day (published before the next one begins). On a publication's subdomain
   * the publication filter is that publication, whatever was asked.
   */
  async advanced({ query }: RouteInput<typeof searchAdvancedRoute>, hostPublicationId?: string) {
    const publicationId = hostPublicationId ?? query.publication;
    let fromMs = query.from ? Date.parse(`${query.from}T00:00:00Z`) : 0;
    let toMs = query.to ? Date.parse(`${query.to}T00:00:00Z`) + DAY_MS : 0;
    if (Number.isNaN(fromMs) || Number.isNaN(toMs)) {
      throw new AppError('InvalidModel', {
        details: [{ field: Number.isNaN(fromMs) ? 'from' : 'to', code: 'InvalidModel' }],
      });
    }
    // Before 1970 (a valid day, below the epoch the search counts from): from it is from the beginning; up to it
    // is before anything was published (the first millisecond), never a negative time the search would refuse.
    if (fromMs < 0) fromMs = 0;
    if (query.to && toMs <= 0) toMs = 1;
    if (fromMs && toMs && fromMs >= toMs) {
      throw new AppError('InvalidModel', { details: [{ field: 'to', code: 'InvalidModel' }] });
    }
    return this.page(
      await this.search.searchText({
        ...NONE,
        query: query.q,
        page: query.page,
        kinds: [searchHitKinds.toProto(query.kind)],
        sort: searchSorts.toProto(query.sort),
        category: query.category ?? '',
        language: query.language ? languages.toProto(query.language) : 0,
        author: query.author ?? '',
        fromMs,
        toMs,
        ...(publicationId ? { publicationId } : {}),
      }),
    );
  }

  private page(result: SearchTextResponse) {
    return {
      items: result.hits.map((hit) => ({
        id: hit.id,
        kind: searchHitKinds.require(hit.kind, 'kind'),
        title: hit.title,
        titleHighlights: hit.titleHighlights.map(({ start, end }) => ({ start, end })),
        snippet: hit.snippet,
        snippetHighlights: hit.snippetHighlights.map(({ start, end }) => ({ start, end })),
        language: languages.require(hit.language, 'language'),
        author: { uid: hit.authorUid, username: hit.authorUsername, fullname: hit.authorFullname },
        handle: hit.handle,
        category: hit.category,
        publicationId: hit.publicationId || null,
        imageUrl: hit.imageUrl || null,
        articleId: hit.articleId || null,
        articleTitle: hit.articleTitle || null,
        publishedAt: new Date(Number(hit.publishedAtMs)).toISOString(),
      })),
      page: result.page,
      pageSize: result.pageSize,
      hasMore: result.hasMore,
    };
  }
}
