import { beforeEach, describe, expect, it } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import { strictMock, type StrictMock } from '@pencraft/testing';
import {
  WebhookDeliveryStatus,
  WebhookEventType,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@pencraft/contracts/notifications/v1/webhooks';
import type { PartnerClientsClient } from '../partner-clients/partner-clients.upstream.js';
import type { PartnerPrincipal } from '../partner/partner.principal.js';
import { WebhooksService } from './webhooks.service.js';
import type { WebhooksClient } from './webhooks.upstream.js';

const ID = '3f2b8c1e-6d4a-4f7b-9a2c-5e8d1b7f0a64';
const AT = Date.parse('2026-11-28T10:00:00Z');
const CLIENT: PartnerPrincipal = { kind: 'client', clientId: 'partner-a', scopes: ['webhooks'] };
const TOKEN: PartnerPrincipal = { kind: 'token', userId: ID, tokenId: ID, scopes: ['read', 'act'] };
const endpoint: WebhookEndpoint = {
  id: ID,
  clientId: 'partner-a',
  url: 'https://hooks.example.com/in',
  eventTypes: ['article.published'],
  enabled: true,
  createdAtMs: AT,
  updatedAtMs: AT,
};
const delivery: WebhookDelivery = {
  id: ID,
  endpointId: ID,
  eventId: 'e-1',
  eventType: WebhookEventType.WEBHOOK_EVENT_TYPE_ARTICLE_PUBLISHED,
  status: WebhookDeliveryStatus.WEBHOOK_DELIVERY_STATUS_DEAD,
  attempts: 8,
  nextAttemptAtMs: 0,
  lastResponseStatus: 500,
  lastResponseBody: 'boom',
  lastError: 'HTTP 500',
  createdAtMs: AT,
  updatedAtMs: AT,
  payloadJson: '{}',
};

describe('WebhooksService (gateway)', () => {
  let webhooks: StrictMock<WebhooksClient>;
  let partners: StrictMock<PartnerClientsClient>;
  let service: WebhooksService;

  beforeEach(() => {
    webhooks = strictMock<WebhooksClient>('WebhooksClient');
    partners = strictMock<PartnerClientsClient>('PartnerClientsClient');
    service = new WebhooksService(webhooks, partners);
  });

  it("passes the verified client's id on every call, never one from the request", async () => {
    webhooks.createEndpoint.mockResolvedValue({ endpoint, secret: 'whsec_x' });
    expect(
      await service.create(CLIENT, { url: 'https://hooks.example.com/in', eventTypes: ['article.published'] }),
    ).toEqual({
      endpoint: {
        id: ID,
        url: 'https://hooks.example.com/in',
        eventTypes: ['article.published'],
        enabled: true,
        createdAt: new Date(AT).toISOString(),
        updatedAt: new Date(AT).toISOString(),
      },
      secret: 'whsec_x',
    });
    expect(webhooks.createEndpoint).toHaveBeenCalledWith({
      clientId: 'partner-a',
      url: 'https://hooks.example.com/in',
      eventTypes: ['article.published'],
    });
    webhooks.redeliver.mockResolvedValue({ delivery });
    const redelivered = await service.redeliver(CLIENT, ID, ID);
    expect(webhooks.redeliver).toHaveBeenCalledWith({ clientId: 'partner-a', endpointId: ID, deliveryId: ID });
    expect(redelivered).toMatchObject({ status: 'dead', lastResponseStatus: 500, nextAttemptAt: null, payload: '{}' });
  });

  it('refuses a credential without a client (a bare personal access token): Forbidden, nothing asked', async () => {
    await expect(service.list(TOKEN)).rejects.toEqual(new AppError('Forbidden'));
    await expect(service.redeliver(TOKEN, ID, ID)).rejects.toEqual(new AppError('Forbidden'));
    expect(webhooks.listEndpoints).not.toHaveBeenCalled();
  });

  it('updates only what is given (event types flagged when replaced)', async () => {
    webhooks.updateEndpoint.mockResolvedValue({ endpoint });
    await service.update(CLIENT, ID, { enabled: false });
    expect(webhooks.updateEndpoint).toHaveBeenLastCalledWith({
      clientId: 'partner-a',
      id: ID,
      url: undefined,
      eventTypes: [],
      updateEventTypes: false,
      enabled: false,
    });
    await service.update(CLIENT, ID, { eventTypes: ['comment.published'] });
    expect(webhooks.updateEndpoint).toHaveBeenLastCalledWith(
      expect.objectContaining({ eventTypes: ['comment.published'], updateEventTypes: true }),
    );
  });

  it("staff: finds the client's Keycloak id by its registry id, then its endpoints with their deliveries", async () => {
    partners.getPartnerClient.mockResolvedValue({ client: { clientId: 'partner-a' } } as never);
    webhooks.staffListClientWebhooks.mockResolvedValue({ endpoints: [{ endpoint, deliveries: [delivery] }] });
    const answer = await service.staffList(ID);
    expect(partners.getPartnerClient).toHaveBeenCalledWith({ id: ID });
    expect(webhooks.staffListClientWebhooks).toHaveBeenCalledWith({ clientId: 'partner-a', deliveriesPerEndpoint: 20 });
    expect(answer.clientId).toBe('partner-a');
    expect(answer.items[0]!.deliveries[0]).toMatchObject({ id: ID, status: 'dead' });
  });
});
