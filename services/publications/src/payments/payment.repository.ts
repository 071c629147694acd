import { Inject, Injectable } from '@nestjs/common';
import { EVENT_TABLES, type Queryable } from '@pencraft/kit';
import { and, eq, sql } from 'drizzle-orm';
import { publicationsEvents } from '../publications.schema.js';
import { merchantAccounts, type MerchantAccountRow } from './merchant-account.table.js';

/** The consumer name under which the provider's webhook events are recorded in processed_events. */
export const WEBHOOK_CONSUMER = 'payments-webhook';

/** Merchant accounts and the record of the provider's events already applied. */
@Injectable()
export class PaymentRepository {
  constructor(@Inject(EVENT_TABLES) private readonly tables: Pick<typeof publicationsEvents, 'processedEvents'>) {}

  /**
   * Records the provider's event as processed in the transaction of its effect: false when it already was (a
   * replay, or a concurrent delivery of the same event, which waits for the first to commit).
   */
  async recordEvent(tx: Queryable, provider: string, eventId: string, type: string): Promise<boolean> {
    const inserted = await tx
      .insert(this.tables.processedEvents)
      .values({ consumer: `${WEBHOOK_CONSUMER}:${provider}`, eventId, subject: type })
      .onConflictDoNothing()
      .returning({ eventId: this.tables.processedEvents.eventId });
    return inserted.length > 0;
  }

  /** Serializes the changes of one provider subscription (webhooks may arrive together): a transaction lock. */
  async lockSubscription(tx: Queryable, providerSubscriptionId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payment-subscription:${providerSubscriptionId}`}))`);
  }

  async merchant(tx: Queryable, publicationId: string): Promise<MerchantAccountRow | undefined> {
    const [row] = await tx.select().from(merchantAccounts).where(eq(merchantAccounts.publicationId, publicationId));
    return row;
  }

  async insertMerchant(tx: Queryable, row: typeof merchantAccounts.$inferInsert): Promise<MerchantAccountRow> {
    const [inserted] = await tx.insert(merchantAccounts).values(row).returning();
    return inserted!;
  }

  /** The provider said whether the account may take payments; an update older than the one applied changes nothing. */
  async updateMerchant(
    tx: Queryable,
    provider: string,
    accountId: string,
    chargesEnabled: boolean,
    at: Date,
  ): Promise<number> {
    const rows = await tx
      .update(merchantAccounts)
      .set({ chargesEnabled, updatedAt: at })
      .where(
        and(
          eq(merchantAccounts.provider, provider as MerchantAccountRow['provider']),
          eq(merchantAccounts.accountId, accountId),
          sql`(${merchantAccounts.updatedAt} is null or ${merchantAccounts.updatedAt} <= ${at})`,
        ),
      )
      .returning({ publicationId: merchantAccounts.publicationId });
    return rows.length;
  }
}
