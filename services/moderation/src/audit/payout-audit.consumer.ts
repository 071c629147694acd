import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { payoutStates } from '@pencraft/contracts/enums';
import { EVENTS, eventSubscription } from '@pencraft/contracts/events';
import type { PayoutUpdated } from '@pencraft/contracts/events/v1/donations';
import { EventConsumers, type Queryable, type Transaction } from '@pencraft/kit';
import { isUuid, type PayoutState } from '@pencraft/rules';
import { AuditRepository, type NewAuditEntry } from './audit.repository.js';
import type { AuditAction } from './audit.table.js';

/** The staff moves of a payout and the audit action each is recorded as (a request is the author's, not staff's). */
const ACTIONS: Partial<Record<PayoutState, AuditAction>> = {
  processing: 'payout.markProcessing',
  paid: 'payout.markPaid',
  failed: 'payout.markFailed',
};

/**
 * The entry a staff member's payout move gets in the audit log: the staff member as the actor, the payout as the
 * subject, the transfer's reference (paid, then the staff's note if any) or the reason (failed) as the note. Only the
 * text staff wrote is copied: nothing of the card (its last digits, its token) reaches the audit log. Undefined for
 * what is not a staff move (the author's request, an event without a staff member).
 */
export function payoutAuditEntry(event: PayoutUpdated): NewAuditEntry | undefined {
  const state = payoutStates.fromProto(event.state);
  const action = state ? ACTIONS[state] : undefined;
  if (!action || !event.staffSub || !isUuid(event.payoutId)) return undefined;
  const note =
    state === 'paid'
      ? [event.reference, event.note].filter(Boolean).join(' · ')
      : state === 'failed'
        ? event.failureNote || event.note
        : event.note;
  return {
    // The move's own id: the same move read again (another delivery of it) finds its entry there.
    ...(isUuid(event.actionId) ? { id: event.actionId } : {}),
    actor: { sub: event.staffSub, username: event.staffUsername },
    action,
    subjectKind: 'payout',
    subjectId: event.payoutId,
    note,
    at: new Date(event.atMs),
  };
}

/**
 * Staff's moves of payouts (the donations service's donations.payout.updated) written to the audit log, so the log
 * holds every staff action, finance's as well as the moderators'. The kit records each event id as processed in the
 * transaction that writes the entry, so a redelivery writes nothing; the entry's id is the move's, so the same move
 * is written once even under another event id.
 */
@Injectable()
export class PayoutAuditConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly audit: AuditRepository,
  ) {}

  async onApplicationBootstrap() {
    await this.consumers.subscribe(
      eventSubscription(EVENTS.payoutUpdated, 'moderation', (event, tx: Transaction) => this.payoutUpdated(event, tx)),
    );
  }

  async payoutUpdated(event: PayoutUpdated, tx: Queryable): Promise<void> {
    const entry = payoutAuditEntry(event);
    if (entry) await this.audit.record(tx, entry);
  }
}
