import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { publications, type PublicationRow } from '../publications/publication.table.js';
import { subscriptions, type SubscriptionRow } from './subscription.table.js';

@Injectable()
export class SubscriptionRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async find(tx: Queryable, publicationId: string, uid: string): Promise<SubscriptionRow | undefined> {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.publicationId, publicationId), eq(subscriptions.uid, uid)));
    return row;
  }

  /** The subscription, locked for the change. */
  async lock(tx: Queryable, publicationId: string, uid: string): Promise<SubscriptionRow | undefined> {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.publicationId, publicationId), eq(subscriptions.uid, uid)))
      .for('update');
    return row;
  }

  /** The subscription the payment provider knows by this id, locked for the change. */
  async lockByProviderId(tx: Queryable, providerSubscriptionId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId))
      .for('update');
    return row;
  }

  /** Writes a subscription's payment fields (the payments service decided them). */
  async update(
    tx: Queryable,
    publicationId: string,
    uid: string,
    change: Partial<Omit<typeof subscriptions.$inferInsert, 'publicationId' | 'uid'>>,
  ): Promise<SubscriptionRow> {
    const [row] = await tx
      .update(subscriptions)
      .set(change)
      .where(and(eq(subscriptions.publicationId, publicationId), eq(subscriptions.uid, uid)))
      .returning();
    return row!;
  }

  async insert(tx: Queryable, row: typeof subscriptions.$inferInsert): Promise<SubscriptionRow> {
    const [inserted] = await tx.insert(subscriptions).values(row).returning();
    return inserted!;
  }

  async delete(tx: Queryable, publicationId: string, uid: string): Promise<void> {
    await tx
      .delete(subscriptions)
      .where(and(eq(subscriptions.publicationId, publicationId), eq(subscriptions.uid, uid)));
  }

  /**
   * A paid subscription stops renewing; its access lasts until its period ends. `providerCancelPending`: the provider
   * still renews it and is told after the commit (PaymentService.stopRenewals, retried by RenewalStopRetrier).
   */
  async cancel(
    tx: Queryable,
    publicationId: string,
    uid: string,
    at: Date,
    providerCancelPending: boolean,
  ): Promise<void> {
    await tx
      .update(subscriptions)
      .set({ cancelledAt: at, providerCancelPending })
      .where(and(eq(subscriptions.publicationId, publicationId), eq(subscriptions.uid, uid)));
  }

  /**
   * The plan's subscribers stop renewing (the plan goes). The paid ones the provider still renews are marked
   * providerCancelPending (the provider is told after the commit); answers their provider subscription ids.
   */
  async cancelForPlan(tx: Queryable, planId: string, at: Date): Promise<string[]> {
    const rows = await tx
      .update(subscriptions)
      .set({
        cancelledAt: at,
        providerCancelPending: sql`${subscriptions.tier} = 'paid' and ${subscriptions.providerSubscriptionId} is not null and ${subscriptions.paymentState} is distinct from 'ended'`,
      })
      .where(and(eq(subscriptions.planId, planId), isNull(subscriptions.cancelledAt)))
      .returning({
        providerSubscriptionId: subscriptions.providerSubscriptionId,
        pending: subscriptions.providerCancelPending,
      });
    return rows.filter((row) => row.pending && row.providerSubscriptionId).map((row) => row.providerSubscriptionId!);
  }

  /** The provider was told to stop renewing it (or said it will not renew): nothing is pending any more. */
  async renewalStopped(tx: Queryable, providerSubscriptionId: string): Promise<void> {
    await tx
      .update(subscriptions)
      .set({ providerCancelPending: false })
      .where(
        and(
          eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
          eq(subscriptions.providerCancelPending, true),
        ),
      );
  }

  /** Provider subscriptions whose cancellation the provider has not acknowledged yet (oldest cancellation first). */
  async pendingRenewalStops(limit: number): Promise<string[]> {
    const rows = await this.database.db
      .select({ providerSubscriptionId: subscriptions.providerSubscriptionId })
      .from(subscriptions)
      .where(eq(subscriptions.providerCancelPending, true))
      .orderBy(subscriptions.cancelledAt)
      .limit(limit);
    return rows.map((row) => row.providerSubscriptionId).filter((id): id is string => !!id);
  }

  /** A page of a publication's subscribers, newest first, and how many there are. */
  async page(publicationId: string, offset: number, limit: number) {
    const db = this.database.db;
    const rows = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.publicationId, publicationId))
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.uid))
      .offset(offset)
      .limit(limit + 1);
    const [total] = await db
      .select({ n: count() })
      .from(subscriptions)
      .where(eq(subscriptions.publicationId, publicationId));
    return { items: rows.slice(0, limit), hasMore: rows.length > limit, total: total?.n ?? 0 };
  }

  /** A user's subscriptions with their publications, newest first. */
  async ofUser(uid: string): Promise<{ subscription: SubscriptionRow; publication: PublicationRow }[]> {
    return this.database.db
      .select({ subscription: subscriptions, publication: publications })
      .from(subscriptions)
      .innerJoin(publications, eq(publications.id, subscriptions.publicationId))
      .where(eq(subscriptions.uid, uid))
      .orderBy(desc(subscriptions.createdAt));
  }
}
