import { normalizeArticleText } from './article.js';
import { codePointLength, hasControlCharacters } from './text.js';

/** How many collections one user may make (MaximumCollectionsCount); saved collections of others do not count. */
export const COLLECTIONS_MAX = 20;
/** How many articles one collection may hold (MaximumCollectionItemsCount). */
export const COLLECTION_ITEMS_MAX = 500;
export const COLLECTION_NAME_MAX = 64;
/** SPEC.md section 6: downvoting needs the Pro rating (Pro is 100 to 1000, Leader above). */
export const DOWNVOTE_MIN_RATING = 100;
/** The top list ranks articles published in this many recent days. */
export const TOP_ARTICLES_DAYS = 30;
/** How many of an author's best articles their top list shows. */
export const AUTHOR_TOP_COUNT = 5;

export type CollectionNameProblem = 'nameRequired' | 'nameLength' | 'nameChars';

/** A collection name as stored: tags and control characters removed, whitespace collapsed. */
export function normalizeCollectionName(name: string): string {
  return normalizeArticleText(name);
}

/** Of a collection name as typed (control characters are refused, not stripped). */
export function collectionNameProblem(name: string): CollectionNameProblem | undefined {
  if (hasControlCharacters(name.replace(/[\t\n\r]/g, ' '))) return 'nameChars';
  const normalized = normalizeCollectionName(name);
  if (!normalized) return 'nameRequired';
  return codePointLength(normalized) > COLLECTION_NAME_MAX ? 'nameLength' : undefined;
}

/** Whether a user of this rating may cast a downvote (removing one's own downvote needs no rating). */
export function canDownvote(rating: number): boolean {
  return Number.isFinite(rating) && rating >= DOWNVOTE_MIN_RATING;
}
