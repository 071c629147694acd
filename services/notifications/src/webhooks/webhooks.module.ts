import { Module } from '@nestjs/common';
import { Clock, secretBoxProvider } from '@pencraft/kit';
import { GrpcPartnerStatus, PartnerStatus } from './partner-status.js';
import { WebhookConsumers } from './webhook.consumers.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';
import { WebhookRepository } from './webhook.repository.js';
import { WebhookSender } from './webhook-sender.js';
import { WebhookService } from './webhook.service.js';
import { WebhooksGrpcController } from './webhooks.grpc.controller.js';

/** Partner webhooks (issue #18): endpoints, deliveries made from the events, the dispatcher that sends them. */
@Module({
  controllers: [WebhooksGrpcController],
  providers: [
    Clock,
    WebhookRepository,
    secretBoxProvider('WEBHOOK_ENCRYPTION_KEY'),
    WebhookSender,
    WebhookDispatcher,
    WebhookService,
    WebhookConsumers,
    { provide: PartnerStatus, useClass: GrpcPartnerStatus },
  ],
})
export class WebhooksModule {}
