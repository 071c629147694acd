import { eventTables } from '@pencraft/kit/schema';
import { pgSchema } from 'drizzle-orm/pg-core';

/** Everything the publications service owns lives in this schema. */
export const publicationsSchema = pgSchema('publications');
export const publicationsEvents = eventTables(publicationsSchema);
