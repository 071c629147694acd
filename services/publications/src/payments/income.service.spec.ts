import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { PlanInterval } from '@pencraft/contracts/publications/v1/publications';
import { AppError } from '@pencraft/errors';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import { PAGE_SIZE } from '@pencraft/rules';
import type { MemberRepository } from '../members/member.repository.js';
import type { PublicationRepository } from '../publications/publication.repository.js';
import type { PublicationRow } from '../publications/publication.table.js';
import type { SubscriptionRepository } from '../subscriptions/subscription.repository.js';
import type { IncomeRepository } from './income.repository.js';
import {
  decodeIncomeCursor,
  encodeIncomeCursor,
  exactQepik,
  type IncomeInput,
  IncomeService,
  isLedgerAmount,
} from './income.service.js';
import type { IncomeEntryRow } from './income.table.js';
import type { PaymentService } from './payment.service.js';
import { RenewalStopRetrier } from './renewal-stop.retrier.js';

const OWNER = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const READER = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const PUB = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const PLAN = '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f';
const publication = { id: PUB, ownerUid: OWNER, name: 'Daily Baku' } as PublicationRow;

/** A small deterministic generator (fast-check is not a dependency of the tree): the same cases on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return (max: number) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % max;
  };
}

const input = (over: Partial<IncomeInput['payment']> = {}): IncomeInput => ({
  provider: 'stripe',
  eventId: 'evt_1',
  payment: { ref: 'in_1', amount: 500, currency: 'AZN', paidAtMs: Date.parse('2026-11-26T12:00:00Z'), ...over },
  publicationId: PUB,
  uid: READER,
  providerSubscriptionId: 'sub_1',
  planId: PLAN,
  planInterval: 'month',
});

const entry = (n: number, over: Partial<IncomeEntryRow> = {}): IncomeEntryRow => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  publicationId: PUB,
  uid: READER,
  provider: 'stripe',
  providerSubscriptionId: 'sub_1',
  planId: PLAN,
  planInterval: 'year',
  paymentRef: `in_${n}`,
  eventId: `evt_${n}`,
  amountQepik: 500,
  currency: 'AZN',
  paidAt: new Date(Date.UTC(2026, 10, 26, 12, 0, 0) - n * 1000),
  createdAt: new Date(),
  ...over,
});

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('IncomeService', () => {
  let publications: StrictMock<PublicationRepository>;
  let members: StrictMock<MemberRepository>;
  let income: StrictMock<IncomeRepository>;
  let log: { warn: jest.Mock };
  let service: IncomeService;

  beforeEach(() => {
    publications = strictMock<PublicationRepository>('PublicationRepository');
    members = strictMock<MemberRepository>('MemberRepository');
    income = strictMock<IncomeRepository>('IncomeRepository');
    log = { warn: jest.fn() };
    service = new IncomeService(fakeTransactions(), publications, members, income, log);
  });

  describe('record', () => {
    it('inserts the payment as an entry of integer qəpik in AZN', async () => {
      income.insert.mockResolvedValue(true);
      expect(await service.record(TX, input())).toBe('recorded');
      expect(income.insert).toHaveBeenCalledWith(TX, {
        id: expect.any(String),
        publicationId: PUB,
        uid: READER,
        provider: 'stripe',
        providerSubscriptionId: 'sub_1',
        planId: PLAN,
        planInterval: 'month',
        paymentRef: 'in_1',
        eventId: 'evt_1',
        amountQepik: 500,
        currency: 'AZN',
        paidAt: new Date('2026-11-26T12:00:00Z'),
      });
    });

    it('answers duplicate for a payment already in the ledger', async () => {
      income.insert.mockResolvedValue(false);
      expect(await service.record(TX, input())).toBe('duplicate');
    });

    it.each([0, -1, -500, 0.5, 500.01, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])(
      'refuses the amount %p without writing anything',
      async (amount) => {
        expect(await service.record(TX, input({ amount }))).toBe('refused');
        expect(income.insert).not.toHaveBeenCalled();
        expect(log.warn).toHaveBeenCalledTimes(1);
      },
    );

    it('refuses another currency than AZN', async () => {
      expect(await service.record(TX, input({ currency: 'USD' }))).toBe('refused');
      expect(income.insert).not.toHaveBeenCalled();
    });
  });

  describe('list', () => {
    const request = { actorUid: OWNER, publicationId: PUB, cursor: '' };

    beforeEach(() => {
      publications.find.mockResolvedValue(publication);
    });

    it('is for the owner only', async () => {
      members.roleOf.mockResolvedValue('member');
      expect(await codeOf(service.list(request))).toBe('ActorNotPublicationOwner');
      members.roleOf.mockResolvedValue(undefined);
      expect(await codeOf(service.list(request))).toBe('ActorNotPublicationMember');
      expect(income.page).not.toHaveBeenCalled();
    });

    it('answers a page newest first, the cursor of the next, and every month read exactly', async () => {
      members.roleOf.mockResolvedValue('owner');
      const rows = Array.from({ length: PAGE_SIZE + 1 }, (_, n) => entry(n));
      income.page.mockResolvedValue(rows);
      income.months.mockResolvedValue([
        { month: '2026-11', amount: '9007199254740991', payments: 3 },
        { month: '2026-10', amount: '500', payments: 1 },
      ]);
      const answer = await service.list(request);
      expect(income.page).toHaveBeenCalledWith(PUB, undefined, PAGE_SIZE + 1);
      expect(answer.entries).toHaveLength(PAGE_SIZE);
      expect(answer.entries[0]).toEqual({
        id: rows[0]!.id,
        subscriberUid: READER,
        planId: PLAN,
        planInterval: PlanInterval.PLAN_INTERVAL_YEAR,
        amountQepik: 500,
        currency: 'AZN',
        paidAtMs: rows[0]!.paidAt.getTime(),
      });
      expect(decodeIncomeCursor(answer.nextCursor)).toEqual({
        paidAt: rows[PAGE_SIZE - 1]!.paidAt,
        id: rows[PAGE_SIZE - 1]!.id,
      });
      expect(answer.months).toEqual([
        { month: '2026-11', amountQepik: Number.MAX_SAFE_INTEGER, payments: 3 },
        { month: '2026-10', amountQepik: 500, payments: 1 },
      ]);

      income.page.mockResolvedValue(rows.slice(0, 2));
      const last = await service.list({ ...request, cursor: answer.nextCursor });
      expect(income.page).toHaveBeenLastCalledWith(PUB, decodeIncomeCursor(answer.nextCursor), PAGE_SIZE + 1);
      expect(last.nextCursor).toBe('');
    });

    it('refuses a cursor it did not write (InvalidPage)', async () => {
      members.roleOf.mockResolvedValue('owner');
      for (const cursor of [
        'x',
        Buffer.from('12.not-a-uuid').toString('base64url'),
        Buffer.from('a.b').toString('base64url'),
        Buffer.from('808807138612532.00000000-0000-4000-8000-000000000001').toString('base64url'),
      ]) {
        expect(await codeOf(service.list({ ...request, cursor }))).toBe('InvalidPage');
      }
    });
  });

  describe('amounts', () => {
    it('takes only exact integers > 0', () => {
      expect([1, 500, Number.MAX_SAFE_INTEGER].every(isLedgerAmount)).toBe(true);
      expect([0, -1, 1.5, 2 ** 53, Number.NaN].some(isLedgerAmount)).toBe(false);
    });

    it('reads a month total exactly and refuses one past 2^53 - 1 rather than rounding it', () => {
      expect(exactQepik('0')).toBe(0);
      expect(exactQepik('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
      expect(() => exactQepik('9007199254740993')).toThrow(AppError);
      expect(() => exactQepik('12.5')).toThrow(AppError);
      expect(() => exactQepik('-5')).toThrow(AppError);
    });

    it('property: any ledger of valid amounts totals exactly, per month, as the integer sum (200 seeded cases)', () => {
      for (let seed = 1; seed <= 200; seed += 1) {
        const next = random(seed);
        const amounts = Array.from({ length: 1 + next(60) }, () => 1 + next(2_000_000));
        const months = new Map<string, bigint>();
        amounts.forEach((amount, i) => {
          const month = `2026-${String(1 + (i % 12)).padStart(2, '0')}`;
          months.set(month, (months.get(month) ?? 0n) + BigInt(amount));
        });
        // What PostgreSQL's sum answers as text, read back: equal to the exact BigInt sum.
        for (const [, total] of months) expect(BigInt(exactQepik(total.toString()))).toBe(total);
        const all = [...months.values()].reduce((a, b) => a + b, 0n);
        expect(BigInt(amounts.reduce((a, b) => a + b, 0))).toBe(all);
        expect(amounts.every(isLedgerAmount)).toBe(true);
      }
    });

    it('round-trips its cursor', () => {
      const row = entry(3);
      expect(decodeIncomeCursor(encodeIncomeCursor(row))).toEqual({ paidAt: row.paidAt, id: row.id });
      expect(decodeIncomeCursor('')).toBeUndefined();
    });
  });
});

describe('RenewalStopRetrier', () => {
  it('asks the provider again for the pending ones and nothing when none is pending', async () => {
    const subscriptions = strictMock<SubscriptionRepository>('SubscriptionRepository');
    const payments = strictMock<PaymentService>('PaymentService');
    const retrier = new RenewalStopRetrier(subscriptions, payments, { error: jest.fn() });
    subscriptions.pendingRenewalStops.mockResolvedValueOnce(['sub_a', 'sub_b']).mockResolvedValueOnce([]);
    payments.stopRenewals.mockResolvedValue(1);
    expect(await retrier.runOnce()).toBe(1);
    expect(payments.stopRenewals).toHaveBeenCalledWith(['sub_a', 'sub_b']);
    expect(await retrier.runOnce()).toBe(0);
    expect(payments.stopRenewals).toHaveBeenCalledTimes(1);
  });

  it('logs a failed run instead of throwing', async () => {
    const subscriptions = strictMock<SubscriptionRepository>('SubscriptionRepository');
    const payments = strictMock<PaymentService>('PaymentService');
    const log = { error: jest.fn() };
    subscriptions.pendingRenewalStops.mockRejectedValue(new Error('database down'));
    await new RenewalStopRetrier(subscriptions, payments, log).tick();
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});
