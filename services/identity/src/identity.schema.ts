import { eventTables } from '@pencraft/kit/schema';
import { pgSchema } from 'drizzle-orm/pg-core';

/** Everything identity owns lives in this schema; no other service reads it. */
export const identitySchema = pgSchema('identity');
export const identityEvents = eventTables(identitySchema);
