import type { ArticleMeta, Collection } from '@pencraft/contracts/articles/v1/engagement';
import {
  CATEGORY_IDS,
  COLLECTION_NAME_MAX,
  HOME_MAX_PAGE,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  USERNAME_MAX,
  UUID_PATTERN,
} from '@pencraft/rules';
import { z } from 'zod';
import { ArticleCardJson, ArticleId } from '../articles/article.dto.js';

export { ArticlePage, CategoryList } from '../articles/article.dto.js';
import { text } from '../http/text.js';

const USERNAME = /^[A-Za-z][A-Za-z0-9_]*$/;
const Id = z.string().regex(UUID_PATTERN);

export const ArticleParams = z.object({ id: ArticleId });
export const CollectionParams = z.object({ id: Id });

/** A reader's report of a published article: the reasons and the note of a comment report. */
export const ReportArticleBody = z
  .object({ reason: z.enum(REPORT_REASONS), note: text({ max: REPORT_NOTE_MAX }).optional() })
  .strict();

export const ArticleReportJson = z
  .object({ id: z.string(), articleId: z.string(), reason: z.enum(REPORT_REASONS), createdAt: z.string() })
  .meta({ id: 'ArticleReport' });
export const CollectionItemParams = z.object({ id: Id, articleId: ArticleId });
export const UserIdParams = z.object({ id: Id });
export const NextArticleParams = z.object({ id: Id, aid: ArticleId });
export const UsernameParams = z.object({ username: z.string().min(1).max(USERNAME_MAX).regex(USERNAME) });
export const CategoryParams = z.object({ category: z.enum(CATEGORY_IDS) });
export const CategoryIdParams = z.object({ id: z.enum(CATEGORY_IDS) });

const page = z.coerce.number().int().min(1).max(HOME_MAX_PAGE).optional().default(1);
export const PageQuery = z.object({ page });
export const CategoryPageQuery = z.object({
  page,
  sKey: z
    .enum(['new', 'top'])
    .optional()
    .default('new')
    .meta({ description: 'The sort key: new (newest first, the default) or top (by score, then newest).' }),
});

export const ArticleMetaJson = z
  .object({
    votes: z.object({ up: z.number().int(), down: z.number().int() }),
    myVote: z.enum(['up', 'down']).nullable(),
    bookmarked: z.boolean(),
    bookmarks: z.number().int(),
    comments: z.number().int(),
    collections: z.array(z.string()).meta({ description: "Ids of the viewer's own collections holding the article." }),
  })
  .meta({ id: 'ArticleMeta', description: 'What one viewer sees of an article: never cached for others.' });

export const ArticleCardList = z.object({ items: z.array(ArticleCardJson) }).meta({ id: 'ArticleCardList' });
export const NextArticle = z
  .object({ next: ArticleCardJson.optional() })
  .meta({ id: 'NextArticle', description: 'next is absent when the author has no other published article.' });

const Owner = z.object({ uid: z.string(), username: z.string(), fullname: z.string(), imageUrl: z.string() });
export const CollectionSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    private: z.boolean(),
    owner: Owner,
    itemCount: z.number().int(),
    own: z.boolean().meta({ description: 'The viewer made it.' }),
    saved: z.boolean().meta({ description: "The viewer saved it (someone else's public collection)." }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'CollectionSummary' });
export const CollectionList = z.object({ items: z.array(CollectionSummary) }).meta({ id: 'CollectionList' });
export const CollectionPage = z
  .object({
    collection: CollectionSummary,
    items: z.array(ArticleCardJson),
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
  })
  .meta({ id: 'CollectionPage' });

const CollectionName = text({ min: 1, max: COLLECTION_NAME_MAX });
export const CreateCollectionBody = z
  .object({ name: CollectionName, private: z.boolean().optional().default(false) })
  .strict()
  .meta({ id: 'CreateCollectionBody' });
export const UpdateCollectionBody = z
  .object({ name: CollectionName.optional(), private: z.boolean().optional() })
  .strict()
  .meta({ id: 'UpdateCollectionBody' });
export const CollectionRefBody = z.object({ collectionId: Id }).strict().meta({ id: 'CollectionRefBody' });

export const FollowedCategoryList = z
  .object({ items: z.array(z.object({ id: z.string(), name: z.string(), pinned: z.boolean() })) })
  .meta({ id: 'FollowedCategoryList' });

export const CategoryFollow = z
  .object({ category: z.enum(CATEGORY_IDS), following: z.boolean() })
  .meta({ id: 'CategoryFollow' });

const iso = (ms: number) => new Date(ms).toISOString();

export function metaJson(meta: ArticleMeta | undefined): z.infer<typeof ArticleMetaJson> {
  return {
    votes: { up: meta?.up ?? 0, down: meta?.down ?? 0 },
    myVote: meta?.myVote === 'up' || meta?.myVote === 'down' ? meta.myVote : null,
    bookmarked: meta?.bookmarked ?? false,
    bookmarks: meta?.bookmarks ?? 0,
    comments: meta?.comments ?? 0,
    collections: meta?.collectionIds ?? [],
  };
}

export function collectionJson(collection: Collection): z.infer<typeof CollectionSummary> {
  return {
    id: collection.id,
    name: collection.name,
    private: collection.private,
    owner: collection.owner ?? { uid: '', username: '', fullname: '', imageUrl: '' },
    itemCount: collection.itemCount,
    own: collection.own,
    saved: collection.saved,
    createdAt: iso(collection.createdAtMs),
    updatedAt: iso(collection.updatedAtMs),
  };
}
