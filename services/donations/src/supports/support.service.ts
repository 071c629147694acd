import { Inject, Injectable } from '@nestjs/common';
import { balanceAccountKinds, ledgerTransactionKinds } from '@pencraft/contracts/enums/donations';
import type * as pb from '@pencraft/contracts/donations/v1/donations';
import { AppError } from '@pencraft/errors';
import { Clock, type Logger, LOGGER, TransactionManager } from '@pencraft/kit';
import { isUuid, normalizeSupportNote, supportAmountProblem, supportNoteProblem } from '@pencraft/rules';
import { randomUUID } from 'node:crypto';
import { actorOf, pageOf, windowOf } from '../access.js';
import { AccountRepository } from '../accounts/account.repository.js';
import { LedgerRepository } from '../ledger/ledger.repository.js';
import { DONATION_PAYMENT_PROVIDER, type DonationPaymentProvider } from '../payments/payment-provider.js';
import { receivedSupportOf, sentSupportOf } from '../presenters.js';
import { Directory } from '../upstreams/directories.js';
import { SupportRepository } from './support.repository.js';
import { SUPPORT_CURRENCY } from './support.table.js';

/** The success and cancel pages with the support's id, so the page can ask GetSupport how it ended. */
function withSupport(url: string, supportId: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('support', supportId);
  return parsed.toString();
}

/**
 * Supporting a user: a pending support and the provider's hosted checkout (the credit comes only from the provider's
 * signed webhook: PaymentWebhookService), and the reads of supports and of the ledger's activity.
 */
