import type { ApiError } from '@pencraft/ui';

/**
 * The status of a page whose data the API says is missing: 410 Gone for an article its author deleted (the articles
 * service keeps the id and says `deleted`), so search engines drop it; 404 for anything that never existed.
 */
export function missingStatus(error: Pick<ApiError, 'status' | 'params'>): 404 | 410 {
  return error.status === 404 && error.params.deleted === 'true' ? 410 : 404;
}
