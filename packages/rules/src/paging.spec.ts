import { describe, expect, it } from '@jest/globals';
import { HOME_MAX_PAGE, PAGE_SIZE, normalizeSearchQuery, resolvePaging, searchQueryProblem } from './index.js';

describe('paging', () => {
  it('defaults to the first page of 20', () => {
    expect(PAGE_SIZE).toBe(20);
    expect(resolvePaging(0, 0, HOME_MAX_PAGE)).toEqual({ page: 1, pageSize: 20, offset: 0 });
    expect(resolvePaging(undefined, undefined, HOME_MAX_PAGE)).toEqual({ page: 1, pageSize: 20, offset: 0 });
  });

  it('computes the offset and caps the page size at 50', () => {
    expect(resolvePaging(3, 10, HOME_MAX_PAGE)).toEqual({ page: 3, pageSize: 10, offset: 20 });
    expect(resolvePaging(2, 500, HOME_MAX_PAGE)).toEqual({ page: 2, pageSize: 50, offset: 50 });
  });

  it.each([-1, 1.5, 501])('refuses page %p', (page) => expect(resolvePaging(page, 20, HOME_MAX_PAGE)).toBeUndefined());

  it('accepts the last page', () => expect(resolvePaging(500, 20, HOME_MAX_PAGE)?.page).toBe(500));
});

describe('search queries', () => {
  it('collapses whitespace', () => expect(normalizeSearchQuery('  bakı \n  çay ')).toBe('bakı çay'));

  it.each([
    ['bakı', undefined],
    ['   ', 'required'],
    ['', 'required'],
    ['a\u0000b', 'queryChars'],
    ['ə'.repeat(200), undefined],
    ['ə'.repeat(201), 'queryLength'],
    ['two\nlines', undefined],
  ])('query %j: %s', (query, problem) => expect(searchQueryProblem(query)).toBe(problem));
});
