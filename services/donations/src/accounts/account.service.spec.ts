import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { EligibilityCondition } from '@pencraft/contracts/donations/v1/donations';
import { AppError } from '@pencraft/errors';
import type { Clock } from '@pencraft/kit';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import { account, AUTHOR, card, codeOf, NOW, payout } from '../../test/fixtures.js';
import type { CardRepository } from '../cards/card.repository.js';
import type { LedgerRepository } from '../ledger/ledger.repository.js';
import type { PayoutRepository } from '../payouts/payout.repository.js';
import type { Directory } from '../upstreams/directories.js';
import type { AccountRepository } from './account.repository.js';
import { AccountService } from './account.service.js';

const ELIGIBLE = { country: 'AZ', phoneVerified: true, lastPublishedAtMs: NOW.getTime() - 86_400_000 };

describe('AccountService', () => {
  let accounts: StrictMock<AccountRepository>;
  let cards: StrictMock<CardRepository>;
  let payouts: StrictMock<PayoutRepository>;
  let ledger: StrictMock<LedgerRepository>;
  let directory: StrictMock<Directory>;
  let service: AccountService;

  beforeEach(() => {
    accounts = strictMock<AccountRepository>('AccountRepository');
    cards = strictMock<CardRepository>('CardRepository');
    payouts = strictMock<PayoutRepository>('PayoutRepository');
    ledger = strictMock<LedgerRepository>('LedgerRepository');
    directory = strictMock<Directory>('Directory');
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    service = new AccountService(fakeTransactions(), accounts, cards, payouts, ledger, directory, clock, {
      warn: jest.fn(),
    });
  });

  function view() {
    ledger.balances.mockResolvedValue({ available: 7_000, reserved: 2_000 });
    ledger.totals.mockResolvedValue({ received: 12_000, paidOut: 3_000 });
    payouts.monthTotal.mockResolvedValue(2_000);
    cards.list.mockResolvedValue([card()]);
    payouts.active.mockResolvedValue(payout());
  }

  it('says which eligibility conditions are missing', async () => {
    directory.eligibilityFacts.mockResolvedValue({ country: 'TR', phoneVerified: false, lastPublishedAtMs: 0 });
    accounts.find.mockResolvedValue(undefined);
    expect(await service.eligibility({ actorUid: AUTHOR })).toEqual({
      eligible: false,
      missing: [
        EligibilityCondition.ELIGIBILITY_CONDITION_CITIZENSHIP,
        EligibilityCondition.ELIGIBILITY_CONDITION_RECENT_ARTICLE,
        EligibilityCondition.ELIGIBILITY_CONDITION_VERIFIED_PHONE,
      ],
      hasAccount: false,
    });
  });

  it('creates an active account for an eligible user with the default thanks message', async () => {
    accounts.find.mockResolvedValue(undefined);
    directory.eligibilityFacts.mockResolvedValue(ELIGIBLE);
    accounts.insert.mockImplementation(async (_tx, row) => row);
    view();
    const created = await service.create({ actorUid: AUTHOR, thanksMessage: '' });
    expect(accounts.insert).toHaveBeenCalledWith(TX, {
      uid: AUTHOR,
      active: true,
      thanksMessage: 'Thank you for your support!',
      createdAt: NOW,
      updatedAt: NOW,
    });
    expect(created).toMatchObject({
      availableQepik: 7_000,
      reservedQepik: 2_000,
      receivedTotalQepik: 12_000,
      paidOutTotalQepik: 3_000,
      monthPayoutsQepik: 2_000,
      monthRemainingQepik: 8_000,
      activePayout: { expectedDate: '2026-03-09' },
    });
  });

  it('refuses a second account, an ineligible user (naming what is missing) and a short thanks message', async () => {
    accounts.find.mockResolvedValue(account());
    expect(await codeOf(service.create({ actorUid: AUTHOR, thanksMessage: '' }))).toBe('AlreadyHasDonationAccount');
    accounts.find.mockResolvedValue(undefined);
    directory.eligibilityFacts.mockResolvedValue({ ...ELIGIBLE, phoneVerified: false });
    try {
      await service.create({ actorUid: AUTHOR, thanksMessage: '' });
      throw new Error('created');
    } catch (error) {
      expect(AppError.is(error) && error.code).toBe('DonationAccountNotEligible');
      expect((error as AppError).details).toEqual([{ field: 'verifiedPhone', code: 'DonationAccountNotEligible' }]);
    }
    expect(await codeOf(service.create({ actorUid: AUTHOR, thanksMessage: 'Thanks' }))).toBe('InvalidMessage');
  });

  it('answers CantCreateDonationAccount when identity or articles cannot answer', async () => {
    accounts.find.mockResolvedValue(undefined);
    directory.eligibilityFacts.mockRejectedValue(new AppError('NetworkError'));
    expect(await codeOf(service.create({ actorUid: AUTHOR, thanksMessage: '' }))).toBe('CantCreateDonationAccount');
  });

  it('deactivates and reactivates, and changes the thanks message', async () => {
    accounts.find.mockResolvedValue(account());
    accounts.update.mockImplementation(async (_tx, _uid, change) => account(change));
    view();
    expect(await service.setActive({ actorUid: AUTHOR, active: false })).toMatchObject({ active: false });
    expect(accounts.update).toHaveBeenCalledWith(TX, AUTHOR, { active: false }, NOW);
    expect(await service.setThanksMessage({ actorUid: AUTHOR, thanksMessage: '  Çox sağ olun!  ' })).toMatchObject({
      thanksMessage: 'Çox sağ olun!',
    });
    expect(await codeOf(service.setThanksMessage({ actorUid: AUTHOR, thanksMessage: 'x'.repeat(501) }))).toBe(
      'InvalidMessage',
    );
  });

  it('answers NoDonationAccount for a user without one', async () => {
    accounts.find.mockResolvedValue(undefined);
    expect(await codeOf(service.get({ actorUid: AUTHOR }))).toBe('NoDonationAccount');
    expect(await codeOf(service.setActive({ actorUid: AUTHOR, active: true }))).toBe('NoDonationAccount');
  });
});