@Injectable()
export class SupportService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly accounts: AccountRepository,
    private readonly supports: SupportRepository,
    private readonly ledger: LedgerRepository,
    private readonly directory: Directory,
    @Inject(DONATION_PAYMENT_PROVIDER) private readonly provider: DonationPaymentProvider,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly log: Pick<Logger, 'warn'>,
  ) {}

  async recipient(request: pb.GetRecipientRequest): Promise<pb.GetRecipientResponse> {
    if (!isUuid(request.uid)) return { acceptsSupport: false };
    const account = await this.transactions.run((tx) => this.accounts.find(tx, request.uid));
    return { acceptsSupport: account?.active === true };
  }

  async start(request: pb.StartSupportRequest): Promise<pb.StartSupportResponse> {
    const supporter = actorOf(request.actorUid);
    if (supportAmountProblem(request.amountQepik)) {
      throw new AppError('InvalidAmount', { details: [{ field: 'amount', code: 'InvalidAmount' }] });
    }
    const note = normalizeSupportNote(request.note);
    if (supportNoteProblem(note)) {
      throw new AppError('InvalidMessage', { details: [{ field: 'note', code: 'InvalidMessage' }] });
    }
    if (!isUuid(request.recipientUid)) throw new AppError('NoDonationAccount');
    if (request.recipientUid === supporter) throw new AppError('Forbidden');
    const recipient = await this.transactions.run((tx) => this.accounts.find(tx, request.recipientUid));
    if (!recipient) throw new AppError('NoDonationAccount');
    if (!recipient.active) throw new AppError('DonationAccountDisabled');
    if (request.articleId) {
      if (
        !isUuid(request.articleId) ||
        !(await this.directory.isPublishedArticleOf(request.articleId, recipient.uid))
      ) {
        throw new AppError('ArticleNotFound');
      }
    }
    const now = this.clock.now();
    const support = await this.transactions.run((tx) =>
      this.supports.insert(tx, {
        id: randomUUID(),
        supporterUid: supporter,
        recipientUid: recipient.uid,
        amountQepik: request.amountQepik,
        currency: SUPPORT_CURRENCY,
        articleId: request.articleId || null,
        public: request.public,
        note,
        state: 'pending',
        provider: this.provider.name,
        createdAt: now,
        updatedAt: now,
      }),
    );
    let checkout: { url: string; checkoutId: string };
    try {
      checkout = await this.provider.createSupportCheckout({
        supportId: support.id,
        supporterUid: supporter,
        amountQepik: support.amountQepik,
        productName: 'Pencraft support',
        successUrl: withSupport(request.successUrl, support.id),
        cancelUrl: withSupport(request.cancelUrl, support.id),
      });
    } catch (error) {
      // No page to pay on: the support can never be paid.
      this.log.warn({ err: error, supportId: support.id }, 'checkout not created; the support is failed');
      await this.transactions.run((tx) => this.supports.update(tx, support.id, { state: 'failed', updatedAt: now }));
      throw AppError.is(error) ? error : new AppError('PaymentFailed');
    }
    await this.transactions.run((tx) =>
      this.supports.update(tx, support.id, { checkoutId: checkout.checkoutId, updatedAt: now }),
    );
    return { supportId: support.id, checkoutUrl: checkout.url };
  }

  async get(request: pb.GetSupportRequest): Promise<pb.GetSupportResponse> {
    const uid = actorOf(request.actorUid);
    return this.transactions.run(async (tx) => {
      const support = isUuid(request.supportId) ? await this.supports.find(tx, request.supportId) : undefined;
      // Another's support reads as missing.
      if (!support || support.supporterUid !== uid) throw new AppError('NotFound');
      const thanks = support.paidAt ? ((await this.accounts.find(tx, support.recipientUid))?.thanksMessage ?? '') : '';
      return { support: sentSupportOf(support), thanksMessage: thanks };
    });
  }

  async received(request: pb.ListSupportsReceivedRequest): Promise<pb.ListSupportsReceivedResponse> {
    const uid = actorOf(request.actorUid);
    const window = windowOf(request);
    return this.transactions.run(async (tx) => {
      if (!(await this.accounts.find(tx, uid))) throw new AppError('NoDonationAccount');
      const [rows, total] = await Promise.all([
        this.supports.received(tx, uid, window.limit, window.offset),
        this.supports.receivedCount(tx, uid),
      ]);
      const page = pageOf(rows.map(receivedSupportOf), total, window);
      return { supports: page.rows, total: page.total, hasMore: page.hasMore };
    });
  }

  async sent(request: pb.ListMySupportsRequest): Promise<pb.ListMySupportsResponse> {
    const uid = actorOf(request.actorUid);
    const window = windowOf(request);
    return this.transactions.run(async (tx) => {
      const [rows, total] = await Promise.all([
        this.supports.sent(tx, uid, window.limit, window.offset),
        this.supports.sentCount(tx, uid),
      ]);
      const page = pageOf(rows.map(sentSupportOf), total, window);
      return { supports: page.rows, total: page.total, hasMore: page.hasMore };
    });
  }

  async publicSupporters(request: pb.ListPublicSupportersRequest): Promise<pb.ListPublicSupportersResponse> {
    const window = windowOf(request);
    if (!isUuid(request.uid)) return { supporters: [], total: 0, hasMore: false };
    return this.transactions.run(async (tx) => {
      const [rows, total] = await Promise.all([
        this.supports.publicSupporters(tx, request.uid, window.limit, window.offset),
        this.supports.publicSupportersCount(tx, request.uid),
      ]);
      const page = pageOf(
        rows.map((row) => ({ uid: row.uid, supports: row.supports, lastSupportedAtMs: row.lastAt.getTime() })),
        total,
        window,
      );
      return { supporters: page.rows, total: page.total, hasMore: page.hasMore };
    });
  }

  async activity(request: pb.ListActivityRequest): Promise<pb.ListActivityResponse> {
    const uid = actorOf(request.actorUid);
    const window = windowOf(request);
    return this.transactions.run(async (tx) => {
      if (!(await this.accounts.find(tx, uid))) throw new AppError('NoDonationAccount');
      const [rows, total] = await Promise.all([
        this.ledger.activity(tx, uid, window.limit, window.offset),
        this.ledger.activityCount(tx, uid),
      ]);
      const entries = rows.map((row) => ({
        transactionId: row.transactionId,
        kind: ledgerTransactionKinds.toProto(row.kind),
        account: balanceAccountKinds.toProto(row.accountKind),
        amountQepik: row.amountQepik,
        supportId: row.supportId ?? '',
        payoutId: row.payoutId ?? '',
        createdAtMs: row.createdAt.getTime(),
      }));
      const page = pageOf(entries, total, window);
      return { entries: page.rows, total: page.total, hasMore: page.hasMore };
    });
  }
}
