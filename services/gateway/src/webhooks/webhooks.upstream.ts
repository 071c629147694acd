import { WebhookServiceClient, WebhookServiceService } from '@pencraft/contracts/notifications/v1/webhooks';
import type { PromiseClient } from '@pencraft/kit';
import { defineUpstream } from '../upstreams/upstream.js';

/** notifications.v1.WebhookService: partner webhooks, served by the notifications service. */
export const webhooksUpstream = defineUpstream('notifications', WebhookServiceClient, WebhookServiceService);
export const WEBHOOKS = webhooksUpstream.token;
export type WebhooksClient = PromiseClient<WebhookServiceClient>;
