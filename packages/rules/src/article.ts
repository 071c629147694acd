import { codePointLength, collapseWhitespace, plainText, utf8ByteLength } from './text.js';

/** SPEC.md sections 5 and 9, counted in code points on both sides. */
export const ARTICLE_TITLE_MAX = 150;
export const ARTICLE_DESCRIPTION_MAX = 300;
export const ARTICLE_SUBCATEGORIES_MAX = 4;
/**
 * SPEC.md gives 30,000 characters and "about 40,000 symbols"; the stricter reading is enforced on the visible
 * text (README, Decisions), plus a bound on the whole serialized content, markup included.
 */
export const ARTICLE_CONTENT_MIN_CHARS = 50;
export const ARTICLE_CONTENT_MAX_CHARS = 30_000;
export const ARTICLE_CONTENT_MAX_BYTES = 400_000;
export const ARTICLE_CONTENT_MAX_BLOCKS = 1_000;

/**
 * SPEC.md section 4: accepted, then automatic initial review, then under moderation, then approved, then published;
 * or rejected, or a revision requested from the author. `draft` is an article created directly through
 * POST /api/articles and not yet submitted (the editor keeps its work in the drafts table instead).
 */
export const ARTICLE_STATUSES = [
  'draft',
  'accepted',
  'initialReview',
  'underModeration',
  'approved',
  'published',
  'rejected',
  'revisionRequested',
] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
/** The statuses of a submitted article (every one but draft): what the writer's review list shows. */
export const REVIEW_STATUSES = ARTICLE_STATUSES.filter(
  (status): status is Exclude<ArticleStatus, 'draft'> => status !== 'draft',
);
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export type TitleProblem = 'titleRequired' | 'titleLength';
export type DescriptionProblem = 'descriptionLength';
export type SubCategoriesProblem = 'subCategoriesCount' | 'subCategoriesRepeatCategory';
export type ContentProblem = 'contentRequired' | 'contentMin' | 'contentMax';

/** A title or description as stored: tags and control characters removed, whitespace collapsed. */
export function normalizeArticleText(text: string): string {
  return collapseWhitespace(plainText(text));
}

/** Of a normalized title. */
export function titleProblem(title: string): TitleProblem | undefined {
  if (!title) return 'titleRequired';
  return codePointLength(title) > ARTICLE_TITLE_MAX ? 'titleLength' : undefined;
}

/** Of a normalized description (it may be empty). */
export function descriptionProblem(description: string): DescriptionProblem | undefined {
  return codePointLength(description) > ARTICLE_DESCRIPTION_MAX ? 'descriptionLength' : undefined;
}

/** Distinct sub-categories, at most four, none of them the main category. */
export function subCategoriesProblem(
  subCategories: readonly string[],
  category: string,
): SubCategoriesProblem | undefined {
  const distinct = new Set(subCategories);
  if (distinct.size > ARTICLE_SUBCATEGORIES_MAX) return 'subCategoriesCount';
  return distinct.has(category) ? 'subCategoriesRepeatCategory' : undefined;
}

/** The characters the limits count in the visible text of an article: code points after whitespace is collapsed. */
export function visibleCharacterCount(visibleText: string): number {
  return codePointLength(collapseWhitespace(visibleText));
}

/** The words of the visible text: runs between whitespace that hold a letter or a digit. */
export function wordCount(visibleText: string): number {
  return visibleText.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Of the visible text of the whole article (every block's text, as a reader sees it). */
export function contentLengthProblem(visibleText: string): ContentProblem | undefined {
  const count = visibleCharacterCount(visibleText);
  if (count === 0) return 'contentRequired';
  if (count < ARTICLE_CONTENT_MIN_CHARS) return 'contentMin';
  return count > ARTICLE_CONTENT_MAX_CHARS ? 'contentMax' : undefined;
}

/** Of the serialized content (Editor.js JSON): a bound on the work one request may cause. */
export function contentSizeProblem(serializedContent: string): 'contentMax' | undefined {
  return utf8ByteLength(serializedContent) > ARTICLE_CONTENT_MAX_BYTES ? 'contentMax' : undefined;
}
