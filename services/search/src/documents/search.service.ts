import { Injectable } from '@nestjs/common';
import type { SearchTextRequest, SearchTextResponse } from '@pencraft/contracts/search/v1/search';
import { AppError } from '@pencraft/errors';
import {
  isUuid,
  normalizeSearchQuery,
  resolvePaging,
  SEARCH_MAX_PAGE,
  searchQueryProblem,
  type SearchHitKind,
} from '@pencraft/rules';
import { DocumentRepository, type SearchFilters } from './document.repository.js';
import { languages } from '@pencraft/contracts/enums';
import { searchHitKinds, searchSorts } from '@pencraft/contracts/enums/search';
import { correctable, highlighted, queryGroups, queryWords } from './query.js';

/** A category id as categories are named (a-z, digits, dashes); anything else matches nothing and is refused. */
const CATEGORY = /^[a-z0-9-]{1,40}$/;
/** A username as identity allows them, loosely (the filter compares; it never builds SQL from it). */
const USERNAME = /^[\p{L}\p{N}._-]{1,40}$/u;

function invalid(field: string, code: 'InvalidModel' | 'InvalidIdentifier' = 'InvalidModel'): AppError {
  return new AppError(code, { details: [{ field, code }] });
}

type Request = Partial<SearchTextRequest> & Pick<SearchTextRequest, 'query'>;

@Injectable()
export class SearchService {
  constructor(private readonly documents: DocumentRepository) {}

  /** The filters of a request, checked: a field that could match nothing by its shape is refused, naming it. */
  filters(request: Request): SearchFilters {
    const kinds: SearchHitKind[] = [];
    for (const kind of request.kinds ?? []) {
      const name = searchHitKinds.fromProto(kind);
      if (!name) throw invalid('kind');
      if (!kinds.includes(name)) kinds.push(name);
    }
    const filters: SearchFilters = { kinds: kinds.length ? kinds : ['article'] };
    if (request.publicationId) {
      if (!isUuid(request.publicationId)) throw invalid('publicationId', 'InvalidIdentifier');
      filters.publicationId = request.publicationId;
    }
    if (request.category) {
      if (!CATEGORY.test(request.category)) throw invalid('category');
      filters.category = request.category;
    }
    if (request.language) {
      const language = languages.fromProto(request.language);
      if (!language) throw invalid('language');
      filters.language = language;
    }
    const author: string = (request.author ?? '').replace(/^@/, '');
    if (author) {
      if (isUuid(author)) filters.authorUid = author;
      else if (USERNAME.test(author)) filters.authorUsername = author;
      else throw invalid('author');
    }
    const from = Number(request.fromMs ?? 0);
    const to = Number(request.toMs ?? 0);
    if (from < 0 || !Number.isSafeInteger(from)) throw invalid('from');
    if (to < 0 || !Number.isSafeInteger(to)) throw invalid('to');
    if (from && to && from >= to) throw invalid('to');
    if (from) filters.from = new Date(from);
    if (to) filters.to = new Date(to);
    return filters;
  }

  /**
   * The query and paging rules are the ones the reader's search box applies (@pencraft/rules). With a publication id
   * (a search on its subdomain) only that publication's articles are searched; empty searches every article.
   * A query of punctuation only (no letter or digit) finds nothing rather than failing.
   */
  async searchText(request: Request): Promise<SearchTextResponse> {
    const rawQuery = request.query ?? '';
    const problem = searchQueryProblem(rawQuery);
    if (problem === 'required') throw new AppError('NullOrEmpty', { details: [{ field: 'q', code: 'NullOrEmpty' }] });
    if (problem) throw invalid('q');
    const filters = this.filters(request);
    const sort = (request.sort && searchSorts.fromProto(request.sort)) || 'relevance';
    const paging = resolvePaging(request.page, request.pageSize, SEARCH_MAX_PAGE);
    if (!paging) throw new AppError('InvalidPage');
    const { page, pageSize: size, offset } = paging;
    const empty = { hits: [], page, pageSize: size, hasMore: false };
    const words = queryWords(normalizeSearchQuery(rawQuery));
    if (words.length === 0) return empty;
    const prefix = Boolean(request.prefix);
    const lookups = await this.documents.lookUp(
      words.filter((word, i) => correctable(word) && !(prefix && i === words.length - 1)),
    );
    const groups = queryGroups(words, lookups, prefix);
    // Suggestions by relevance match titles only, among a bounded list of candidates.
    const rows =
      prefix && sort === 'relevance'
        ? await this.documents.suggest(groups, { filters, offset, limit: size + 1 })
        : await this.documents.search(groups, { filters, sort, offset, limit: size + 1 });
    return {
      hits: rows.slice(0, size).map((row) => {
        const title = highlighted(row.title_marked, row.title);
        const snippet = highlighted(row.snippet_marked, row.snippet_original);
        return {
          id: row.id,
          kind: searchHitKinds.toProto(row.kind),
          title: title.text,
          titleHighlights: title.ranges,
          snippet: snippet.text,
          snippetHighlights: snippet.ranges,
          language: languages.toProto(row.language),
          authorUid: row.author_uid,
          authorUsername: row.author_username,
          authorFullname: row.author_fullname,
          publishedAtMs: new Date(row.published_at).getTime(),
          rank: Number(row.rank),
          handle: row.handle,
          category: row.category,
          publicationId: row.publication_id ?? '',
          imageUrl: row.image_url ?? '',
          articleId: row.article_id ?? '',
          articleTitle: row.article_title ?? '',
        };
      }),
      page,
      pageSize: size,
      hasMore: rows.length > size,
    };
  }
}
