import { Injectable } from '@nestjs/common';
import type { SearchTextResponse } from '@pencraft/contracts/search/v1/search';
import { AppError } from '@pencraft/errors';
import { isUuid, normalizeSearchQuery, resolvePaging, SEARCH_MAX_PAGE, searchQueryProblem } from '@pencraft/rules';
import { DocumentRepository } from './document.repository.js';
import { languages, searchHitKinds } from '@pencraft/contracts/enums';

@Injectable()
export class SearchService {
  constructor(private readonly documents: DocumentRepository) {}

  /**
   * The query and paging rules are the ones the reader's search box applies (@pencraft/rules). With a publication id
   * (a search on its subdomain) only that publication's articles are searched; empty searches every article.
   */
  async searchText(rawQuery: string, page: number, pageSize: number, publicationId = ''): Promise<SearchTextResponse> {
    const problem = searchQueryProblem(rawQuery ?? '');
    if (problem === 'required') throw new AppError('NullOrEmpty', { details: [{ field: 'q', code: 'NullOrEmpty' }] });
    if (problem) throw new AppError('InvalidModel', { details: [{ field: 'q', code: 'InvalidModel' }] });
    if (publicationId && !isUuid(publicationId)) {
      throw new AppError('InvalidIdentifier', { details: [{ field: 'publicationId', code: 'InvalidIdentifier' }] });
    }
    const paging = resolvePaging(page, pageSize, SEARCH_MAX_PAGE);
    if (!paging) throw new AppError('InvalidPage');
    const { page: safePage, pageSize: size, offset } = paging;
    const rows = await this.documents.search(
      normalizeSearchQuery(rawQuery),
      offset,
      size + 1,
      publicationId || undefined,
    );
    return {
      hits: rows.slice(0, size).map((row) => ({
        id: row.id,
        kind: searchHitKinds.toProto(row.kind),
        title: row.title,
        snippet: row.snippet,
        language: languages.toProto(row.language),
        authorUid: row.author_uid,
        authorUsername: row.author_username,
        authorFullname: row.author_fullname,
        publishedAtMs: new Date(row.published_at).getTime(),
        rank: Number(row.rank),
      })),
      page: safePage,
      pageSize: size,
      hasMore: rows.length > size,
    };
  }
}
