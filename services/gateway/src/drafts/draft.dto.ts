import type { Draft } from '@pencraft/contracts/articles/v1/drafts';
import {
  ARTICLE_DESCRIPTION_MAX,
  ARTICLE_STATUSES,
  ARTICLE_SUBCATEGORIES_MAX,
  ARTICLE_TITLE_MAX,
  AUDIENCES,
  CATEGORY_IDS,
  DRAFTS_MAX,
  DRAFT_TRANSLATIONS_MAX,
  HOME_MAX_PAGE,
  LANGS,
  REVIEW_STATUSES,
} from '@pencraft/rules';
import { z } from 'zod';
import { ArticleId, Content } from '../articles/article.dto.js';
import { DraftCollaborationJson } from '../collaboration/collaboration.dto.js';
import { text } from '../http/text.js';
import { audiences, languages } from '@pencraft/contracts/enums';

const Lang = z.enum(LANGS);
const CategoryId = z.enum(CATEGORY_IDS);

export const DraftPublicationBody = z
  .object({
    publicationId: ArticleId.nullable().meta({ description: "A publication's id, or null for the personal blog" }),
  })
  .strict()
  .meta({ id: 'DraftPublication' });

export const DraftIdParams = z.object({ id: ArticleId.meta({ description: 'The draft id' }) });
export const ArticleIdParams = z.object({ id: ArticleId.meta({ description: 'The article id' }) });
export const PreviewParams = z.object({
  token: z.string().min(1).max(64).meta({ description: 'The preview token of the link /preview/{token}' }),
});
export const ReviewPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(HOME_MAX_PAGE).optional().default(1),
});

/**
 * What autosave sends: the whole draft as the editor holds it. Upper limits only (a draft may be empty or short);
 * the minimums and required fields are checked when it is submitted (POST /api/articles/publishing/{draftId}).
 */
export const DraftBody = z
  .object({
    title: text({ max: ARTICLE_TITLE_MAX }).optional().default(''),
    description: text({ max: ARTICLE_DESCRIPTION_MAX }).optional().default(''),
    language: Lang.optional().default('az'),
    category: z
      .union([CategoryId, z.literal('')])
      .optional()
      .default('')
      .meta({ description: 'A category id, or empty while none is chosen' }),
    subCategories: z.array(CategoryId).max(ARTICLE_SUBCATEGORIES_MAX).optional().default([]),
    content: Content.nullable().optional().default(null),
    target: z.enum(['personal']).optional().default('personal').meta({ description: 'personal (publications later)' }),
    audience: z.enum(AUDIENCES).optional().default('free'),
  })
  .strict()
  .meta({ id: 'DraftBody' });

export const UpdateDraftBody = DraftBody.extend({
  version: z
    .number()
    .int()
    .min(1)
    .max(2_147_483_647)
    .meta({ description: 'The version last loaded or saved; an older one is refused with DraftConflict (409)' }),
})
  .strict()
  .meta({ id: 'UpdateDraftBody' });

export const CoverBody = z
  .object({
    key: z
      .string()
      .min(1)
      .max(300)
      .meta({ description: 'The key of an editor image the draft owner uploaded (POST /api/publication/f)' }),
  })
  .strict()
  .meta({ id: 'DraftCoverBody' });

const Author = z
  .object({ uid: z.string(), username: z.string(), fullname: z.string(), imageUrl: z.string() })
  .meta({ id: 'DraftOwner' });

