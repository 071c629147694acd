import { Module } from '@nestjs/common';
import { Clock, objectStoreProvider, transactionManagerProvider } from '@pencraft/kit';
import { PublicationArticleRepository } from './articles/publication-article.repository.js';
import { PublicationArticleService } from './articles/publication-article.service.js';
import { PublicationImageProcessor } from './images/publication-image.processor.js';
import { PublicationImageService } from './images/publication-image.service.js';
import { JobsGrpcController } from './jobs/job.grpc.controller.js';
import { JobRepository } from './jobs/job.repository.js';
import { JobService } from './jobs/job.service.js';
import { MemberRepository } from './members/member.repository.js';
import { MemberService } from './members/member.service.js';
import { IncomeHistoryService } from './payments/income-history.service.js';
import { IncomeRepository } from './payments/income.repository.js';
import { IncomeService } from './payments/income.service.js';
import { PAYMENT_PROVIDER } from './payments/payment-provider.js';
import { PaymentRepository } from './payments/payment.repository.js';
import { PaymentService } from './payments/payment.service.js';
import { RenewalStopRetrier } from './payments/renewal-stop.retrier.js';
import { StripeProvider } from './payments/stripe.provider.js';
import { PublicationRepository } from './publications/publication.repository.js';
import { PublicationService } from './publications/publication.service.js';
import { PublicationsGrpcController } from './publications/publications.grpc.controller.js';
import { PlanRepository } from './subscriptions/plan.repository.js';
import { SubscriberHistoryGrpcController } from './subscriptions/subscriber-history.grpc.controller.js';
import { SubscriberHistoryRepository } from './subscriptions/subscriber-history.repository.js';
import { SubscriberHistoryService } from './subscriptions/subscriber-history.service.js';
import { SubscriptionRepository } from './subscriptions/subscription.repository.js';
import { SubscriptionService } from './subscriptions/subscription.service.js';

/** publications.v1.PublicationsService: publications, members and invitations, subscriptions, plans, pins, payments. */
@Module({
  controllers: [PublicationsGrpcController, SubscriberHistoryGrpcController, JobsGrpcController],
  providers: [
    PublicationService,
    MemberService,
    SubscriptionService,
    PublicationArticleService,
    PublicationRepository,
    MemberRepository,
    SubscriptionRepository,
    PlanRepository,
    SubscriberHistoryService,
    SubscriberHistoryRepository,
    PublicationArticleRepository,
    PaymentService,
    PaymentRepository,
    IncomeService,
    IncomeHistoryService,
    IncomeRepository,
    RenewalStopRetrier,
    // The payment provider: Stripe (a local acquirer would be another implementation of PaymentProvider).
    { provide: PAYMENT_PROVIDER, useClass: StripeProvider },
    JobService,
    JobRepository,
    PublicationImageService,
    PublicationImageProcessor,
    objectStoreProvider,
    Clock,
    transactionManagerProvider,
  ],
})
export class PublicationsModule {}
