import { CATEGORY_IDS, HOME_CURSOR_MAX, HOME_CURSOR_PATTERN, HOME_MAX_PAGE, HOME_TABS } from '@pencraft/rules';
import { z } from 'zod';
import { ArticleCardJson } from '../articles/article.dto.js';

export const HomeQuery = z.object({
  tab: z
    .enum(HOME_TABS)
    .optional()
    .default('all')
    .meta({ description: 'all (everyone), following or suggestions (signed in: Unauthorized otherwise)' }),
  cursor: z.string().max(HOME_CURSOR_MAX).regex(new RegExp(HOME_CURSOR_PATTERN)).optional().meta({
    description: 'The nextCursor of the page before; none for the first page (InvalidPage for any other text)',
  }),
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(HOME_MAX_PAGE)
    .optional()
    .meta({ description: 'Deprecated numbered paging of the all tab (newest first, no language order); use cursor' }),
});

/** A card of the home lists, with its score and comments as the reading lists carry them. */
export const HomeCard = ArticleCardJson;

export const HomePage = z
  .object({
    tab: z.enum(HOME_TABS),
    items: z.array(HomeCard),
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: 'Where the next page starts (pass it as cursor); null when the list is over' }),
  })
  .meta({ id: 'HomePage' });

export const TrendingList = z
  .object({
    items: z.array(
      ArticleCardJson.extend({
        score: z.number().meta({ description: 'The decayed trending score now (votes 3, comments 2, reads 1)' }),
      }),
    ),
  })
  .meta({ id: 'TrendingList' });

export const CategoryIdParams = z.object({ id: z.enum(CATEGORY_IDS) });

export const CategoryPin = z
  .object({ category: z.enum(CATEGORY_IDS), pinned: z.boolean(), following: z.boolean() })
  .meta({ id: 'CategoryPin' });

const AuthorStanding = z
  .object({
    uid: z.string(),
    username: z.string(),
    fullname: z.string(),
    imageUrl: z.string(),
    articles: z.number().int(),
    score: z.number().int(),
  })
  .meta({ id: 'AuthorStanding' });

export const CategoryExplore = z
  .object({
    category: z.object({ id: z.enum(CATEGORY_IDS), name: z.string() }),
    articles: z.number().int(),
    followers: z.number().int(),
    articlesThisWeek: z.number().int(),
    topAuthors: z.array(AuthorStanding),
    newest: z.array(ArticleCardJson),
    top: z.array(ArticleCardJson),
  })
  .meta({ id: 'CategoryExplore' });

export const FollowSuggestions = z
  .object({
    users: z.array(AuthorStanding),
    categories: z.array(z.object({ id: z.enum(CATEGORY_IDS), name: z.string(), articles: z.number().int() })),
    publications: z.array(z.object({ id: z.string(), name: z.string(), slug: z.string(), articles: z.number().int() })),
  })
  .meta({ id: 'FollowSuggestions' });
