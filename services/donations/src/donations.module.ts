import { Module } from '@nestjs/common';
import { Clock, transactionManagerProvider } from '@pencraft/kit';
import { AccountRepository } from './accounts/account.repository.js';
import { AccountService } from './accounts/account.service.js';
import { CardRepository } from './cards/card.repository.js';
import { CardService } from './cards/card.service.js';
import { DonationsGrpcController } from './donations.grpc.controller.js';
import { LedgerRepository } from './ledger/ledger.repository.js';
import { DONATION_PAYMENT_PROVIDER } from './payments/payment-provider.js';
import { StripeDonationProvider } from './payments/stripe.provider.js';
import { WebhookRepository } from './payments/webhook.repository.js';
import { PayoutRepository } from './payouts/payout.repository.js';
import { PayoutService } from './payouts/payout.service.js';
import { PaymentWebhookService } from './supports/payment-webhook.service.js';
import { SupportRepository } from './supports/support.repository.js';
import { SupportService } from './supports/support.service.js';
import { Directory, GrpcDirectory } from './upstreams/directories.js';

/** donations.v1.DonationsService: support accounts, cards, supports and their webhooks, the ledger, payouts. */
@Module({
  controllers: [DonationsGrpcController],
  providers: [
    AccountService,
    CardService,
    SupportService,
    PaymentWebhookService,
    PayoutService,
    AccountRepository,
    CardRepository,
    SupportRepository,
    PayoutRepository,
    LedgerRepository,
    WebhookRepository,
    // The payment provider: Stripe (a local acquirer would be another implementation of DonationPaymentProvider).
    { provide: DONATION_PAYMENT_PROVIDER, useClass: StripeDonationProvider },
    { provide: Directory, useClass: GrpcDirectory },
    Clock,
    transactionManagerProvider,
  ],
})
export class DonationsModule {}
