import {
  ARTICLE_DESCRIPTION_MAX,
  ARTICLE_TITLE_MAX,
  descriptionProblem,
  normalizeArticleText,
  titleProblem,
} from '@pencraft/rules';
import type { ArticleContent } from './content.js';

// The limits and how they count (code points, after normalizing) are the server's own: @pencraft/rules.
export { codePointLength } from '@pencraft/rules';
export const TITLE_MAX = ARTICLE_TITLE_MAX;
export const DESCRIPTION_MAX = ARTICLE_DESCRIPTION_MAX;

export type ArticleField = 'title' | 'description' | 'category' | 'content';
export type ArticleErrorKey =
  'titleRequired' | 'titleLength' | 'descriptionLength' | 'categoryRequired' | 'contentRequired';

export interface ArticleForm {
  title: string;
  description: string;
  category: string;
  content: ArticleContent;
}

/** Client checks before publishing; the server checks the rest (content length, links, categories). */
export function validateArticle(form: ArticleForm): Partial<Record<ArticleField, ArticleErrorKey>> {
  const errors: Partial<Record<ArticleField, ArticleErrorKey>> = {};
  const title = titleProblem(normalizeArticleText(form.title));
  if (title) errors.title = title;
  const description = descriptionProblem(normalizeArticleText(form.description));
  if (description) errors.description = description;
  if (!form.category) errors.category = 'categoryRequired';
  if (form.content.blocks.length === 0) errors.content = 'contentRequired';
  return errors;
}
