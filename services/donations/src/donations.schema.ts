import { eventTables } from '@pencraft/kit/schema';
import { pgSchema } from 'drizzle-orm/pg-core';

/** Everything the donations service owns lives in this schema. Its domain tables come with its issue. */
export const donationsSchema = pgSchema('donations');
export const donationsEvents = eventTables(donationsSchema);
