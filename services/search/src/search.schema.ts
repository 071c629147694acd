import { eventTables } from '@pencraft/kit/schema';
import { pgSchema } from 'drizzle-orm/pg-core';

/** The search indexes: a read model built from other services' events. */
export const searchSchema = pgSchema('search');
export const searchEvents = eventTables(searchSchema);
