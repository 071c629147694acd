import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../database/database.js';
import { injectContext } from '../tracing/tracing.js';
import type { eventTables } from './event-tables.js';

export interface OutboxEvent {
  /** <service>.<entity>.<verb> */
  subject: string;
  /** The protobuf message, encoded. */
  payload: Uint8Array;
  /** The protobuf message name, e.g. events.v1.ArticlePublished. */
  type: string;
}

/** Writes events into the outbox inside the caller's transaction; the relay publishes them after commit. */
export class Outbox {
  constructor(
    private readonly tables: ReturnType<typeof eventTables>,
    private readonly channel: string,
  ) {}

  async add(tx: Queryable, event: OutboxEvent): Promise<string> {
    const id = randomUUID();
    const headers = injectContext({ 'pc-event-type': event.type });
    await tx.insert(this.tables.outbox).values({ id, subject: event.subject, payload: event.payload, headers });
    await tx.execute(sql`select pg_notify(${this.channel}, '')`);
    return id;
  }
}

export function outboxChannel(schema: string) {
  return `${schema}_outbox`;
}
