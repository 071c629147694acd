import { eventTables } from '@pencraft/kit/schema';
import { pgSchema } from 'drizzle-orm/pg-core';

/** Everything the notifications service owns lives in this schema. Its domain tables come with its issue. */
export const notificationsSchema = pgSchema('notifications');
export const notificationsEvents = eventTables(notificationsSchema);
