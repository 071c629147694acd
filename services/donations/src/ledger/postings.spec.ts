import { describe, expect, it } from '@jest/globals';
import { payoutPaid, payoutReleased, payoutReserved, reversal, supportReceived, transactionSum } from './postings.js';

const UID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const support = { id: 'support-1', recipientUid: UID, amountQepik: 2_500 };
const payout = { id: 'payout-1', uid: UID, amountQepik: 1_000 };

describe('ledger postings', () => {
  it('credits a support from the provider clearing account, with no fee today', () => {
    expect(supportReceived(support)).toEqual([
      {
        kind: 'supportReceived',
        reference: 'support-1',
        supportId: 'support-1',
        payoutId: null,
        entries: [
          { accountKind: 'providerClearing', uid: null, amountQepik: -2_500 },
          { accountKind: 'available', uid: UID, amountQepik: 2_500 },
        ],
      },
    ]);
  });

  it('takes a fee as a transaction of its own when there is one', () => {
    const [credit, fee] = supportReceived(support, 500);
    expect(credit!.kind).toBe('supportReceived');
    expect(fee).toMatchObject({ kind: 'platformFee', reference: 'support-1' });
    expect(fee!.entries).toEqual([
      { accountKind: 'available', uid: UID, amountQepik: -125 },
      { accountKind: 'fees', uid: null, amountQepik: 125 },
    ]);
  });

  it('moves a payout from available to reserved, then out or back', () => {
    expect(payoutReserved(payout).entries).toEqual([
      { accountKind: 'available', uid: UID, amountQepik: -1_000 },
      { accountKind: 'reserved', uid: UID, amountQepik: 1_000 },
    ]);
    expect(payoutPaid(payout).entries).toEqual([
      { accountKind: 'reserved', uid: UID, amountQepik: -1_000 },
      { accountKind: 'payoutsPaid', uid: null, amountQepik: 1_000 },
    ]);
    expect(payoutReleased(payout)).toMatchObject({ kind: 'payoutFailedReleased', reference: 'payout-1' });
    expect(payoutReleased(payout).entries).toEqual([
      { accountKind: 'reserved', uid: UID, amountQepik: -1_000 },
      { accountKind: 'available', uid: UID, amountQepik: 1_000 },
    ]);
  });

  it('reverses from the available balance and records what it cannot cover as the platform shortfall', () => {
    const covered = reversal({
      kind: 'refund',
      reference: 'ch_1:2500',
      support,
      amountQepik: 2_500,
      availableQepik: 9_000,
    });
    expect(covered.shortfallQepik).toBe(0);
    expect(covered.transaction.entries).toEqual([
      { accountKind: 'available', uid: UID, amountQepik: -2_500 },
      { accountKind: 'providerClearing', uid: null, amountQepik: 2_500 },
    ]);
    const partly = reversal({ kind: 'dispute', reference: 'dp_1', support, amountQepik: 2_500, availableQepik: 1_000 });
    expect(partly.shortfallQepik).toBe(1_500);
    expect(partly.transaction.entries).toEqual([
      { accountKind: 'available', uid: UID, amountQepik: -1_000 },
      { accountKind: 'shortfall', uid: null, amountQepik: -1_500 },
      { accountKind: 'providerClearing', uid: null, amountQepik: 2_500 },
    ]);
    const none = reversal({ kind: 'refund', reference: 'ch_1:100', support, amountQepik: 100, availableQepik: 0 });
    expect(none.transaction.entries.map((e) => e.accountKind)).toEqual(['shortfall', 'providerClearing']);
  });

  it('plans only transactions that sum to zero, and refuses amounts that are not positive integers', () => {
    for (const planned of [
      ...supportReceived(support, 333),
      payoutReserved(payout),
      payoutPaid(payout),
      payoutReleased(payout),
      reversal({ kind: 'refund', reference: 'r', support, amountQepik: 77, availableQepik: 10 }).transaction,
    ]) {
      expect(transactionSum(planned)).toBe(0);
    }
    expect(() => supportReceived({ ...support, amountQepik: 0 })).toThrow();
    expect(() => payoutReserved({ ...payout, amountQepik: 10.5 })).toThrow();
    expect(() => reversal({ kind: 'refund', reference: 'r', support, amountQepik: -1, availableQepik: 0 })).toThrow();
  });
});
