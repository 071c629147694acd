import { beforeEach, describe, expect, it } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import { strictMock, type StrictMock } from '@pencraft/testing';
import type { DocumentHit, DocumentRepository, SearchOptions } from './document.repository.js';
import { SearchService } from './search.service.js';
import { Language } from '@pencraft/contracts/common/v1/common';
import { SearchHitKind, SearchSort } from '@pencraft/contracts/search/v1/search';
import { MARK_END as E, MARK_START as S } from './query.js';

const PUBLISHED = new Date('2026-11-25T10:00:00Z');
const PUBLICATION = '7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b';
const AUTHOR = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';

function hit(n: number): DocumentHit {
  return {
    id: `doc-${n}`,
    kind: 'article',
    title: `Çay ${n}`,
    title_marked: `${S}Cay${E} ${n}`,
    snippet_marked: `${S}cay${E} sufresi`,
    snippet_original: 'çay süfrəsi',
    language: 'az',
    category: 'culture',
    handle: '',
    publication_id: null,
    article_id: null,
    image_url: null,
    article_title: null,
    author_uid: 'u-1',
    author_username: 'leyla',
    author_fullname: 'Leyla Həsənova',
    published_at: PUBLISHED,
    rank: 0.5 as unknown as number,
  };
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return { code: error.code, fields: error.details?.map((d) => d.field) };
    throw error;
  }
  throw new Error('expected an AppError');
}

const group = (word: string, alternatives: string[] = [], prefix = false) => ({ word, alternatives, prefix });
const options = (extra: Partial<SearchOptions> = {}): SearchOptions => ({
  filters: { kinds: ['article'] },
  sort: 'relevance',
  offset: 0,
  limit: 21,
  ...extra,
});

