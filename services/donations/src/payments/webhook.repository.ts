import { Inject, Injectable } from '@nestjs/common';
import { EVENT_TABLES, type Queryable } from '@pencraft/kit';
import type { donationsEvents } from '../donations.schema.js';

/** The consumer name under which the provider's webhook events are recorded in processed_events. */
export const WEBHOOK_CONSUMER = 'donations-webhook';

/** The record of the provider's webhook events already applied. */
@Injectable()
export class WebhookRepository {
  constructor(@Inject(EVENT_TABLES) private readonly tables: Pick<typeof donationsEvents, 'processedEvents'>) {}

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
}
