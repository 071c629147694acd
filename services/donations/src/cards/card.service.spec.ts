import { beforeEach, describe, expect, it } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import type { Clock } from '@pencraft/kit';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import { account, AUTHOR, card, CARD, codeOf, NOW, payout, withName } from '../../test/fixtures.js';
import type { AccountRepository } from '../accounts/account.repository.js';
import type { DonationPaymentProvider } from '../payments/payment-provider.js';
import type { PayoutRepository } from '../payouts/payout.repository.js';
import type { CardRepository } from './card.repository.js';
import { CardService } from './card.service.js';

const NUMBER = '4242 4242 4242 4242';

describe('CardService', () => {
  let accounts: StrictMock<AccountRepository>;
  let cards: StrictMock<CardRepository>;
  let payouts: StrictMock<PayoutRepository>;
  let provider: StrictMock<DonationPaymentProvider>;
  let service: CardService;

  beforeEach(() => {
    accounts = strictMock<AccountRepository>('AccountRepository');
    cards = strictMock<CardRepository>('CardRepository');
    payouts = strictMock<PayoutRepository>('PayoutRepository');
    provider = strictMock<DonationPaymentProvider>('DonationPaymentProvider');
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    service = new CardService(fakeTransactions(), accounts, cards, payouts, withName(provider), clock);
  });

  describe('add', () => {
    it('tokenizes the number and stores only the token, the last four digits, the brand and the holder', async () => {
      accounts.find.mockResolvedValue(account());
      cards.count.mockResolvedValue(0);
      provider.tokenizeCard.mockResolvedValue({ token: 'tok_visa' });
      cards.insert.mockImplementation(async (_tx, row) => row);

      const answer = await service.add({
        actorUid: AUTHOR,
        number: NUMBER,
        holder: ' elvin  mammadov ',
        expMonth: 0,
        expYear: 0,
      });

      expect(provider.tokenizeCard).toHaveBeenCalledWith({
        number: '4242424242424242',
        holder: 'ELVIN MAMMADOV',
        expMonth: 12,
        expYear: 2029,
      });
      const [, stored] = cards.insert.mock.calls[0]!;
      expect(stored).toMatchObject({
        uid: AUTHOR,
        token: 'tok_visa',
        last4: '4242',
        brand: 'visa',
        holder: 'ELVIN MAMMADOV',
      });
      expect(JSON.stringify(stored)).not.toContain('4242424242424242');
      expect(JSON.stringify(answer)).not.toContain('4242424242424242');
      expect(accounts.find).toHaveBeenLastCalledWith(TX, AUTHOR, true);
    });

    it('refuses a number failing Luhn and a bad holder together, without the number in the error', async () => {
      try {
        await service.add({ actorUid: AUTHOR, number: '4242 4242 4242 4241', holder: 'Ə', expMonth: 0, expYear: 0 });
        throw new Error('accepted');
      } catch (error) {
        expect(AppError.is(error) && error.code).toBe('InvalidCardNumber');
        expect((error as AppError).details).toEqual([
          { field: 'number', code: 'InvalidCardNumber' },
          { field: 'holder', code: 'InvalidCardHolder' },
        ]);
        expect(JSON.stringify({ ...(error as AppError), message: (error as Error).message })).not.toMatch(/4242/);
      }
      expect(
        await codeOf(service.add({ actorUid: AUTHOR, number: NUMBER, holder: '1', expMonth: 0, expYear: 0 })),
      ).toBe('InvalidCardHolder');
      expect(provider.tokenizeCard).not.toHaveBeenCalled();
    });

    it('needs an account and has room for CARDS_MAX cards', async () => {
      accounts.find.mockResolvedValue(undefined);
      expect(
        await codeOf(service.add({ actorUid: AUTHOR, number: NUMBER, holder: 'A B', expMonth: 0, expYear: 0 })),
      ).toBe('NoDonationAccount');
      accounts.find.mockResolvedValue(account());
      cards.count.mockResolvedValue(5);
      expect(
        await codeOf(service.add({ actorUid: AUTHOR, number: NUMBER, holder: 'A B', expMonth: 0, expYear: 0 })),
      ).toBe('InvalidModel');
    });
  });

  describe('delete', () => {
    beforeEach(() => {
      accounts.find.mockResolvedValue(account());
    });

    it('deletes one of the actor’s cards', async () => {
      cards.find.mockResolvedValue(card());
      payouts.active.mockResolvedValue(undefined);
      cards.delete.mockResolvedValue(true);
      await service.delete({ actorUid: AUTHOR, cardId: CARD });
      expect(cards.delete).toHaveBeenCalledWith(TX, AUTHOR, CARD);
    });

    it('answers NoCard for another’s card or an unknown id, HasActivePayout for the active payout’s card', async () => {
      cards.find.mockResolvedValue(undefined);
      expect(await codeOf(service.delete({ actorUid: AUTHOR, cardId: CARD }))).toBe('NoCard');
      expect(await codeOf(service.delete({ actorUid: AUTHOR, cardId: 'x' }))).toBe('NoCard');
      cards.find.mockResolvedValue(card());
      payouts.active.mockResolvedValue(payout());
      expect(await codeOf(service.delete({ actorUid: AUTHOR, cardId: CARD }))).toBe('HasActivePayout');
    });
  });
});
