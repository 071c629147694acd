import { beforeEach, describe, expect, it } from '@jest/globals';
import { PayoutState } from '@pencraft/contracts/common/v1/common';
import { EVENTS } from '@pencraft/contracts/events';
import { PayoutUpdated } from '@pencraft/contracts/events/v1/donations';
import type { Clock, Logger, Outbox, OutboxEvent } from '@pencraft/kit';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { AccountRepository } from '../accounts/account.repository.js';
import type { CardRepository } from '../cards/card.repository.js';
import type { LedgerRepository } from '../ledger/ledger.repository.js';
import { account, AUTHOR, card, CARD, codeOf, NOW, payout, PAYOUT } from '../../test/fixtures.js';
import type { PayoutProvider } from './payout-provider.js';
import type { PayoutRepository } from './payout.repository.js';
import { PayoutService } from './payout.service.js';

const STAFF = { sub: 'kc-finance-1', username: 'finance' };

describe('PayoutService', () => {
  let accounts: StrictMock<AccountRepository>;
  let cards: StrictMock<CardRepository>;
  let payouts: StrictMock<PayoutRepository>;
  let ledger: StrictMock<LedgerRepository>;
  let outbox: StrictMock<Outbox>;
  let provider: StrictMock<PayoutProvider>;
  let log: StrictMock<Pick<Logger, 'warn'>>;
  let transactions: ReturnType<typeof fakeTransactions>;
  let service: PayoutService;

  beforeEach(() => {
    accounts = strictMock<AccountRepository>('AccountRepository');
    cards = strictMock<CardRepository>('CardRepository');
    payouts = strictMock<PayoutRepository>('PayoutRepository');
    ledger = strictMock<LedgerRepository>('LedgerRepository');
    outbox = strictMock<Outbox>('Outbox');
    provider = strictMock<PayoutProvider>('PayoutProvider');
    log = strictMock<Pick<Logger, 'warn'>>('Logger');
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    transactions = fakeTransactions();
    service = new PayoutService(transactions, accounts, cards, payouts, ledger, outbox, clock, provider, log);
  });

  describe('request', () => {
    const request = { actorUid: AUTHOR, cardId: CARD, amountQepik: 2_000 };

    function state({ available = 50_000, month = 0, active = false } = {}) {
      accounts.find.mockResolvedValue(account());
      cards.find.mockResolvedValue(card());
      payouts.active.mockResolvedValue(active ? payout() : undefined);
      payouts.monthTotal.mockResolvedValue(month);
      ledger.balances.mockResolvedValue({ available, reserved: 0 });
    }

    function accepts() {
      payouts.insert.mockImplementation(async (_tx, row) => ({ ...payout(), ...row }) as never);
      ledger.post.mockResolvedValue(true);
      payouts.addAction.mockResolvedValue(undefined);
      outbox.add.mockResolvedValue('event-1');
    }

    it('locks the account, reserves the amount, records the request and announces it in one transaction', async () => {
      state();
      accepts();
      provider.send.mockResolvedValue(undefined);

      const answer = await service.request(request);

      expect(answer).toMatchObject({
        amountQepik: 2_000,
        state: PayoutState.PAYOUT_STATE_REQUESTED,
        cardLast4: '4242',
      });
      // Monday 2 March 2026 in Baku → five business days later.
      expect(answer.expectedDate).toBe('2026-03-09');
      expect(accounts.find).toHaveBeenCalledWith(TX, AUTHOR, true);
      // The month is Baku's March: from 1 March 00:00 (+04) to 1 April 00:00 (+04).
      expect(payouts.monthTotal).toHaveBeenCalledWith(
        TX,
        AUTHOR,
        new Date('2026-02-28T20:00:00Z'),
        new Date('2026-03-31T20:00:00Z'),
      );
      const [, reserved] = ledger.post.mock.calls[0]!;
      expect(reserved).toMatchObject({ kind: 'payoutReserved', payoutId: answer.id });
      expect(reserved.entries).toEqual([
        { accountKind: 'available', uid: AUTHOR, amountQepik: -2_000 },
        { accountKind: 'reserved', uid: AUTHOR, amountQepik: 2_000 },
      ]);
      expect(payouts.addAction).toHaveBeenCalledWith(
        TX,
        expect.objectContaining({ fromState: null, toState: 'requested', staffSub: '' }),
      );
      const [, event] = outbox.add.mock.calls[0]! as [unknown, OutboxEvent];
      expect(event.subject).toBe(EVENTS.payoutUpdated.subject);
      expect(PayoutUpdated.decode(event.payload)).toMatchObject({
        uid: AUTHOR,
        state: PayoutState.PAYOUT_STATE_REQUESTED,
        amountQepik: 2_000,
        expectedDate: '2026-03-09',
        // The author's own request: no staff member (the audit log leaves it out).
        staffSub: '',
        staffUsername: '',
      });
      expect(transactions.committed).toBe(1);
    });

    it('hands the committed payout to the payout provider with the card’s token, never its number', async () => {
      state();
      accepts();
      provider.send.mockImplementation(async () => {
        // Only once the reservation is committed, outside the account's lock.
        expect(transactions.committed).toBe(1);
      });
      const answer = await service.request(request);
      expect(provider.send).toHaveBeenCalledTimes(1);
      expect(provider.send).toHaveBeenCalledWith({
        payoutId: answer.id,
        uid: AUTHOR,
        amountQepik: 2_000,
        cardToken: 'tok_1',
        cardLast4: '4242',
        expectedDate: '2026-03-09',
      });
    });

    it('keeps the request when the provider fails: the payout waits in the staff queue, the failure is logged', async () => {
      state();
      accepts();
      provider.send.mockRejectedValue(new Error('acquirer down'));
      log.warn.mockReturnValue(undefined);
      const answer = await service.request(request);
      expect(answer.state).toBe(PayoutState.PAYOUT_STATE_REQUESTED);
      expect(transactions.committed).toBe(1);
      expect(log.warn).toHaveBeenCalledWith(
        expect.objectContaining({ payoutId: answer.id }),
        expect.stringContaining('staff queue'),
      );
    });

    it('hands nothing to the provider when the request is refused', async () => {
      state({ active: true });
      expect(await codeOf(service.request(request))).toBe('HasActivePayout');
      expect(provider.send).not.toHaveBeenCalled();
    });

    it.each([999, 10_001, 0, -1_000, 1_500.5])(
      'refuses %d qəpik as InvalidAmount before reading anything',
      async (amountQepik) => {
        expect(await codeOf(service.request({ ...request, amountQepik }))).toBe('InvalidAmount');
        expect(transactions.run).not.toHaveBeenCalled();
      },
    );

    it('refuses a second active payout, the monthly cap and the balance with their codes', async () => {
      state({ active: true });
      expect(await codeOf(service.request(request))).toBe('HasActivePayout');
      state({ month: 9_000 });
      expect(await codeOf(service.request(request))).toBe('MonthlyPayoutLimitReached');
      state({ available: 1_999 });
      expect(await codeOf(service.request(request))).toBe('InsufficientFunds');
      expect(transactions.rolledBack).toBe(3);
    });

    it('refuses without an account or with another user’s card', async () => {
      accounts.find.mockResolvedValue(undefined);
      expect(await codeOf(service.request(request))).toBe('NoDonationAccount');
      accounts.find.mockResolvedValue(account());
      cards.find.mockResolvedValue(undefined);
      expect(await codeOf(service.request(request))).toBe('NoCard');
      expect(cards.find).toHaveBeenCalledWith(TX, AUTHOR, CARD);
      expect(await codeOf(service.request({ ...request, cardId: 'not-a-uuid' }))).toBe('NoCard');
    });

    it('is Unauthorized without a signed-in user', async () => {
      expect(await codeOf(service.request({ ...request, actorUid: '' }))).toBe('Unauthorized');
    });
  });

  describe('updateState', () => {
    const move = (state: PayoutState, more: { reference?: string; note?: string } = {}) => ({
      staff: STAFF,
      payoutId: PAYOUT,
      state,
      reference: more.reference ?? '',
      note: more.note ?? '',
    });

    function found(row = payout()) {
      payouts.find.mockResolvedValue(row);
      accounts.find.mockResolvedValue(account());
    }

    function accepts() {
      provider.allowsStaffMove.mockReturnValue(true);
      payouts.update.mockImplementation(async (_tx, _id, change) => ({ ...payout(), ...change }) as never);
      ledger.post.mockResolvedValue(true);
      payouts.addAction.mockResolvedValue(undefined);
      outbox.add.mockResolvedValue('event-1');
    }

    it('marks paid with a reference: reserved leaves the platform, the staff member is recorded, 201 announced', async () => {
      found(payout({ state: 'processing' }));
      accepts();
      const answer = await service.updateState(move(PayoutState.PAYOUT_STATE_PAID, { reference: ' TRX-1 ' }));
      expect(answer).toMatchObject({ state: PayoutState.PAYOUT_STATE_PAID, reference: 'TRX-1' });
      expect(accounts.find).toHaveBeenCalledWith(TX, AUTHOR, true);
      expect(payouts.find).toHaveBeenLastCalledWith(TX, PAYOUT, true);
      const [, paid] = ledger.post.mock.calls[0]!;
      expect(paid).toMatchObject({ kind: 'payoutPaid', reference: PAYOUT });
      expect(paid.entries).toEqual([
        { accountKind: 'reserved', uid: AUTHOR, amountQepik: -2_000 },
        { accountKind: 'payoutsPaid', uid: null, amountQepik: 2_000 },
      ]);
      expect(payouts.addAction).toHaveBeenCalledWith(
        TX,
        expect.objectContaining({
          fromState: 'processing',
          toState: 'paid',
          staffSub: 'kc-finance-1',
          staffUsername: 'finance',
          reference: 'TRX-1',
        }),
      );
      const [, event] = outbox.add.mock.calls[0]! as [unknown, OutboxEvent];
      const [, action] = payouts.addAction.mock.calls[0]!;
      // The staff member and the move's id travel with the event, for the staff audit log.
      expect(PayoutUpdated.decode(event.payload)).toMatchObject({
        state: PayoutState.PAYOUT_STATE_PAID,
        reference: 'TRX-1',
        actionId: action.id,
        staffSub: 'kc-finance-1',
        staffUsername: 'finance',
        note: '',
      });
      expect(provider.allowsStaffMove).toHaveBeenCalledWith('processing', 'paid');
    });

    it('marks failed with a note: the money is available again', async () => {
      found();
      accepts();
      await service.updateState(move(PayoutState.PAYOUT_STATE_FAILED, { note: 'Card closed' }));
      const [, released] = ledger.post.mock.calls[0]!;
      expect(released).toMatchObject({ kind: 'payoutFailedReleased' });
      expect(released.entries[1]).toEqual({ accountKind: 'available', uid: AUTHOR, amountQepik: 2_000 });
      const [, event] = outbox.add.mock.calls[0]! as [unknown, OutboxEvent];
      expect(PayoutUpdated.decode(event.payload)).toMatchObject({
        state: PayoutState.PAYOUT_STATE_FAILED,
        failureNote: 'Card closed',
        note: 'Card closed',
        staffUsername: 'finance',
      });
    });

    it('refuses a move the payout provider keeps from staff, changing nothing', async () => {
      found(payout({ state: 'processing' }));
      provider.allowsStaffMove.mockReturnValue(false);
      expect(await codeOf(service.updateState(move(PayoutState.PAYOUT_STATE_PAID, { reference: 'TRX-1' })))).toBe(
        'OperationFailed',
      );
      expect(provider.allowsStaffMove).toHaveBeenCalledWith('processing', 'paid');
      expect(payouts.update).not.toHaveBeenCalled();
      expect(ledger.post).not.toHaveBeenCalled();
      expect(outbox.add).not.toHaveBeenCalled();
      expect(transactions.rolledBack).toBe(1);
    });

    it('marks processing without touching the ledger', async () => {
      found();
      accepts();
      await service.updateState(move(PayoutState.PAYOUT_STATE_PROCESSING));
      expect(ledger.post).not.toHaveBeenCalled();
      expect(payouts.addAction).toHaveBeenCalledWith(TX, expect.objectContaining({ toState: 'processing' }));
    });

    it('answers the same move again as done, and refuses any move out of paid or failed', async () => {
      found(payout({ state: 'paid', reference: 'TRX-1' }));
      expect(await service.updateState(move(PayoutState.PAYOUT_STATE_PAID, { reference: 'TRX-1' }))).toMatchObject({
        state: PayoutState.PAYOUT_STATE_PAID,
      });
      expect(await codeOf(service.updateState(move(PayoutState.PAYOUT_STATE_PAID, { reference: 'TRX-2' })))).toBe(
        'OperationFailed',
      );
      expect(await codeOf(service.updateState(move(PayoutState.PAYOUT_STATE_FAILED, { note: 'late' })))).toBe(
        'OperationFailed',
      );
      found(payout({ state: 'failed', failureNote: 'x' }));
      expect(await codeOf(service.updateState(move(PayoutState.PAYOUT_STATE_PROCESSING)))).toBe('OperationFailed');
    });

    it('needs a reference to pay, a note to fail, a known payout and a staff member', async () => {
      expect(await codeOf(service.updateState(move(PayoutState.PAYOUT_STATE_PAID)))).toBe('InvalidModel');
      expect(await codeOf(service.updateState(move(PayoutState.PAYOUT_STATE_FAILED)))).toBe('InvalidModel');
      expect(await codeOf(service.updateState(move(PayoutState.PAYOUT_STATE_REQUESTED)))).toBe('InvalidModel');
      expect(await codeOf(service.updateState(move(PayoutState.PAYOUT_STATE_UNSPECIFIED)))).toBe('InvalidModel');
      payouts.find.mockResolvedValue(undefined);
      expect(await codeOf(service.updateState(move(PayoutState.PAYOUT_STATE_PROCESSING)))).toBe('NotFound');
      expect(
        await codeOf(service.updateState({ ...move(PayoutState.PAYOUT_STATE_PROCESSING), staff: undefined })),
      ).toBe('Forbidden');
    });
  });

  describe('lists', () => {
    it('pages the author’s payouts and refuses a page past the last allowed', async () => {
      accounts.find.mockResolvedValue(account());
      payouts.list.mockResolvedValue([payout()]);
      payouts.count.mockResolvedValue(21);
      expect(await service.list({ actorUid: AUTHOR, page: 2, pageSize: 20, all: false })).toMatchObject({
        total: 21,
        hasMore: false,
      });
      expect(payouts.list).toHaveBeenCalledWith(TX, AUTHOR, 20, 20);
      expect(await codeOf(service.list({ actorUid: AUTHOR, page: 501, pageSize: 20, all: false }))).toBe('InvalidPage');
    });

    it('gives staff the queue of one state, oldest first', async () => {
      payouts.staffList.mockResolvedValue([payout()]);
      payouts.staffCount.mockResolvedValue(1);
      const answer = await service.staffList({
        staff: STAFF,
        state: PayoutState.PAYOUT_STATE_REQUESTED,
        page: 0,
        pageSize: 0,
      });
      expect(answer.payouts).toHaveLength(1);
      expect(payouts.staffList).toHaveBeenCalledWith(TX, 'requested', 20, 0);
    });
  });
});
