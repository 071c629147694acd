import { Language } from '@pencraft/contracts/common/v1/common';
import { SearchHitKind, type SearchTextResponse } from '@pencraft/contracts/search/v1/search';
import { PAGE_SIZE } from '@pencraft/rules';
import { strictMock, type StrictMock } from '@pencraft/testing';
import type { FastifyRequest } from 'fastify';
import { setPublicationOf } from '../http/publication-hosts.js';
import { SearchController } from './search.controller.js';
import { SearchService } from './search.service.js';
import type { SearchClient } from './search.upstream.js';

const PUBLICATION_ID = '7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b';
const PUBLISHED = Date.UTC(2026, 10, 25, 10);
const input = { params: {}, query: { q: 'çay', page: 2 }, body: {} };

const answer: SearchTextResponse = {
  hits: [
    {
      id: 'a-1',
      kind: SearchHitKind.SEARCH_HIT_KIND_ARTICLE,
      title: 'Çay',
      snippet: 'çay süfrəsi',
      language: Language.LANGUAGE_AZ,
      authorUid: 'u-1',
      authorUsername: 'leyla',
      authorFullname: 'Leyla',
      publishedAtMs: PUBLISHED,
      rank: 0.5,
    },
  ],
  page: 2,
  pageSize: PAGE_SIZE,
  hasMore: false,
};

describe('SearchService (gateway)', () => {
  let search: StrictMock<SearchClient>;
  let service: SearchService;

  beforeEach(() => {
    search = strictMock<SearchClient>('search');
    search.searchText.mockResolvedValue(answer);
    service = new SearchService(search);
  });

  it('searches every article on the main host (no publication asked for)', async () => {
    const page = await service.text(input);

    expect(search.searchText).toHaveBeenCalledWith({ query: 'çay', page: 2, pageSize: PAGE_SIZE });
    expect(page).toEqual({
      items: [
        {
          id: 'a-1',
          kind: 'article',
          title: 'Çay',
          snippet: 'çay süfrəsi',
          language: 'az',
          author: { uid: 'u-1', username: 'leyla', fullname: 'Leyla' },
          publishedAt: new Date(PUBLISHED).toISOString(),
        },
      ],
      page: 2,
      pageSize: PAGE_SIZE,
      hasMore: false,
    });
  });

  it("searches only the publication's articles on its subdomain", async () => {
    await service.text(input, PUBLICATION_ID);

    expect(search.searchText).toHaveBeenCalledWith({
      query: 'çay',
      page: 2,
      pageSize: PAGE_SIZE,
      publicationId: PUBLICATION_ID,
    });
  });

  it("hands the controller's request context (the host's publication) to the search", async () => {
    const controller = new SearchController(service);
    const request = {} as FastifyRequest;

    setPublicationOf(request, { id: PUBLICATION_ID, slug: 'devblog' });
    await controller.text(input, request);
    expect(search.searchText).toHaveBeenLastCalledWith(expect.objectContaining({ publicationId: PUBLICATION_ID }));

    setPublicationOf(request, null);
    await controller.text(input, request);
    expect(search.searchText).toHaveBeenLastCalledWith({ query: 'çay', page: 2, pageSize: PAGE_SIZE });
  });
});
