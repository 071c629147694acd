import {
  ARTICLE_CONTENT_MAX_CHARS,
  ARTICLE_CONTENT_MIN_CHARS,
  ARTICLE_DESCRIPTION_MAX,
  ARTICLE_TITLE_MAX,
  contentLengthProblem,
  descriptionProblem,
  normalizeArticleText,
  titleProblem,
} from '@pencraft/rules';
import { visibleContentText, type ArticleContent } from './content.js';

// The limits and how they count (code points, after normalizing) are the server's own: @pencraft/rules.
export { codePointLength } from '@pencraft/rules';
export const TITLE_MAX = ARTICLE_TITLE_MAX;
export const DESCRIPTION_MAX = ARTICLE_DESCRIPTION_MAX;

export type ArticleField = 'title' | 'description' | 'category' | 'content';
export type ArticleErrorKey =
  | 'titleRequired'
  | 'titleLength'
  | 'descriptionLength'
  | 'categoryRequired'
  | 'contentRequired'
  | 'contentMin'
  | 'contentMax';

/** The limits the messages of the `validation` keys name. */
export const VALIDATION_LIMITS = {
  titleMax: TITLE_MAX,
  descriptionMax: DESCRIPTION_MAX,
  contentMin: ARTICLE_CONTENT_MIN_CHARS,
  contentMax: ARTICLE_CONTENT_MAX_CHARS,
};

export interface ArticleForm {
  title: string;
  description: string;
  category: string;
  content: ArticleContent;
}

/**
 * Client checks before publishing, by the server's rules (@pencraft/rules): title, description, content length
 * in visible characters. The server checks the rest (block shapes, links, categories).
 */
export function validateArticle(form: ArticleForm): Partial<Record<ArticleField, ArticleErrorKey>> {
  const errors: Partial<Record<ArticleField, ArticleErrorKey>> = {};
  const title = titleProblem(normalizeArticleText(form.title));
  if (title) errors.title = title;
  const description = descriptionProblem(normalizeArticleText(form.description));
  if (description) errors.description = description;
  if (!form.category) errors.category = 'categoryRequired';
  const content =
    form.content.blocks.length === 0 ? 'contentRequired' : contentLengthProblem(visibleContentText(form.content));
  if (content) errors.content = content;
  return errors;
}
