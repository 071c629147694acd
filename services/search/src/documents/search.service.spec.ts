import { beforeEach, describe, expect, it } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import { strictMock, type StrictMock } from '@pencraft/testing';
import type { DocumentHit, DocumentRepository } from './document.repository.js';
import { SearchService } from './search.service.js';
import { Language } from '@pencraft/contracts/common/v1/common';
import { SearchHitKind } from '@pencraft/contracts/search/v1/search';

const PUBLISHED = new Date('2026-11-25T10:00:00Z');
const PUBLICATION = '7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b';

function hit(n: number): DocumentHit {
  return {
    id: `doc-${n}`,
    kind: 'article',
    title: `Çay ${n}`,
    snippet: 'çay süfrəsi',
    language: 'az',
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

describe('SearchService', () => {
  let documents: StrictMock<DocumentRepository>;
  let service: SearchService;

  beforeEach(() => {
    documents = strictMock<DocumentRepository>('DocumentRepository');
    service = new SearchService(documents);
  });

  it('runs the normalized query for the first page, one row more than it shows', async () => {
    documents.search.mockResolvedValue(Array.from({ length: 21 }, (_, i) => hit(i)));

    const result = await service.searchText('  çay \n süfrəsi ', 0, 0);

    expect(documents.search).toHaveBeenCalledWith('çay süfrəsi', 0, 21, undefined);
    expect(result).toMatchObject({ page: 1, pageSize: 20, hasMore: true });
    expect(result.hits).toHaveLength(20);
    expect(result.hits[0]).toEqual({
      id: 'doc-0',
      kind: SearchHitKind.SEARCH_HIT_KIND_ARTICLE,
      title: 'Çay 0',
      snippet: 'çay süfrəsi',
      language: Language.LANGUAGE_AZ,
      authorUid: 'u-1',
      authorUsername: 'leyla',
      authorFullname: 'Leyla Həsənova',
      publishedAtMs: PUBLISHED.getTime(),
      rank: 0.5,
    });
  });

  it('pages with the offset of the page asked for and says when it is the last', async () => {
    documents.search.mockResolvedValue([hit(1)]);

    const result = await service.searchText('çay', 3, 10);

    expect(documents.search).toHaveBeenCalledWith('çay', 20, 11, undefined);
    expect(result).toMatchObject({ page: 3, pageSize: 10, hasMore: false });
  });

  it("searches only a publication's documents when one is named (a search on its subdomain)", async () => {
    documents.search.mockResolvedValue([hit(1)]);

    const result = await service.searchText('çay', 2, 10, PUBLICATION);

    expect(documents.search).toHaveBeenCalledWith('çay', 10, 11, PUBLICATION);
    expect(result.hits.map((h) => h.id)).toEqual(['doc-1']);
  });

  it('searches every document when the publication is empty', async () => {
    documents.search.mockResolvedValue([]);

    await service.searchText('çay', 1, 20, '');

    expect(documents.search).toHaveBeenCalledWith('çay', 0, 21, undefined);
  });

  it('refuses a publication id that is not one without searching', async () => {
    expect(await failure(service.searchText('çay', 1, 20, 'not-a-uuid'))).toEqual({
      code: 'InvalidIdentifier',
      fields: ['publicationId'],
    });
    expect(documents.search).not.toHaveBeenCalled();
  });

  it.each([
    ['   ', { code: 'NullOrEmpty', fields: ['q'] }],
    ['ə'.repeat(201), { code: 'InvalidModel', fields: ['q'] }],
    ['a\u0000b', { code: 'InvalidModel', fields: ['q'] }],
  ])('refuses the query %j without searching', async (query, expected) => {
    expect(await failure(service.searchText(query, 1, 20))).toEqual(expected);
    expect(documents.search).not.toHaveBeenCalled();
  });

  it.each([-2, 51])('refuses page %p without searching', async (page) => {
    expect((await failure(service.searchText('çay', page, 20))).code).toBe('InvalidPage');
    expect(documents.search).not.toHaveBeenCalled();
  });
});
