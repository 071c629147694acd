import { Injectable } from '@nestjs/common';
import type { SearchTextResponse } from '@pencraft/contracts/search/v1/search';
import { AppError } from '@pencraft/errors';
import { DocumentRepository } from './document.repository.js';

export const QUERY_MAX = 200;
export const PAGE_SIZE = 20;
const MAX_PAGE = 50;

@Injectable()
export class SearchService {
  constructor(private readonly documents: DocumentRepository) {}

  async searchText(rawQuery: string, page: number, pageSize: number): Promise<SearchTextResponse> {
    const query = (rawQuery ?? '').replace(/\s+/g, ' ').trim();
    if (!query) throw new AppError('NullOrEmpty', { details: [{ field: 'q', code: 'NullOrEmpty' }] });
    if ([...query].length > QUERY_MAX)
      throw new AppError('InvalidModel', { details: [{ field: 'q', code: 'InvalidModel' }] });
    const safePage = page || 1;
    if (!Number.isInteger(safePage) || safePage < 1 || safePage > MAX_PAGE) throw new AppError('InvalidPage');
    const size = pageSize > 0 ? Math.min(pageSize, 50) : PAGE_SIZE;
    const rows = await this.documents.search(query, (safePage - 1) * size, size + 1);
    return {
      hits: rows.slice(0, size).map((row) => ({
        id: row.id,
        kind: row.kind,
        title: row.title,
        snippet: row.snippet,
        language: row.language,
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
