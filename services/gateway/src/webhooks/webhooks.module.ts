import { Module } from '@nestjs/common';
import { partnerClientsUpstream } from '../partner-clients/partner-clients.upstream.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksService } from './webhooks.service.js';
import { webhooksUpstream } from './webhooks.upstream.js';

/**
 * Partner webhooks (issue #18): /api/v1/webhooks for partner clients (scope webhooks) and the staff console's
 * /api/staff/partners/{id}/webhooks and redelivery (admin), over notifications' WebhookService (and identity's
 * PartnerService to find a client by its registry id).
 */
@Module({
  controllers: [WebhooksController],
  providers: [webhooksUpstream.provider, partnerClientsUpstream.provider, WebhooksService],
})
export class WebhooksModule {}
