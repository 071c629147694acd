import { describe, expect, it } from '@jest/globals';
import { PayoutState } from '@pencraft/contracts/common/v1/common';
import { EVENTS } from '@pencraft/contracts/events';
import type { PayoutUpdated } from '@pencraft/contracts/events/v1/donations';
import type { EventConsumers, Subscription } from '@pencraft/kit';
import { strictMock, TX } from '@pencraft/testing';
import type { AuditRepository } from './audit.repository.js';
import { PayoutAuditConsumer } from './payout-audit.consumer.js';

const PAYOUT = '4d5e6f7a-8b9c-4d0e-9f1a-3b4c5d6e7f8a';
const ACTION = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const AT = Date.parse('2026-03-02T08:00:00Z');

const event = (over: Partial<PayoutUpdated> = {}): PayoutUpdated => ({
  payoutId: PAYOUT,
  uid: '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b',
  state: PayoutState.PAYOUT_STATE_PROCESSING,
  amountQepik: 2_000,
  cardLast4: '4242',
  expectedDate: '2026-03-09',
  reference: '',
  failureNote: '',
  atMs: AT,
  actionId: ACTION,
  staffSub: 'kc-finance-1',
  staffUsername: 'finance',
  note: '',
  ...over,
});

function consumer() {
  const consumers = strictMock<EventConsumers>('EventConsumers');
  const audit = strictMock<AuditRepository>('AuditRepository');
  audit.record.mockResolvedValue(undefined);
  return { consumers, audit, consumer: new PayoutAuditConsumer(consumers, audit) };
}

describe('PayoutAuditConsumer', () => {
  it('reads donations.payout.updated with its own durable consumer', async () => {
    const { consumers, consumer: subject } = consumer();
    consumers.subscribe.mockResolvedValue(undefined);
    await subject.onApplicationBootstrap();
    expect(consumers.subscribe).toHaveBeenCalledTimes(1);
    const [subscription] = consumers.subscribe.mock.calls[0]! as [Subscription];
    expect(subscription).toMatchObject({
      durable: 'moderation-donations-payouts',
      subjects: [EVENTS.payoutUpdated.subject],
    });
  });

  it('records marking processing with the staff member as the actor and the payout as the subject', async () => {
    const { audit, consumer: subject } = consumer();
    await subject.payoutUpdated(event({ note: 'Bank transfer started' }), TX);
    expect(audit.record).toHaveBeenCalledWith(TX, {
      id: ACTION,
      actor: { sub: 'kc-finance-1', username: 'finance' },
      action: 'payout.markProcessing',
      subjectKind: 'payout',
      subjectId: PAYOUT,
      note: 'Bank transfer started',
      at: new Date(AT),
    });
  });

  it('records marking paid with the reference, then the staff note when there is one', async () => {
    const { audit, consumer: subject } = consumer();
    await subject.payoutUpdated(event({ state: PayoutState.PAYOUT_STATE_PAID, reference: 'TRX-1' }), TX);
    await subject.payoutUpdated(
      event({ state: PayoutState.PAYOUT_STATE_PAID, reference: 'TRX-2', note: 'Paid from account 2' }),
      TX,
    );
    expect(audit.record.mock.calls.map(([, entry]) => [entry.action, entry.note])).toEqual([
      ['payout.markPaid', 'TRX-1'],
      ['payout.markPaid', 'TRX-2 · Paid from account 2'],
    ]);
  });

  it('records marking failed with the reason', async () => {
    const { audit, consumer: subject } = consumer();
    await subject.payoutUpdated(
      event({ state: PayoutState.PAYOUT_STATE_FAILED, failureNote: 'Card closed', note: 'Card closed' }),
      TX,
    );
    expect(audit.record).toHaveBeenCalledWith(
      TX,
      expect.objectContaining({ action: 'payout.markFailed', note: 'Card closed', subjectKind: 'payout' }),
    );
  });

  it('copies nothing of the card into the entry', async () => {
    const { audit, consumer: subject } = consumer();
    await subject.payoutUpdated(
      event({ state: PayoutState.PAYOUT_STATE_PAID, reference: 'TRX-9', cardLast4: '4242' }),
      TX,
    );
    const [, entry] = audit.record.mock.calls[0]!;
    expect(JSON.stringify(entry)).not.toContain('4242');
  });

  it('writes nothing for the author’s own request or a move without a staff member', async () => {
    const { audit, consumer: subject } = consumer();
    await subject.payoutUpdated(
      event({ state: PayoutState.PAYOUT_STATE_REQUESTED, staffSub: '', staffUsername: '' }),
      TX,
    );
    await subject.payoutUpdated(event({ staffSub: '', staffUsername: '' }), TX);
    await subject.payoutUpdated(event({ state: PayoutState.PAYOUT_STATE_UNSPECIFIED }), TX);
    await subject.payoutUpdated(event({ payoutId: 'not-a-uuid' }), TX);
    expect(audit.record).not.toHaveBeenCalled();
  });

  it('lets the database choose the id of a move that names none (an event written before moves had ids)', async () => {
    const { audit, consumer: subject } = consumer();
    await subject.payoutUpdated(event({ actionId: '' }), TX);
    const [, entry] = audit.record.mock.calls[0]!;
    expect(entry).not.toHaveProperty('id');
    expect(entry).toMatchObject({ action: 'payout.markProcessing', subjectId: PAYOUT });
  });
});
