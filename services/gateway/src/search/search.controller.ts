import { Controller, Get, Inject, Query } from '@nestjs/common';
import { z } from 'zod';
import { Doc } from '../docs/doc.decorator.js';
import { parseInput } from '../http/validation.js';
import { SEARCH, type SearchClient } from '../upstreams/upstreams.js';

export const SearchQuery = z.object({
  q: z.string().max(200),
  page: z.coerce.number().int().min(1).max(50).optional().default(1),
});

export const SearchPage = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      kind: z.literal('article'),
      title: z.string(),
      snippet: z.string(),
      language: z.enum(['az', 'en', 'ru']),
      author: z.object({ uid: z.string(), username: z.string(), fullname: z.string() }),
      publishedAt: z.string(),
    }),
  ),
  page: z.number(),
  pageSize: z.number(),
  hasMore: z.boolean(),
});

@Controller('api')
export class SearchController {
  constructor(@Inject(SEARCH) private readonly search: SearchClient) {}

  @Get('strict/txt')
  @Doc({
    tag: 'search',
    summary: 'Full-text search of published articles',
    query: SearchQuery,
    response: SearchPage,
    errors: ['NullOrEmpty', 'InvalidModel', 'InvalidPage'],
  })
  async text(@Query() query: unknown) {
    const { q, page } = parseInput(SearchQuery, query, { q: 'NullOrEmpty', page: 'InvalidPage' });
    const result = await this.search.searchText({ query: q, page, pageSize: 20 });
    return {
      items: result.hits.map((hit) => ({
        id: hit.id,
        kind: hit.kind,
        title: hit.title,
        snippet: hit.snippet,
        language: hit.language,
        author: { uid: hit.authorUid, username: hit.authorUsername, fullname: hit.authorFullname },
        publishedAt: new Date(hit.publishedAtMs).toISOString(),
      })),
      page: result.page,
      pageSize: result.pageSize,
      hasMore: result.hasMore,
    };
  }
}
