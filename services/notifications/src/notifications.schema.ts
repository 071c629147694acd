import { eventTables } from '@pencraft/kit/schema';
import { pgSchema } from 'drizzle-orm/pg-core';

/** Everything the notifications service owns lives in this schema. Its tables: notifications/notification.table.ts, people/person.table.ts. */
export const notificationsSchema = pgSchema('notifications');
export const notificationsEvents = eventTables(notificationsSchema);
