import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { SupportState } from '@pencraft/contracts/donations/v1/donations';
import type { Clock } from '@pencraft/kit';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import { account, ARTICLE, AUTHOR, codeOf, NOW, READER, support, SUPPORT, withName } from '../../test/fixtures.js';
import type { AccountRepository } from '../accounts/account.repository.js';
import type { LedgerRepository } from '../ledger/ledger.repository.js';
import type { DonationPaymentProvider } from '../payments/payment-provider.js';
import type { Directory } from '../upstreams/directories.js';
import type { SupportRepository } from './support.repository.js';
import { SupportService } from './support.service.js';

describe('SupportService', () => {
  let accounts: StrictMock<AccountRepository>;
  let supports: StrictMock<SupportRepository>;
  let ledger: StrictMock<LedgerRepository>;
  let directory: StrictMock<Directory>;
  let provider: StrictMock<DonationPaymentProvider>;
  let service: SupportService;

  beforeEach(() => {
    accounts = strictMock<AccountRepository>('AccountRepository');
    supports = strictMock<SupportRepository>('SupportRepository');
    ledger = strictMock<LedgerRepository>('LedgerRepository');
    directory = strictMock<Directory>('Directory');
    provider = strictMock<DonationPaymentProvider>('DonationPaymentProvider');
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    service = new SupportService(fakeTransactions(), accounts, supports, ledger, directory, withName(provider), clock, {
      warn: jest.fn(),
    });
  });

  describe('start', () => {
    const request = {
      actorUid: READER,
      recipientUid: AUTHOR,
      amountQepik: 2_500,
      articleId: ARTICLE,
      public: true,
      note: '  Great   article ',
      successUrl: 'https://pencraft.az/support/done',
      cancelUrl: 'https://pencraft.az/support/cancelled',
    };

    it('records a pending support and answers the provider’s checkout page for it', async () => {
      accounts.find.mockResolvedValue(account());
      directory.isPublishedArticleOf.mockResolvedValue(true);
      supports.insert.mockImplementation(async (_tx, row) => support(row as never));
      provider.createSupportCheckout.mockResolvedValue({
        url: 'https://checkout.stripe.com/c/pay/cs_1',
        checkoutId: 'cs_1',
      });
      supports.update.mockResolvedValue(support());

      const answer = await service.start(request);

      const [, inserted] = supports.insert.mock.calls[0]!;
      expect(inserted).toMatchObject({
        supporterUid: READER,
        recipientUid: AUTHOR,
        amountQepik: 2_500,
        currency: 'AZN',
        articleId: ARTICLE,
        note: 'Great article',
        state: 'pending',
      });
      expect(answer).toEqual({ supportId: inserted.id, checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_1' });
      expect(provider.createSupportCheckout).toHaveBeenCalledWith(
        expect.objectContaining({
          supportId: inserted.id,
          amountQepik: 2_500,
          successUrl: `https://pencraft.az/support/done?support=${inserted.id}`,
        }),
      );
      expect(supports.update).toHaveBeenCalledWith(TX, inserted.id, { checkoutId: 'cs_1', updatedAt: NOW });
    });

    it.each([99, 10_001, 0, 250.5])('refuses %d qəpik as InvalidAmount', async (amountQepik) => {
      expect(await codeOf(service.start({ ...request, amountQepik }))).toBe('InvalidAmount');
    });

    it('refuses supporting oneself, a missing or deactivated account and a foreign article', async () => {
      expect(await codeOf(service.start({ ...request, recipientUid: READER }))).toBe('Forbidden');
      accounts.find.mockResolvedValue(undefined);
      expect(await codeOf(service.start(request))).toBe('NoDonationAccount');
      accounts.find.mockResolvedValue(account({ active: false }));
      expect(await codeOf(service.start(request))).toBe('DonationAccountDisabled');
      accounts.find.mockResolvedValue(account());
      directory.isPublishedArticleOf.mockResolvedValue(false);
      expect(await codeOf(service.start(request))).toBe('ArticleNotFound');
      expect(await codeOf(service.start({ ...request, note: 'x'.repeat(281) }))).toBe('InvalidMessage');
    });

    it('marks the support failed when the provider makes no page', async () => {
      accounts.find.mockResolvedValue(account());
      supports.insert.mockImplementation(async (_tx, row) => support(row as never));
      provider.createSupportCheckout.mockRejectedValue(new Error('provider down'));
      supports.update.mockResolvedValue(support({ state: 'failed' }));
      expect(await codeOf(service.start({ ...request, articleId: '' }))).toBe('PaymentFailed');
      expect(supports.update).toHaveBeenCalledWith(TX, expect.any(String), { state: 'failed', updatedAt: NOW });
    });
  });

  describe('get', () => {
    it('shows its supporter the state and, once paid, the recipient’s thanks', async () => {
      supports.find.mockResolvedValue(support({ state: 'paid', paidAt: NOW }));
      accounts.find.mockResolvedValue(account());
      expect(await service.get({ actorUid: READER, supportId: SUPPORT })).toMatchObject({
        support: { state: SupportState.SUPPORT_STATE_PAID, amountQepik: 2_500 },
        thanksMessage: 'Thank you so much!',
      });
    });

    it('keeps the thanks until paid, and reads as missing for anyone else', async () => {
      supports.find.mockResolvedValue(support());
      expect((await service.get({ actorUid: READER, supportId: SUPPORT })).thanksMessage).toBe('');
      expect(await codeOf(service.get({ actorUid: AUTHOR, supportId: SUPPORT }))).toBe('NotFound');
      expect(await codeOf(service.get({ actorUid: READER, supportId: 'nope' }))).toBe('NotFound');
    });
  });

  describe('reports', () => {
    it('names the supporter to the recipient only when they chose to be shown', async () => {
      accounts.find.mockResolvedValue(account());
      supports.received.mockResolvedValue([
        support({ state: 'paid', paidAt: NOW }),
        support({ id: 'other', public: false, state: 'paid', paidAt: NOW }),
      ]);
      supports.receivedCount.mockResolvedValue(2);
      const answer = await service.received({ actorUid: AUTHOR, page: 0, pageSize: 0, all: false });
      expect(answer.supports.map((s) => [s.supporterUid, s.amountQepik])).toEqual([
        [READER, 2_500],
        ['', 2_500],
      ]);
      expect(answer).toMatchObject({ total: 2, hasMore: false });
    });

    it('exports every row at once', async () => {
      supports.sent.mockResolvedValue([]);
      supports.sentCount.mockResolvedValue(0);
      await service.sent({ actorUid: READER, page: 3, pageSize: 7, all: true });
      expect(supports.sent).toHaveBeenCalledWith(TX, READER, 5_000, 0);
    });

    it('lists public supporters for anyone, nothing for a malformed uid', async () => {
      supports.publicSupporters.mockResolvedValue([{ uid: READER, supports: 2, lastAt: NOW }]);
      supports.publicSupportersCount.mockResolvedValue(1);
      expect(await service.publicSupporters({ uid: AUTHOR, page: 0, pageSize: 0 })).toEqual({
        supporters: [{ uid: READER, supports: 2, lastSupportedAtMs: NOW.getTime() }],
        total: 1,
        hasMore: false,
      });
      expect(await service.publicSupporters({ uid: 'x', page: 0, pageSize: 0 })).toEqual({
        supporters: [],
        total: 0,
        hasMore: false,
      });
    });

    it('answers whether a user accepts support', async () => {
      accounts.find.mockResolvedValue(account({ active: false }));
      expect(await service.recipient({ uid: AUTHOR })).toEqual({ acceptsSupport: false });
      accounts.find.mockResolvedValue(account());
      expect(await service.recipient({ uid: AUTHOR })).toEqual({ acceptsSupport: true });
    });
  });
});
