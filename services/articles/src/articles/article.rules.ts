import { AppError, isLang, type ErrorDetail } from '@pencraft/errors';
import { isCategory } from '../categories/categories.js';
import { checkContent, plainText, type CheckedContent } from '../content/article-content.js';

export const TITLE_MAX = 150;
export const DESCRIPTION_MAX = 300;
export const SUB_CATEGORIES_MAX = 4;

export interface ArticleDraftInput {
  title: string;
  description: string;
  language: string;
  category: string;
  subCategories: string[];
  contentJson: string;
}

export interface CheckedArticle extends CheckedContent {
  title: string;
  description: string;
  language: string;
  category: string;
  subCategories: string[];
}

/** SPEC.md sections 5 and 9 for a new article: every field checked, all failures reported together. */
export function checkArticle(input: ArticleDraftInput): CheckedArticle {
  const details: ErrorDetail[] = [];
  const title = plainText(input.title ?? '').replace(/\s+/g, ' ');
  const description = plainText(input.description ?? '').replace(/\s+/g, ' ');
  const titleLength = [...title].length;
  if (titleLength === 0 || titleLength > TITLE_MAX) details.push({ field: 'title', code: 'InvalidArticleTitle' });
  if ([...description].length > DESCRIPTION_MAX)
    details.push({ field: 'description', code: 'InvalidArticleDescription' });
  if (!isLang(input.language)) details.push({ field: 'language', code: 'InvalidModel' });
  if (!isCategory(input.category)) details.push({ field: 'category', code: 'InvalidCategory' });
  const subCategories = [...new Set(input.subCategories ?? [])];
  if (subCategories.length > SUB_CATEGORIES_MAX || subCategories.some((c) => !isCategory(c) || c === input.category)) {
    details.push({ field: 'subCategories', code: 'InvalidCategory' });
  }
  let content: CheckedContent | undefined;
  try {
    content = checkContent(input.contentJson);
  } catch (error) {
    if (!AppError.is(error)) throw error;
    details.push(...(error.details ?? [{ field: 'content', code: error.code }]));
  }
  if (details.length > 0 || !content) throw new AppError(details[0]!.code, { details });
  return { ...content, title, description, language: input.language, category: input.category, subCategories };
}
