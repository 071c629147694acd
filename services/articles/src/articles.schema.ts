import { eventTables } from '@pencraft/kit/schema';
import { pgSchema } from 'drizzle-orm/pg-core';

/** Everything the articles service owns lives in this schema; no other service reads it. */
export const articlesSchema = pgSchema('articles');
export const articlesEvents = eventTables(articlesSchema);
