import { eventTables } from '@pencraft/kit/schema';
import { pgSchema } from 'drizzle-orm/pg-core';

/** Everything the moderation service owns lives in this schema. Its domain tables come with its issue. */
export const moderationSchema = pgSchema('moderation');
export const moderationEvents = eventTables(moderationSchema);
