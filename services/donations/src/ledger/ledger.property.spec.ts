// Property-based tests of the ledger's pure logic: random histories of supports, payout requests, staff decisions,
// refunds and disputes, run through the same postings and limit rules the services use, must keep every invariant.
import { describe, expect, it } from '@jest/globals';
import {
  bakuMonth,
  MONTHLY_PAYOUT_STATES,
  PAYOUT_MAX_QEPIK,
  PAYOUT_MIN_QEPIK,
  PAYOUT_MONTHLY_MAX_QEPIK,
  payoutProblem,
  SUPPORT_MAX_QEPIK,
  SUPPORT_MIN_QEPIK,
  type PayoutState,
} from '@pencraft/rules';
import fc from 'fast-check';
import {
  payoutPaid,
  payoutReleased,
  payoutReserved,
  reversal,
  supportReceived,
  transactionSum,
  type PlannedTransaction,
  type Posting,
} from './postings.js';

const USERS = ['u0', 'u1', 'u2'];

/**
 * How many random histories each property runs: enough for make test to catch a broken rule in seconds; set
 * LEDGER_PROPERTY_RUNS (for example 2000) for a longer search.
 */
const RUNS = Number(process.env.LEDGER_PROPERTY_RUNS ?? 300);

type Action =
  | { type: 'support'; user: number; amount: number; feeBps: number }
  | { type: 'payout'; user: number; amount: number }
  | { type: 'decide'; user: number; paid: boolean }
  | { type: 'reverse'; support: number; dispute: boolean; amount: number }
  | { type: 'wait'; ms: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    type: fc.constant('support' as const),
    user: fc.nat(USERS.length - 1),
    amount: fc.integer({ min: SUPPORT_MIN_QEPIK, max: SUPPORT_MAX_QEPIK }),
    feeBps: fc.constantFrom(0, 0, 250, 1_000),
  }),
  // Amounts around and beyond the limits, negative and fractional ones too.
  fc.record({
    type: fc.constant('payout' as const),
    user: fc.nat(USERS.length - 1),
    amount: fc.oneof(
      fc.integer({ min: -500, max: 15_000 }),
      fc.constantFrom(PAYOUT_MIN_QEPIK, PAYOUT_MAX_QEPIK, PAYOUT_MIN_QEPIK - 1, PAYOUT_MAX_QEPIK + 1, 1_000.5),
    ),
  }),
  fc.record({ type: fc.constant('decide' as const), user: fc.nat(USERS.length - 1), paid: fc.boolean() }),
  fc.record({
    type: fc.constant('reverse' as const),
    support: fc.nat(40),
    dispute: fc.boolean(),
    amount: fc.integer({ min: 1, max: SUPPORT_MAX_QEPIK }),
  }),
  // Up to 20 days: histories cross Baku month boundaries.
  fc.record({ type: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 20 * 86_400_000 }) }),
);

interface Payout {
  id: string;
  uid: string;
  amountQepik: number;
  state: PayoutState;
  requestedAtMs: number;
}

interface Support {
  id: string;
  recipientUid: string;
  amountQepik: number;
  reversed: number;
  shortfall: number;
}

/** An in-memory ledger: what the database keeps, with the same uniqueness of (kind, reference). */
class Ledger {
  readonly transactions: PlannedTransaction[] = [];
  private readonly references = new Set<string>();
  /** A cached balance per account, kept beside the entries as a balance column would be. */
  readonly cached = new Map<string, number>();

  post(planned: PlannedTransaction): boolean {
    const key = `${planned.kind}:${planned.reference}`;
    if (this.references.has(key)) return false;
    this.references.add(key);
    this.transactions.push(planned);
    for (const entry of planned.entries) {
      this.cached.set(accountOf(entry), (this.cached.get(accountOf(entry)) ?? 0) + entry.amountQepik);
    }
    return true;
  }

  /** A balance derived from the entries, as the service reads it. */
  balance(account: string): number {
    return this.transactions
      .flatMap((t) => t.entries)
      .filter((entry) => accountOf(entry) === account)
      .reduce((sum, entry) => sum + entry.amountQepik, 0);
  }
}

const accountOf = (entry: Posting) =>
  entry.uid ? `user:${entry.uid}:${entry.accountKind}` : `platform:${entry.accountKind}`;

