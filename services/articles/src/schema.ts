// Every table of the service, for drizzle-kit.
import { articlesEvents } from './articles.schema.js';

export { articlesSchema } from './articles.schema.js';
export const { outbox, processedEvents } = articlesEvents;
export * from './articles/article.table.js';
export * from './authors/author.table.js';
export * from './coauthors/coauthor.table.js';
export * from './drafts/draft.table.js';
export * from './media/media.table.js';
export * from './review/review.table.js';
export * from './reports/article-report.table.js';
export * from './statistics/statistics.table.js';
export * from './bookmarks/bookmark.table.js';
export * from './categories/category-follow.table.js';
export * from './collections/collection.table.js';
export * from './feeds/article-engagement.table.js';
export * from './feeds/user-follow.table.js';
export * from './feeds/article-trend.table.js';
export * from './votes/vote.table.js';
