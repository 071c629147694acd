import { Language } from '@pencraft/contracts/common/v1/common';
import { SearchHitKind, SearchSort, type SearchTextResponse } from '@pencraft/contracts/search/v1/search';
import { AppError } from '@pencraft/errors';
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
const NONE = {
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

const answer: SearchTextResponse = {
  hits: [
    {
      id: 'a-1',
      kind: SearchHitKind.SEARCH_HIT_KIND_ARTICLE,
      title: 'Çay',
      titleHighlights: [{ start: 0, end: 3 }],
      snippet: 'çay süfrəsi',
      snippetHighlights: [{ start: 0, end: 3 }],
      language: Language.LANGUAGE_AZ,
      authorUid: 'u-1',
      authorUsername: 'leyla',
      authorFullname: 'Leyla',
      publishedAtMs: PUBLISHED,
      rank: 0.5,
      handle: '',
      category: 'culture',
      publicationId: '',
      imageUrl: '',
      articleId: '',
      articleTitle: '',
    },
  ],
  page: 2,
  pageSize: PAGE_SIZE,
  hasMore: false,
};

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return { code: error.code, fields: error.details?.map((d) => d.field) };
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('SearchService (gateway)', () => {
  let search: StrictMock<SearchClient>;
  let service: SearchService;

  beforeEach(() => {
    search = strictMock<SearchClient>('search');
    search.searchText.mockResolvedValue(answer);
    service = new SearchService(search);
  });

  it('searches every article on the main host (no publication asked for), highlights as ranges', async () => {
    const page = await service.text(input);

    expect(search.searchText).toHaveBeenCalledWith({ ...NONE, query: 'çay', page: 2 });
    expect(page).toEqual({
      items: [
        {
          id: 'a-1',
          kind: 'article',
          title: 'Çay',
          titleHighlights: [{ start: 0, end: 3 }],
          snippet: 'çay süfrəsi',
          snippetHighlights: [{ start: 0, end: 3 }],
          language: 'az',
          author: { uid: 'u-1', username: 'leyla', fullname: 'Leyla' },
          handle: '',
          category: 'culture',
          publicationId: null,
          imageUrl: null,
          articleId: null,
          articleTitle: null,
          publishedAt: new Date(PUBLISHED).toISOString(),
        },
      ],
      page: 2,
      pageSize: PAGE_SIZE,
      hasMore: false,
    });
  });

  it('asks for suggestions with a limit: that many, the first page, the last word a prefix', async () => {
    await service.text({ ...input, query: { q: 'ça', page: 3, limit: 5 } });
    expect(search.searchText).toHaveBeenCalledWith({ ...NONE, query: 'ça', page: 1, pageSize: 5, prefix: true });
  });

  it("searches only the publication's articles on its subdomain", async () => {
    await service.text(input, PUBLICATION_ID);

    expect(search.searchText).toHaveBeenCalledWith({ ...NONE, query: 'çay', page: 2, publicationId: PUBLICATION_ID });
  });

  it('searches every kind, or one, by relevance or date (full)', async () => {
    await service.full({ ...input, query: { q: 'çay', page: 1, sort: 'relevance' } });
    expect(search.searchText).toHaveBeenLastCalledWith({
      ...NONE,
      query: 'çay',
      page: 1,
      kinds: [
        SearchHitKind.SEARCH_HIT_KIND_ARTICLE,
        SearchHitKind.SEARCH_HIT_KIND_USER,
        SearchHitKind.SEARCH_HIT_KIND_PUBLICATION,
      ],
      sort: SearchSort.SEARCH_SORT_RELEVANCE,
    });
    await service.full({ ...input, query: { q: 'çay', page: 1, kind: 'user', sort: 'date' } });
    expect(search.searchText).toHaveBeenLastCalledWith(
      expect.objectContaining({ kinds: [SearchHitKind.SEARCH_HIT_KIND_USER], sort: SearchSort.SEARCH_SORT_DATE }),
    );
  });

  it('passes every filter of the advanced search, the last day whole', async () => {
    await service.advanced({
      ...input,
      query: {
        q: 'çay',
        page: 1,
        kind: 'article',
        sort: 'date',
        category: 'culture',
        language: 'ru',
        author: 'leyla',
        publication: PUBLICATION_ID,
        from: '2026-11-01',
        to: '2026-11-01',
      },
    });
    expect(search.searchText).toHaveBeenCalledWith({
      ...NONE,
      query: 'çay',
      page: 1,
      kinds: [SearchHitKind.SEARCH_HIT_KIND_ARTICLE],
      sort: SearchSort.SEARCH_SORT_DATE,
      category: 'culture',
      language: Language.LANGUAGE_RU,
      author: 'leyla',
      publicationId: PUBLICATION_ID,
      fromMs: Date.UTC(2026, 10, 1),
      toMs: Date.UTC(2026, 10, 2),
    });
  });

  it('refuses a range that ends before it begins, without searching', async () => {
    const query = {
      q: 'çay',
      page: 1,
      kind: 'article',
      sort: 'relevance',
      from: '2026-11-02',
      to: '2026-11-01',
    } as const;
    expect(await failure(service.advanced({ ...input, query }))).toEqual({ code: 'InvalidModel', fields: ['to'] });
    expect(search.searchText).not.toHaveBeenCalled();
  });

  it('reads a day before 1970 as no lower bound (from) or as before anything (to), never a negative time', async () => {
    const query = {
      q: 'çay',
      page: 1,
      kind: 'article',
      sort: 'relevance',
      from: '0552-12-20',
      to: '1969-12-31',
    } as const;
    await service.advanced({ ...input, query });
    expect(search.searchText).toHaveBeenCalledWith(expect.objectContaining({ fromMs: 0, toMs: 1 }));
  });

  it("keeps /full and /advanced to the subdomain's publication, whatever publication was asked", async () => {
    await service.full({ ...input, query: { q: 'çay', page: 1, sort: 'relevance' } }, PUBLICATION_ID);
    expect(search.searchText).toHaveBeenLastCalledWith(expect.objectContaining({ publicationId: PUBLICATION_ID }));
    const other = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
    const query = { q: 'çay', page: 1, kind: 'article', sort: 'relevance', publication: other } as const;
    await service.advanced({ ...input, query }, PUBLICATION_ID);
    expect(search.searchText).toHaveBeenLastCalledWith(expect.objectContaining({ publicationId: PUBLICATION_ID }));
    await service.advanced({ ...input, query });
    expect(search.searchText).toHaveBeenLastCalledWith(expect.objectContaining({ publicationId: other }));
  });

  it("hands the controller's request context (the host's publication) to the search", async () => {
    const controller = new SearchController(service);
    const request = {} as FastifyRequest;

    setPublicationOf(request, { id: PUBLICATION_ID, slug: 'devblog' });
    await controller.text(input, request);
    expect(search.searchText).toHaveBeenLastCalledWith(expect.objectContaining({ publicationId: PUBLICATION_ID }));

    setPublicationOf(request, null);
    await controller.text(input, request);
    expect(search.searchText).toHaveBeenLastCalledWith({ ...NONE, query: 'çay', page: 2 });
  });
});
