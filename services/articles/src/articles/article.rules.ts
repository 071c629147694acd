import { AppError, isLang, type ErrorDetail } from '@pencraft/errors';
import {
  descriptionProblem,
  normalizeArticleText,
  subCategoriesProblem,
  titleProblem,
  type Lang,
} from '@pencraft/rules';
import { isCategory } from '../categories/categories.js';
import { checkContent, type CheckedContent } from '../content/article-content.js';

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
  language: Lang;
  category: string;
  subCategories: string[];
}

/**
 * SPEC.md sections 5 and 9 for a new article, with the limits the editor checks too (@pencraft/rules): every
 * field checked, all failures reported together; the content comes back sanitized.
 */
export function checkArticle(input: ArticleDraftInput): CheckedArticle {
  const details: ErrorDetail[] = [];
  const title = normalizeArticleText(input.title ?? '');
  const description = normalizeArticleText(input.description ?? '');
  if (titleProblem(title)) details.push({ field: 'title', code: 'InvalidArticleTitle' });
  if (descriptionProblem(description)) details.push({ field: 'description', code: 'InvalidArticleDescription' });
  const language = isLang(input.language) ? input.language : undefined;
  if (!language) details.push({ field: 'language', code: 'InvalidModel' });
  if (!isCategory(input.category)) details.push({ field: 'category', code: 'InvalidCategory' });
  const subCategories = [...new Set(input.subCategories ?? [])];
  if (subCategoriesProblem(subCategories, input.category) || subCategories.some((c) => !isCategory(c))) {
    details.push({ field: 'subCategories', code: 'InvalidCategory' });
  }
  let content: CheckedContent | undefined;
  try {
    content = checkContent(input.contentJson);
  } catch (error) {
    if (!AppError.is(error)) throw error;
    details.push(...(error.details ?? [{ field: 'content', code: error.code }]));
  }
  if (details.length > 0 || !content || !language) throw new AppError(details[0]!.code, { details });
  return { ...content, title, description, language, category: input.category, subCategories };
}