export const DraftJson = z
  .object({
    id: z.string(),
    owner: Author,
    role: z
      .enum(['owner', 'coAuthor'])
      .nullable()
      .meta({ description: 'How the caller relates to it (null in a preview)' }),
    articleId: z.string().nullable().meta({ description: 'The published article this draft edits' }),
    translationOf: z.string().nullable().meta({ description: 'The article this draft translates' }),
    language: Lang,
    title: z.string(),
    description: z.string(),
    content: Content.nullable().optional().meta({ description: 'Sanitized Editor.js output; left out of lists' }),
    category: z.string(),
    subCategories: z.array(z.string()),
    coverKey: z.string().nullable(),
    coverUrl: z.string().nullable(),
    target: z.string(),
    publicationId: z.string().nullable().meta({
      description:
        'The publication it will be published into (PUT /api/drafts/{id}/publication); null for the personal blog',
    }),
    audience: z.enum(AUDIENCES),
    version: z.number().int(),
    previewExpiresAt: z.iso
      .datetime()
      .nullable()
      .meta({
        description:
          'Only for the owner: when the preview link stops working (it may have passed); null when none was made. ' +
          'The token itself is answered only when the link is made (POST /api/drafts/{id}/preview)',
      }),
    wordCount: z.number().int().optional(),
    symbolCount: z.number().int().optional(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Draft' });

export const DraftList = z
  .object({
    items: z.array(DraftJson),
    count: z
      .number()
      .int()
      .meta({ description: `Own drafts (not translations); at most ${DRAFTS_MAX}` }),
    max: z.number().int(),
    translationCount: z
      .number()
      .int()
      .meta({ description: `Own draft translations; at most ${DRAFT_TRANSLATIONS_MAX}` }),
    translationMax: z.number().int(),
  })
  .meta({ id: 'DraftList' });

export const PreviewLink = z
  .object({
    token: z.string().meta({ description: 'Answered only here: the server keeps only its hash' }),
    url: z.string().meta({ description: '/preview/{token}' }),
    expiresAt: z.iso.datetime().meta({ description: 'When the link stops working unless it is refreshed (30 days)' }),
  })
  .meta({ id: 'DraftPreviewLink' });

export const DraftDetails = z
  .object({
    draft: DraftJson,
    translationSource: z
      .object({ id: z.string(), title: z.string(), language: z.string() })
      .nullable()
      .meta({ description: 'The article a draft translation translates' }),
    // The collaboration part (co-authors, invitations, the translation group), from the collaboration area.
    coAuthors: DraftCollaborationJson.shape.coAuthors,
    invitations: DraftCollaborationJson.shape.invitations,
    translations: DraftCollaborationJson.shape.translations,
  })
  .loose()
  .meta({ id: 'DraftDetails' });

export const ReviewArticlePage = z
  .object({
    items: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        language: z.string(),
        status: z.enum(REVIEW_STATUSES),
        reviewNote: z.string(),
        createdAt: z.iso.datetime(),
        updatedAt: z.iso.datetime(),
        translationOf: z.string().nullable(),
        deletable: z.boolean().meta({ description: 'Pending and within 6 hours of its creation' }),
        editable: z.boolean().meta({ description: 'Published or revision requested' }),
      }),
    ),
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
  })
  .meta({ id: 'ReviewArticlePage' });

export const ArticleReviewJson = z
  .object({
    articleId: z.string(),
    status: z.enum(ARTICLE_STATUSES),
    reviewNote: z.string(),
    events: z.array(z.object({ status: z.enum(REVIEW_STATUSES), at: z.iso.datetime(), note: z.string() })),
  })
  .meta({ id: 'ArticleReview' });

const iso = (ms: number) => new Date(ms).toISOString();

/** The JSON of a draft (a list leaves the content and counts out; a preview shows no link expiry and no role). */
export function draftJson(draft: Draft, options: { list?: boolean } = {}): z.infer<typeof DraftJson> {
  return {
    id: draft.id,
    owner: draft.owner ?? { uid: '', username: '', fullname: '', imageUrl: '' },
    role: draft.role === 'owner' || draft.role === 'coAuthor' ? draft.role : null,
    articleId: draft.articleId || null,
    translationOf: draft.translationOf || null,
    language: languages.require(draft.language, 'language'),
    title: draft.title,
    description: draft.description,
    ...(options.list
      ? {}
      : {
          content: draft.contentJson ? (JSON.parse(draft.contentJson) as z.infer<typeof Content>) : null,
          wordCount: draft.wordCount,
          symbolCount: draft.symbolCount,
        }),
    category: draft.category,
    subCategories: draft.subCategories,
    coverKey: draft.coverKey || null,
    coverUrl: draft.coverUrl || null,
    target: draft.target,
    publicationId: draft.publicationId || null,
    audience: audiences.require(draft.audience, 'audience'),
    version: draft.version,
    previewExpiresAt: draft.previewExpiresAtMs ? iso(draft.previewExpiresAtMs) : null,
    createdAt: iso(draft.createdAtMs),
    updatedAt: iso(draft.updatedAtMs),
  };
}
