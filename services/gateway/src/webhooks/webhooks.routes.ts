import { defineRoute } from '../http/route.js';
import {
  StaffPartnerWebhooks,
  StaffPartnerWebhooksParams,
  StaffWebhookDeliveryParams,
  V1UpdateWebhookBody,
  V1Webhook,
  V1WebhookBody,
  V1WebhookCreated,
  V1WebhookDelivery,
  V1WebhookDeliveryList,
  V1WebhookDeliveriesQuery,
  V1WebhookDeliveryParams,
  V1WebhookList,
  V1WebhookParams,
} from './webhooks.dto.js';

// Partner webhooks (issue #18): a partner client (Keycloak client credentials with scope webhooks) manages its own
// endpoints and reads and redelivers its own deliveries; another client's are NotFound. A personal access token is
// not a client: Forbidden. The staff console (admin) reads a client's and redelivers any.

const TAG = 'webhooks';
const V1 = '/api/v1/webhooks';
const CLIENT_ONLY = ' A partner client only (a personal access token is Forbidden).';
const FIELDS = { url: 'InvalidModel', eventTypes: 'InvalidModel', enabled: 'InvalidModel' } as const;

export const v1ListWebhooksRoute = defineRoute({
  operationId: 'v1ListWebhooks',
  method: 'GET',
  path: V1,
  tag: TAG,
  summary: `The client's webhook endpoints, newest first.${CLIENT_ONLY}`,
  response: V1WebhookList,
  auth: 'partner',
  scopes: ['webhooks'],
  errors: ['Forbidden'],
});

export const v1CreateWebhookRoute = defineRoute({
  operationId: 'v1CreateWebhook',
  method: 'POST',
  path: V1,
  tag: TAG,
  summary:
    'Subscribe an endpoint to events. Answers its signing secret (whsec_...), shown this once. InvalidModel (url) ' +
    'for a URL that is not https or is, or resolves to, a private, loopback or link-local address; OperationFailed ' +
    `beyond the endpoints a client may hold.${CLIENT_ONLY}`,
  body: V1WebhookBody,
  response: V1WebhookCreated,
  status: 201,
  auth: 'partner',
  scopes: ['webhooks'],
  fieldCodes: FIELDS,
  errors: ['InvalidModel', 'OperationFailed', 'Forbidden'],
});

export const v1GetWebhookRoute = defineRoute({
  operationId: 'v1GetWebhook',
  method: 'GET',
  path: `${V1}/:id`,
  tag: TAG,
  summary: `One of the client's endpoints.${CLIENT_ONLY}`,
  params: V1WebhookParams,
  response: V1Webhook,
  auth: 'partner',
  scopes: ['webhooks'],
  fieldCodes: { id: 'NotFound' },
  errors: ['NotFound', 'Forbidden'],
});

export const v1UpdateWebhookRoute = defineRoute({
  operationId: 'v1UpdateWebhook',
  method: 'PATCH',
  path: `${V1}/:id`,
  tag: TAG,
  summary: `Change an endpoint's URL, events or enabled (each when given; the same checks as subscribing).${CLIENT_ONLY}`,
  params: V1WebhookParams,
  body: V1UpdateWebhookBody,
  response: V1Webhook,
  auth: 'partner',
  scopes: ['webhooks'],
  fieldCodes: { id: 'NotFound', ...FIELDS },
  errors: ['NotFound', 'InvalidModel', 'Forbidden'],
});

export const v1DeleteWebhookRoute = defineRoute({
  operationId: 'v1DeleteWebhook',
  method: 'DELETE',
  path: `${V1}/:id`,
  tag: TAG,
  summary: `Remove an endpoint and its delivery log.${CLIENT_ONLY}`,
  params: V1WebhookParams,
  status: 204,
  auth: 'partner',
  scopes: ['webhooks'],
  fieldCodes: { id: 'NotFound' },
  errors: ['NotFound', 'Forbidden'],
});

export const v1ListWebhookDeliveriesRoute = defineRoute({
  operationId: 'v1ListWebhookDeliveries',
  method: 'GET',
  path: `${V1}/:id/deliveries`,
  tag: TAG,
  summary:
    "An endpoint's deliveries, newest first, with the last answer's status and the first 1 KB of its body; " +
    `status=dead lists the dead letters (no more automatic tries).${CLIENT_ONLY}`,
  params: V1WebhookParams,
  query: V1WebhookDeliveriesQuery,
  response: V1WebhookDeliveryList,
  auth: 'partner',
  scopes: ['webhooks'],
  fieldCodes: { id: 'NotFound', status: 'InvalidModel', limit: 'InvalidModel' },
  errors: ['NotFound', 'InvalidModel', 'Forbidden'],
});

export const v1RedeliverWebhookRoute = defineRoute({
  operationId: 'v1RedeliverWebhook',
  method: 'POST',
  path: `${V1}/:id/deliveries/:deliveryId/redeliver`,
  tag: TAG,
  summary: `Send a delivery again (one more attempt, also of a dead or succeeded one), with the same webhook-id.${CLIENT_ONLY}`,
  params: V1WebhookDeliveryParams,
  response: V1WebhookDelivery,
  auth: 'partner',
  scopes: ['webhooks'],
  fieldCodes: { id: 'NotFound', deliveryId: 'NotFound' },
  errors: ['NotFound', 'Forbidden'],
});

export const staffPartnerWebhooksRoute = defineRoute({
  operationId: 'staffPartnerWebhooks',
  method: 'GET',
  path: '/api/staff/partners/:id/webhooks',
  tag: TAG,
  summary: "A partner client's webhook endpoints, each with its recent deliveries, dead ones first (staff: admin)",
  params: StaffPartnerWebhooksParams,
  response: StaffPartnerWebhooks,
  auth: 'staff',
  staffRole: 'admin',
  fieldCodes: { id: 'NotFound' },
  errors: ['NotFound'],
});

export const staffRedeliverWebhookRoute = defineRoute({
  operationId: 'staffRedeliverWebhook',
  method: 'POST',
  path: '/api/staff/webhook-deliveries/:id/redeliver',
  tag: TAG,
  summary: 'Send any webhook delivery again (one more attempt, also of a dead one) (staff: admin)',
  params: StaffWebhookDeliveryParams,
  response: V1WebhookDelivery,
  auth: 'staff',
  staffRole: 'admin',
  fieldCodes: { id: 'NotFound' },
  errors: ['NotFound'],
});