describe('SearchService', () => {
  let documents: StrictMock<DocumentRepository>;
  let service: SearchService;

  beforeEach(() => {
    documents = strictMock<DocumentRepository>('DocumentRepository');
    documents.lookUp.mockResolvedValue([]);
    service = new SearchService(documents);
  });

  it('searches the folded words for the first page, one row more than it shows, highlights as ranges', async () => {
    documents.search.mockResolvedValue(Array.from({ length: 21 }, (_, i) => hit(i)));
    documents.lookUp.mockResolvedValue([
      { word: 'sufresi', known: true, near: [] },
      { word: 'gozel', known: true, near: [] },
    ]);
    const result = await service.searchText({ query: '  çay \n süfrəsi gözəl ', page: 0, pageSize: 0 });
    expect(documents.lookUp).toHaveBeenCalledWith(['sufresi', 'gozel']);
    expect(documents.search).toHaveBeenCalledWith([group('cay'), group('sufresi'), group('gozel')], options());
    expect(result).toMatchObject({ page: 1, pageSize: 20, hasMore: true });
    expect(result.hits).toHaveLength(20);
    expect(result.hits[0]).toEqual({
      id: 'doc-0',
      kind: SearchHitKind.SEARCH_HIT_KIND_ARTICLE,
      title: 'Çay 0',
      titleHighlights: [{ start: 0, end: 3 }],
      snippet: 'çay süfrəsi',
      snippetHighlights: [{ start: 0, end: 3 }],
      language: Language.LANGUAGE_AZ,
      authorUid: 'u-1',
      authorUsername: 'leyla',
      authorFullname: 'Leyla Həsənova',
      publishedAtMs: PUBLISHED.getTime(),
      rank: 0.5,
      handle: '',
      category: 'culture',
      publicationId: '',
      imageUrl: '',
      articleId: '',
      articleTitle: '',
    });
  });

  it('searches near spellings of a word no document has', async () => {
    documents.lookUp.mockResolvedValue([
      { word: 'gardns', known: false, near: [{ word: 'gardens', similarity: 0.5 }] },
    ]);
    documents.search.mockResolvedValue([]);
    await service.searchText({ query: 'gardns', page: 1 });
    expect(documents.search).toHaveBeenCalledWith([group('gardns', ['gardens'])], options());
  });

  it('suggests from titles (a bounded list of candidates), the last word a prefix and not corrected', async () => {
    documents.suggest.mockResolvedValue([hit(1)]);
    const { hits } = await service.searchText({ query: 'tomato gard', page: 1, pageSize: 5, prefix: true });
    expect(documents.lookUp).toHaveBeenCalledWith(['tomato']);
    expect(documents.suggest).toHaveBeenCalledWith([group('tomato'), group('gard', [], true)], {
      filters: { kinds: ['article'] },
      offset: 0,
      limit: 6,
    });
    expect(documents.search).not.toHaveBeenCalled();
    expect(hits.map((h) => [h.title, h.titleHighlights])).toEqual([['Çay 1', [{ start: 0, end: 3 }]]]);
  });

  it('searches every match of a prefix sorted newest first (not suggestions)', async () => {
    documents.search.mockResolvedValue([]);
    await service.searchText({ query: 'gard', page: 1, pageSize: 5, prefix: true, sort: SearchSort.SEARCH_SORT_DATE });
    expect(documents.search).toHaveBeenCalledWith([group('gard', [], true)], options({ limit: 6, sort: 'date' }));
    expect(documents.suggest).not.toHaveBeenCalled();
  });

  it('passes every filter, the kinds and the sort', async () => {
    documents.search.mockResolvedValue([]);
    await service.searchText({
      query: 'çay',
      page: 2,
      pageSize: 10,
      kinds: [SearchHitKind.SEARCH_HIT_KIND_USER, SearchHitKind.SEARCH_HIT_KIND_PUBLICATION],
      category: 'culture',
      language: Language.LANGUAGE_RU,
      author: '@leyla',
      publicationId: PUBLICATION,
      fromMs: 1000,
      toMs: 2000,
      sort: SearchSort.SEARCH_SORT_DATE,
    });
    expect(documents.search).toHaveBeenCalledWith([group('cay')], {
      filters: {
        kinds: ['user', 'publication'],
        category: 'culture',
        language: 'ru',
        authorUsername: 'leyla',
        publicationId: PUBLICATION,
        from: new Date(1000),
        to: new Date(2000),
      },
      sort: 'date',
      offset: 10,
      limit: 11,
    });
    await service.searchText({ query: 'çay', author: AUTHOR });
    expect(documents.search).toHaveBeenLastCalledWith(
      [group('cay')],
      options({ filters: { kinds: ['article'], authorUid: AUTHOR } }),
    );
  });

  it('finds nothing, without asking PostgreSQL, for a query of punctuation and tsquery syntax only', async () => {
    const result = await service.searchText({ query: "&|!():* '<->'", page: 1 });
    expect(result).toEqual({ hits: [], page: 1, pageSize: 20, hasMore: false });
    expect(documents.search).not.toHaveBeenCalled();
  });

  it.each([
    [{ publicationId: 'not-a-uuid' }, { code: 'InvalidIdentifier', fields: ['publicationId'] }],
    [{ category: 'Culture; drop' }, { code: 'InvalidModel', fields: ['category'] }],
    [{ author: 'a b' }, { code: 'InvalidModel', fields: ['author'] }],
    [
      { fromMs: 2000, toMs: 1000 },
      { code: 'InvalidModel', fields: ['to'] },
    ],
    [{ kinds: [99 as SearchHitKind] }, { code: 'InvalidModel', fields: ['kind'] }],
  ])('refuses the filter %j without searching', async (filter, expected) => {
    expect(await failure(service.searchText({ query: 'çay', ...filter }))).toEqual(expected);
    expect(documents.search).not.toHaveBeenCalled();
  });

  it.each([
    ['   ', { code: 'NullOrEmpty', fields: ['q'] }],
    ['ə'.repeat(201), { code: 'InvalidModel', fields: ['q'] }],
    ['a\u0000b', { code: 'InvalidModel', fields: ['q'] }],
  ])('refuses the query %j without searching', async (query, expected) => {
    expect(await failure(service.searchText({ query, page: 1 }))).toEqual(expected);
    expect(documents.search).not.toHaveBeenCalled();
  });

  it.each([-2, 51])('refuses page %p without searching', async (page) => {
    expect((await failure(service.searchText({ query: 'çay', page }))).code).toBe('InvalidPage');
    expect(documents.search).not.toHaveBeenCalled();
  });
});
