import type { ArticleContent } from './content.js';

export const TITLE_MAX = 150;
export const DESCRIPTION_MAX = 300;

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
  const title = form.title.trim();
  if (!title) errors.title = 'titleRequired';
  else if (title.length > TITLE_MAX) errors.title = 'titleLength';
  if (form.description.trim().length > DESCRIPTION_MAX) errors.description = 'descriptionLength';
  if (!form.category) errors.category = 'categoryRequired';
  if (form.content.blocks.length === 0) errors.content = 'contentRequired';
  return errors;
}