function run(actions: Action[], startMs: number) {
  const ledger = new Ledger();
  const payouts: Payout[] = [];
  const supports: Support[] = [];
  let now = startMs;
  let sequence = 0;

  for (const step of actions) {
    switch (step.type) {
      case 'wait':
        now += step.ms;
        break;
      case 'support': {
        const support = { id: `s${(sequence += 1)}`, recipientUid: USERS[step.user]!, amountQepik: step.amount };
        for (const planned of supportReceived(support, step.feeBps)) ledger.post(planned);
        // A replayed webhook posts nothing more.
        for (const planned of supportReceived(support, step.feeBps)) expect(ledger.post(planned)).toBe(false);
        supports.push({ ...support, reversed: 0, shortfall: 0 });
        break;
      }
      case 'payout': {
        const uid = USERS[step.user]!;
        const month = bakuMonth(now);
        const problem = payoutProblem(step.amount, {
          availableQepik: ledger.balance(`user:${uid}:available`),
          monthPayoutsQepik: payouts
            .filter((p) => p.uid === uid && MONTHLY_PAYOUT_STATES.includes(p.state))
            .filter((p) => p.requestedAtMs >= month.startMs && p.requestedAtMs < month.endMs)
            .reduce((sum, p) => sum + p.amountQepik, 0),
          hasActivePayout: payouts.some((p) => p.uid === uid && (p.state === 'requested' || p.state === 'processing')),
        });
        if (problem) break;
        const payout: Payout = {
          id: `p${(sequence += 1)}`,
          uid,
          amountQepik: step.amount,
          state: 'requested',
          requestedAtMs: now,
        };
        expect(ledger.post(payoutReserved(payout))).toBe(true);
        payouts.push(payout);
        break;
      }
      case 'decide': {
        const payout = payouts.find((p) => p.uid === USERS[step.user] && p.state === 'requested');
        if (!payout) break;
        payout.state = step.paid ? 'paid' : 'failed';
        expect(ledger.post(step.paid ? payoutPaid(payout) : payoutReleased(payout))).toBe(true);
        break;
      }
      case 'reverse': {
        const support = supports[step.support % Math.max(1, supports.length)];
        if (!support) break;
        const amount = Math.min(step.amount, support.amountQepik - support.reversed);
        if (amount <= 0) break;
        const { transaction, shortfallQepik } = reversal({
          kind: step.dispute ? 'dispute' : 'refund',
          reference: `r${(sequence += 1)}`,
          support,
          amountQepik: amount,
          availableQepik: ledger.balance(`user:${support.recipientUid}:available`),
        });
        expect(ledger.post(transaction)).toBe(true);
        support.reversed += amount;
        support.shortfall += shortfallQepik;
        break;
      }
    }
    check(ledger, payouts, supports);
  }
  return { ledger, payouts };
}

function check(ledger: Ledger, payouts: Payout[], supports: Support[]) {
  const accounts = new Set(ledger.transactions.flatMap((t) => t.entries.map(accountOf)));
  for (const transaction of ledger.transactions) {
    expect(transactionSum(transaction)).toBe(0);
    expect(transaction.entries.length).toBeGreaterThanOrEqual(2);
    for (const entry of transaction.entries) {
      expect(Number.isSafeInteger(entry.amountQepik) && entry.amountQepik !== 0).toBe(true);
    }
  }
  let total = 0;
  for (const account of accounts) {
    const balance = ledger.balance(account);
    // Every balance equals the sum of its entries (the cached one never drifts).
    expect(ledger.cached.get(account)).toBe(balance);
    if (account.startsWith('user:')) expect(balance).toBeGreaterThanOrEqual(0);
    total += balance;
  }
  expect(total).toBe(0);
  for (const uid of USERS) {
    const active = payouts.filter((p) => p.uid === uid && (p.state === 'requested' || p.state === 'processing'));
    expect(active.length).toBeLessThanOrEqual(1);
    expect(ledger.balance(`user:${uid}:reserved`)).toBe(active.reduce((sum, p) => sum + p.amountQepik, 0));
    const months = new Map<string, number>();
    for (const p of payouts.filter((x) => x.uid === uid && x.state !== 'failed')) {
      expect(p.amountQepik >= PAYOUT_MIN_QEPIK && p.amountQepik <= PAYOUT_MAX_QEPIK).toBe(true);
      const month = bakuMonth(p.requestedAtMs).month;
      months.set(month, (months.get(month) ?? 0) + p.amountQepik);
    }
    for (const sum of months.values()) expect(sum).toBeLessThanOrEqual(PAYOUT_MONTHLY_MAX_QEPIK);
  }
  for (const support of supports) {
    expect(support.reversed).toBeLessThanOrEqual(support.amountQepik);
    expect(support.shortfall).toBeLessThanOrEqual(support.reversed);
  }
  // What the platform lost to reversals is exactly the shortfalls recorded on the supports.
  expect(0 - (ledger.cached.get('platform:shortfall') ?? 0)).toBe(supports.reduce((sum, s) => sum + s.shortfall, 0));
}

describe('the ledger over random histories', () => {
  it('keeps every transaction balanced, no user balance below zero, balances equal to their entries, caps held', () => {
    fc.assert(
      fc.property(
        fc.array(action, { minLength: 1, maxLength: 80 }),
        fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true }),
        (actions, start) => {
          run(actions, start.getTime());
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('pays out at most the monthly cap however many requests a month holds', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: PAYOUT_MIN_QEPIK, max: PAYOUT_MAX_QEPIK }), { minLength: 1, maxLength: 30 }),
        (amounts) => {
          const actions: Action[] = [
            ...Array.from(
              { length: 30 },
              () => ({ type: 'support', user: 0, amount: SUPPORT_MAX_QEPIK, feeBps: 0 }) as const,
            ),
            ...amounts.flatMap((amount) => [
              { type: 'payout', user: 0, amount } as const,
              { type: 'decide', user: 0, paid: true } as const,
            ]),
          ];
          // All within one Baku month (the 2nd, 08:00 Baku time).
          const { payouts } = run(actions, Date.parse('2026-03-02T04:00:00Z'));
          const paid = payouts.reduce((sum, p) => sum + p.amountQepik, 0);
          expect(paid).toBeLessThanOrEqual(PAYOUT_MONTHLY_MAX_QEPIK);
          // The first request always fits.
          expect(paid).toBeGreaterThanOrEqual(amounts[0]!);
        },
      ),
      // Each history here is long (30 supports, then up to 30 payouts decided one by one): fewer of them.
      { numRuns: Math.ceil(RUNS / 12) },
    );
  });
});
