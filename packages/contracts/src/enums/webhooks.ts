// The codecs of the partner webhooks' contract (event types, delivery statuses). A module of their own, so that a
// service loads the generated code of the contracts it uses, not every one's (issue #19, memory).
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from '@pencraft/rules';
import { protoEnum } from '../enums.js';
import { WebhookDeliveryStatus, WebhookEventType } from '../gen/notifications/v1/webhooks.js';

export const webhookEventTypes = protoEnum<WebhookEventType, (typeof WEBHOOK_EVENT_TYPES)[number]>(
  'WebhookEventType',
  WebhookEventType,
  WEBHOOK_EVENT_TYPES,
);
export const webhookDeliveryStatuses = protoEnum<WebhookDeliveryStatus, (typeof WEBHOOK_DELIVERY_STATUSES)[number]>(
  'WebhookDeliveryStatus',
  WebhookDeliveryStatus,
  WEBHOOK_DELIVERY_STATUSES,
);
