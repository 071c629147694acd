import { Module } from '@nestjs/common';
import { Clock, transactionManagerProvider } from '@pencraft/kit';
import { AuditRepository } from './audit/audit.repository.js';
import { PayoutAuditConsumer } from './audit/payout-audit.consumer.js';
import { BanRepository } from './bans/ban.repository.js';
import { BanService } from './bans/ban.service.js';
import { ModerationGrpcController } from './moderation.grpc.controller.js';
import { ModerationQuery } from './moderation.query.js';
import { AutoReviewService } from './queue/auto-review.service.js';
import { DecisionService } from './queue/decision.service.js';
import { IntakeConsumer } from './queue/intake.consumer.js';
import { QueueRepository } from './queue/queue.repository.js';
import { ReportConsumer } from './reports/report.consumer.js';
import { ReportRepository } from './reports/report.repository.js';
import { ReportService } from './reports/report.service.js';
import { upstreamProviders } from './upstreams/upstreams.js';

/**
 * The review queue of articles, translations and comments (automatic initial review, then staff decisions), report
 * triage, bans through identity and the audit log of every action (staff's payout moves too, read from donations'
 * events).
 */
@Module({
  controllers: [ModerationGrpcController],
  providers: [
    ...upstreamProviders,
    transactionManagerProvider,
    Clock,
    QueueRepository,
    ReportRepository,
    BanRepository,
    AuditRepository,
    AutoReviewService,
    DecisionService,
    ReportService,
    BanService,
    ModerationQuery,
    IntakeConsumer,
    ReportConsumer,
    PayoutAuditConsumer,
  ],
})
export class ModerationModule {}
