import { Module } from '@nestjs/common';
import { Clock } from '@pencraft/kit';
import { GrpcPartnerStatus, PartnerStatus } from './partner-status.js';
import { WebhookConsumers } from './webhook.consumers.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';
import { WebhookRepository } from './webhook.repository.js';
import { WebhookSecretBox } from './webhook-secret-box.js';
import { WebhookSender } from './webhook-sender.js';
import { WebhookService } from './webhook.service.js';
import { WebhooksGrpcController } from './webhooks.grpc.controller.js';

/** Partner webhooks (issue #18): endpoints, deliveries made from the events, the dispatcher that sends them. */
@Module({
  controllers: [WebhooksGrpcController],
  providers: [
    Clock,
    WebhookRepository,
    WebhookSecretBox,
    WebhookSender,
    WebhookDispatcher,
    WebhookService,
    WebhookConsumers,
    { provide: PartnerStatus, useClass: GrpcPartnerStatus },
  ],
})
export class WebhooksModule {}
