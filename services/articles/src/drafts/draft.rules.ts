import { AppError, isLang, type ErrorDetail } from '@pencraft/errors';
import {
  AUDIENCES,
  audienceProblem,
  descriptionProblem,
  normalizeArticleText,
  subCategoriesProblem,
  codePointLength,
  ARTICLE_TITLE_MAX,
  type Audience,
  type Lang,
} from '@pencraft/rules';
import { isCategory } from '../categories/categories.js';
import { checkContent, type CheckedContent } from '../content/article-content.js';
import { DRAFT_TARGETS, type DraftTarget } from './draft.table.js';

export interface DraftFieldsInput {
  title: string;
  description: string;
  language: string;
  category: string;
  subCategories: string[];
  /** Editor.js output as JSON; empty for none yet. */
  contentJson: string;
  target: string;
  audience: string;
}

export interface CheckedDraft {
  title: string;
  description: string;
  language: Lang;
  category: string;
  subCategories: string[];
  content: CheckedContent | null;
  target: DraftTarget;
  audience: Audience;
}

/**
 * What autosave may store: every field sanitized and held to its upper limit (title 150, description 300, 4
 * subcategories, 30,000 characters of text, known block types, YouTube-only video, valid links), but a draft may be
 * empty or short; the minimums and required fields are checked when it is submitted (checkArticle). All failures are
 * reported together.
 */
export function checkDraft(input: DraftFieldsInput): CheckedDraft {
  const details: ErrorDetail[] = [];
  const title = normalizeArticleText(input.title ?? '');
  const description = normalizeArticleText(input.description ?? '');
  if (codePointLength(title) > ARTICLE_TITLE_MAX) details.push({ field: 'title', code: 'InvalidArticleTitle' });
  if (descriptionProblem(description)) details.push({ field: 'description', code: 'InvalidArticleDescription' });
  const language = (input.language || 'az') as Lang;
  if (!isLang(language)) details.push({ field: 'language', code: 'InvalidModel' });
  const category = input.category ?? '';
  if (category && !isCategory(category)) details.push({ field: 'category', code: 'InvalidCategory' });
  const subCategories = [...new Set(input.subCategories ?? [])];
  if (subCategoriesProblem(subCategories, category) || subCategories.some((c) => !isCategory(c))) {
    details.push({ field: 'subCategories', code: 'InvalidCategory' });
  }
  const target = (input.target || 'personal') as DraftTarget;
  if (!DRAFT_TARGETS.includes(target)) details.push({ field: 'target', code: 'InvalidModel' });
  const audience = (input.audience || 'free') as Audience;
  if (!AUDIENCES.includes(audience)) details.push({ field: 'audience', code: 'InvalidModel' });
  let content: CheckedContent | null = null;
  if (input.contentJson) {
    try {
      content = checkContent(input.contentJson, 'draft');
    } catch (error) {
      if (!AppError.is(error)) throw error;
      details.push(...(error.details ?? [{ field: 'content', code: error.code }]));
    }
  }
  if (details.length > 0) throw new AppError(details[0]!.code, { details });
  return { title, description, language, category, subCategories, content, target, audience };
}

/**
 * A paid audience only for a publication's article (audienceProblem of the rules): `publicationId` is the draft's
 * publication, or for a draft translation its original's (a translation of a paid article is sold by the original's
 * publication); null for the personal blog. Checked when a draft is created (no publication yet) or saved, and again
 * when it is submitted (the draft may have left its publication since).
 */
export function checkAudience(publicationId: string | null, audience: string): void {
  if (audienceProblem(publicationId, audience)) {
    throw new AppError('PaidAudienceNeedsPublication', {
      details: [{ field: 'audience', code: 'PaidAudienceNeedsPublication' }],
    });
  }
}

/** An object-store key of an editor image the owner uploaded: articles/<owner uid>/<safe name>. */
export function isOwnImageKey(key: string, ownerUid: string): boolean {
  return (
    key.length <= 300 &&
    key.startsWith(`articles/${ownerUid}/`) &&
    /^articles\/[0-9a-f-]{36}\/[A-Za-z0-9._/-]+$/.test(key) &&
    !key.includes('..') &&
    !key.includes('//')
  );
}

/** Where a stored image is served (the gateway's /media, which picks a modern format by Accept). */
export function mediaUrl(key: string | null | undefined): string {
  return key ? `/media/${key}` : '';
}
