import { Module } from '@nestjs/common';
import { Clock, CONFIG, transactionManagerProvider } from '@pencraft/kit';
import type { DonationsConfig } from './config.js';
import { AccountRepository } from './accounts/account.repository.js';
import { AccountService } from './accounts/account.service.js';
import { CardRepository } from './cards/card.repository.js';
import { CardService } from './cards/card.service.js';
import { DonationsGrpcController } from './donations.grpc.controller.js';
import { LedgerRepository } from './ledger/ledger.repository.js';
import { DONATION_PAYMENT_PROVIDER } from './payments/payment-provider.js';
import { StripeDonationProvider } from './payments/stripe.provider.js';
import { WebhookRepository } from './payments/webhook.repository.js';
import { PAYOUT_PROVIDER } from './payouts/payout-provider.js';
import { payoutProviderFor } from './payouts/payout-providers.js';
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
    // The payout provider, by config PAYOUT_PROVIDER: manual (finance staff pays and records each payout) until an
    // acquirer is connected as another implementation of PayoutProvider.
    {
      provide: PAYOUT_PROVIDER,
      inject: [CONFIG],
      useFactory: (config: Pick<DonationsConfig, 'PAYOUT_PROVIDER'>) => payoutProviderFor(config.PAYOUT_PROVIDER),
    },
    { provide: Directory, useClass: GrpcDirectory },
    Clock,
    transactionManagerProvider,
  ],
})
export class DonationsModule {}
