import { eventTables } from '@pencraft/kit/schema';
import { pgSchema } from 'drizzle-orm/pg-core';

/** Everything the comments service owns lives in this schema. Its domain tables come with its issue. */
export const commentsSchema = pgSchema('comments');
export const commentsEvents = eventTables(commentsSchema);
