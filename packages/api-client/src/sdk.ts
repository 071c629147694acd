// The partner SDK's entry (@pencraft/api-client/partner): the /api/v1 client and the webhook verifier.
export * from './partner.js';
export * from './webhooks.js';
