import { sql } from 'drizzle-orm';
import { index, jsonb, primaryKey, text, timestamp, uuid, type PgSchema } from 'drizzle-orm/pg-core';
import { bytea } from '../database/columns.js';

/**
 * The outbox and the processed-events record, created in each service's own schema by its migrations.
 * Events are written to the outbox in the same transaction as the change they describe.
 */
export function eventTables(schema: PgSchema) {
  const outbox = schema.table(
    'outbox',
    {
      id: uuid('id').primaryKey(),
      subject: text('subject').notNull(),
      payload: bytea('payload').notNull(),
      headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      publishedAt: timestamp('published_at', { withTimezone: true }),
    },
    (t) => [
      index('outbox_unpublished_idx')
        .on(t.createdAt)
        .where(sql`published_at is null`),
    ],
  );
  const processedEvents = schema.table(
    'processed_events',
    {
      consumer: text('consumer').notNull(),
      eventId: text('event_id').notNull(),
      subject: text('subject').notNull(),
      processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.consumer, t.eventId] })],
  );
  return { outbox, processedEvents };
}
