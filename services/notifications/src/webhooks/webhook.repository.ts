import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable, type Transaction } from '@pencraft/kit';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import {
  webhookDeliveries,
  webhookEndpoints,
  type WebhookDeliveryRow,
  type WebhookDeliveryStatus,
  type WebhookEndpointRow,
} from './webhook.tables.js';

/** A delivery claimed for an attempt, with what sending it needs. */
export interface ClaimedDelivery {
  id: string;
  /** The owning partner client (Keycloak client id). */
  clientId: string;
  eventType: string;
  payload: string;
  attempts: number;
  url: string;
  secretSealed: string;
}

/** What an attempt came to, written over the delivery. */
export interface AttemptRecord {
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  at: Date;
}

/** Endpoints by owner and deliveries by endpoint; every partner read names the owning client. */
@Injectable()
export class WebhookRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.database.db.transaction(work);
  }

  /**
   * Reads in one snapshot (repeatable read, read only): a listing made of several queries sees one moment, never an
   * endpoint from before a change beside its deliveries from after it.
   */
  snapshot<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.database.db.transaction(work, { isolationLevel: 'repeatable read', accessMode: 'read only' });
  }

  /** The handle for reads outside a transaction. */
  reader(): Queryable {
    return this.database.db;
  }

  /** Serialises a client's endpoint changes (the per-client cap) in the caller's transaction. */
  async lockClient(tx: Queryable, clientId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhooks:${clientId}`}))`);
  }

  async countEndpoints(tx: Queryable, clientId: string): Promise<number> {
    const [row] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.clientId, clientId));
    return row?.count ?? 0;
  }

  async insertEndpoint(
    tx: Queryable,
    endpoint: { clientId: string; url: string; eventTypes: string[]; secretSealed: string; at: Date },
  ): Promise<WebhookEndpointRow> {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        id: randomUUID(),
        clientId: endpoint.clientId,
        url: endpoint.url,
        eventTypes: endpoint.eventTypes,
        secretSealed: endpoint.secretSealed,
        createdAt: endpoint.at,
        updatedAt: endpoint.at,
      })
      .returning();
    return row!;
  }

  async listEndpoints(tx: Queryable, clientId: string): Promise<WebhookEndpointRow[]> {
    return tx
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.clientId, clientId))
      .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  }

  /** The client's endpoint, or undefined (also for another client's). */
  async findEndpoint(tx: Queryable, clientId: string, id: string): Promise<WebhookEndpointRow | undefined> {
    const [row] = await tx
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.clientId, clientId)));
    return row;
  }

  async updateEndpoint(
    tx: Queryable,
    clientId: string,
    id: string,
    changes: { url?: string; eventTypes?: string[]; enabled?: boolean; at: Date },
  ): Promise<WebhookEndpointRow | undefined> {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(changes.url !== undefined ? { url: changes.url } : {}),
        ...(changes.eventTypes !== undefined ? { eventTypes: changes.eventTypes } : {}),
        ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
        updatedAt: changes.at,
      })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.clientId, clientId)))
      .returning();
    return row;
  }

  async deleteEndpoint(tx: Queryable, clientId: string, id: string): Promise<boolean> {
    const rows = await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.clientId, clientId)))
      .returning({ id: webhookEndpoints.id });
    return rows.length > 0;
  }

  /**
   * One pending delivery of the event for each enabled endpoint subscribed to its type, due now; an event seen again
   * (the same id) adds none (unique endpoint and event). Answers how many were added.
   */
  async fanOut(tx: Queryable, eventId: string, eventType: string, payload: string, at: Date): Promise<number> {
    const rows = await tx.execute<{ id: string }>(sql`
      insert into ${webhookDeliveries}
        (id, endpoint_id, event_id, event_type, payload, status, attempts, next_attempt_at, created_at, updated_at)
      select gen_random_uuid(), e.id, ${eventId}, ${eventType}, ${payload}, 'pending', 0, ${at}, ${at}, ${at}
        from ${webhookEndpoints} e
       where e.enabled and ${eventType} = any(e.event_types)
      on conflict (endpoint_id, event_id) do nothing
      returning id`);
    return rows.rows.length;
  }

  /**
   * Claims up to `limit` due deliveries of enabled endpoints (row locks, skip locked, so dispatchers never share one)
   * and leases them until `leaseUntil` (a dispatcher that dies mid-attempt leaves them due again then).
   */
  async claimDue(limit: number, now: Date, leaseUntil: Date): Promise<ClaimedDelivery[]> {
    if (limit <= 0) return [];
    return this.run(async (tx) => {
      const due = await tx
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(
          and(
            inArray(webhookDeliveries.status, ['pending', 'failed']),
            lte(webhookDeliveries.nextAttemptAt, now),
            sql`exists (select 1 from ${webhookEndpoints} e where e.id = ${webhookDeliveries.endpointId} and e.enabled)`,
          ),
        )
        .orderBy(asc(webhookDeliveries.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const ids = due.map((row) => row.id);
      await tx.update(webhookDeliveries).set({ nextAttemptAt: leaseUntil }).where(inArray(webhookDeliveries.id, ids));
      return tx
        .select({
          id: webhookDeliveries.id,
          clientId: webhookEndpoints.clientId,
          eventType: webhookDeliveries.eventType,
          payload: webhookDeliveries.payload,
          attempts: webhookDeliveries.attempts,
          url: webhookEndpoints.url,
          secretSealed: webhookEndpoints.secretSealed,
        })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(inArray(webhookDeliveries.id, ids))
        .orderBy(asc(webhookDeliveries.createdAt));
    });
  }

  /** Pauses every endpoint of a client (a revoked one): nothing more is made or sent for them. */
  async disableClient(clientId: string, at: Date): Promise<void> {
    await this.database.db
      .update(webhookEndpoints)
      .set({ enabled: false, updatedAt: at })
      .where(eq(webhookEndpoints.clientId, clientId));
  }

  async recordAttempt(id: string, record: AttemptRecord): Promise<void> {
    await this.database.db
      .update(webhookDeliveries)
      .set({
        status: record.status,
        attempts: record.attempts,
        nextAttemptAt: record.nextAttemptAt,
        lastResponseStatus: record.responseStatus,
        lastResponseBody: record.responseBody,
        lastError: record.error,
        updatedAt: record.at,
      })
      .where(eq(webhookDeliveries.id, id));
  }

  async listDeliveries(
    tx: Queryable,
    endpointId: string,
    status: WebhookDeliveryStatus | undefined,
    limit: number,
  ): Promise<WebhookDeliveryRow[]> {
    return tx
      .select()
      .from(webhookDeliveries)
      .where(
        and(eq(webhookDeliveries.endpointId, endpointId), status ? eq(webhookDeliveries.status, status) : undefined),
      )
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(limit);
  }

  /** Recent deliveries of an endpoint, dead ones first (the staff console). */
  async listDeliveriesDeadFirst(tx: Queryable, endpointId: string, limit: number): Promise<WebhookDeliveryRow[]> {
    return tx
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(
        sql`case when ${webhookDeliveries.status} = 'dead' then 0 else 1 end`,
        desc(webhookDeliveries.createdAt),
        desc(webhookDeliveries.id),
      )
      .limit(limit);
  }

  /** The delivery if it belongs to the endpoint of that client (undefined otherwise). */
  async findDeliveryOfClient(
    tx: Queryable,
    clientId: string,
    endpointId: string,
    deliveryId: string,
  ): Promise<WebhookDeliveryRow | undefined> {
    const [row] = await tx
      .select({ delivery: webhookDeliveries })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(
        and(
          eq(webhookDeliveries.id, deliveryId),
          eq(webhookDeliveries.endpointId, endpointId),
          eq(webhookEndpoints.clientId, clientId),
        ),
      );
    return row?.delivery;
  }

  /** Makes a delivery due now for one more attempt (also a dead or succeeded one). */
  async redeliver(tx: Queryable, deliveryId: string, at: Date): Promise<WebhookDeliveryRow | undefined> {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: at, updatedAt: at })
      .where(eq(webhookDeliveries.id, deliveryId))
      .returning();
    return row;
  }
}
