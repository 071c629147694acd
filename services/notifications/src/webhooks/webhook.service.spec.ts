import { beforeEach, describe, expect, it } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import type { Clock, SecretBox } from '@pencraft/kit';
import { strictMock, TX, type StrictMock } from '@pencraft/testing';
import { WEBHOOK_ENDPOINTS_PER_CLIENT_MAX } from '@pencraft/rules';
import type { NotificationsConfig } from '../config.js';
import { WebhookDeliveryStatus } from '@pencraft/contracts/notifications/v1/webhooks';
import type { WebhookDispatcher } from './webhook-dispatcher.js';
import type { WebhookRepository } from './webhook.repository.js';
import { eventTypesOf, WebhookService } from './webhook.service.js';
import type { WebhookDeliveryRow, WebhookEndpointRow } from './webhook.tables.js';

const NOW = new Date('2026-11-28T10:00:00Z');
const ENDPOINT = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const DELIVERY = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const endpointRow: WebhookEndpointRow = {
  id: ENDPOINT,
  clientId: 'partner-a',
  url: 'https://hooks.example.com/in',
  eventTypes: ['article.published'],
  secretSealed: 'sealed',
  enabled: true,
  createdAt: NOW,
  updatedAt: NOW,
};
const deliveryRow: WebhookDeliveryRow = {
  id: DELIVERY,
  endpointId: ENDPOINT,
  eventId: 'e-1',
  eventType: 'article.published',
  payload: '{}',
  status: 'pending',
  attempts: 8,
  nextAttemptAt: NOW,
  lastResponseStatus: 500,
  lastResponseBody: 'boom',
  lastError: 'HTTP 500',
  createdAt: NOW,
  updatedAt: NOW,
};
const code = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
};

describe('WebhookService', () => {
  let repository: StrictMock<WebhookRepository>;
  let secrets: StrictMock<SecretBox>;
  let dispatcher: StrictMock<WebhookDispatcher>;
  let service: WebhookService;

  beforeEach(() => {
    repository = strictMock<WebhookRepository>('WebhookRepository');
    secrets = strictMock<SecretBox>('SecretBox');
    dispatcher = strictMock<WebhookDispatcher>('WebhookDispatcher');
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    repository.reader.mockReturnValue(TX);
    repository.run.mockImplementation((work) => work(TX as never));
    const config = { WEBHOOK_ALLOW_PRIVATE: false, WEBHOOK_ALLOWED_TARGETS: [] } as unknown as NotificationsConfig;
    service = new WebhookService(repository, secrets, dispatcher, clock, config);
    service.resolve = async () => ['93.184.216.34'];
  });

  it('subscribes an endpoint: the secret answered once, stored sealed, the types in vocabulary order', async () => {
    repository.lockClient.mockResolvedValue(undefined);
    repository.countEndpoints.mockResolvedValue(0);
    secrets.seal.mockReturnValue('sealed');
    repository.insertEndpoint.mockResolvedValue(endpointRow);
    const created = await service.create('partner-a', 'https://hooks.example.com/in', [
      'comment.published',
      'article.published',
    ]);
    expect(created.secret).toMatch(/^whsec_/);
    expect(secrets.seal).toHaveBeenCalledWith(created.secret);
    expect(repository.insertEndpoint).toHaveBeenCalledWith(TX, {
      clientId: 'partner-a',
      url: 'https://hooks.example.com/in',
      eventTypes: ['article.published', 'comment.published'],
      secretSealed: 'sealed',
      at: NOW,
    });
    expect(created.endpoint).toMatchObject({ id: ENDPOINT, clientId: 'partner-a' });
  });

  it('refuses a private URL, an unknown or missing event type, and an endpoint beyond the cap', async () => {
    for (const url of ['https://127.0.0.1/', 'https://10.0.0.1/', 'https://169.254.169.254/', 'https://[::1]/']) {
      expect(await code(service.create('partner-a', url, ['article.published']))).toBe('InvalidModel');
    }
    expect(await code(service.create('partner-a', 'https://hooks.example.com/', ['article.deleted']))).toBe(
      'InvalidModel',
    );
    expect(() => eventTypesOf([])).toThrow(AppError);
    repository.lockClient.mockResolvedValue(undefined);
    repository.countEndpoints.mockResolvedValue(WEBHOOK_ENDPOINTS_PER_CLIENT_MAX);
    expect(await code(service.create('partner-a', 'https://hooks.example.com/', ['article.published']))).toBe(
      'OperationFailed',
    );
    expect(repository.insertEndpoint).not.toHaveBeenCalled();
  });

  it("answers NotFound for another client's endpoint, reading it only through the owner's id", async () => {
    repository.findEndpoint.mockResolvedValue(undefined);
    expect(await code(service.get('partner-b', ENDPOINT))).toBe('NotFound');
    expect(repository.findEndpoint).toHaveBeenCalledWith(TX, 'partner-b', ENDPOINT);
    expect(await code(service.get('partner-b', 'not-a-uuid'))).toBe('NotFound');
    expect(await code(service.deliveries('partner-b', ENDPOINT, 0, 0))).toBe('NotFound');
    repository.deleteEndpoint.mockResolvedValue(false);
    expect(await code(service.delete('partner-b', ENDPOINT))).toBe('NotFound');
    expect(repository.deleteEndpoint).toHaveBeenCalledWith(TX, 'partner-b', ENDPOINT);
  });

  it("redelivers only the client's own delivery, then wakes the dispatcher", async () => {
    repository.findDeliveryOfClient.mockResolvedValueOnce(undefined);
    expect(await code(service.redeliver('partner-b', ENDPOINT, DELIVERY))).toBe('NotFound');
    expect(repository.findDeliveryOfClient).toHaveBeenCalledWith(TX, 'partner-b', ENDPOINT, DELIVERY);
    expect(dispatcher.poke).not.toHaveBeenCalled();
    repository.findDeliveryOfClient.mockResolvedValueOnce(deliveryRow);
    repository.redeliver.mockResolvedValue(deliveryRow);
    dispatcher.poke.mockReturnValue(undefined);
    const { delivery } = await service.redeliver('partner-a', ENDPOINT, DELIVERY);
    expect(repository.redeliver).toHaveBeenCalledWith(TX, DELIVERY, NOW);
    expect(delivery).toMatchObject({
      id: DELIVERY,
      status: WebhookDeliveryStatus.WEBHOOK_DELIVERY_STATUS_PENDING,
      lastResponseStatus: 500,
    });
    expect(dispatcher.poke).toHaveBeenCalledTimes(1);
  });

  it('lists deliveries of a known status only, capped at 100', async () => {
    repository.findEndpoint.mockResolvedValue(endpointRow);
    repository.listDeliveries.mockResolvedValue([deliveryRow]);
    await service.deliveries('partner-a', ENDPOINT, WebhookDeliveryStatus.WEBHOOK_DELIVERY_STATUS_DEAD, 500);
    expect(repository.listDeliveries).toHaveBeenCalledWith(TX, ENDPOINT, 'dead', 100);
    expect(await code(service.deliveries('partner-a', ENDPOINT, 99 as WebhookDeliveryStatus, 10))).toBe('InvalidModel');
  });

  it('refuses a call without a client id (a bare personal token never reaches here with one)', async () => {
    expect(await code(service.list(''))).toBe('Forbidden');
  });

  it("lists a client's endpoints and their deliveries for the staff in one snapshot", async () => {
    const SNAPSHOT = { snapshot: true } as never;
    repository.snapshot.mockImplementation((work) => work(SNAPSHOT));
    repository.listEndpoints.mockResolvedValue([endpointRow]);
    repository.listDeliveriesDeadFirst.mockResolvedValue([{ ...deliveryRow, status: 'dead' }]);
    const listed = await service.staffList('partner-a', 0);
    expect(listed.endpoints).toHaveLength(1);
    expect(listed.endpoints[0]!.endpoint?.id).toBe(ENDPOINT);
    expect(listed.endpoints[0]!.deliveries.map((d) => d.id)).toEqual([DELIVERY]);
    // Both reads in the snapshot's transaction, none on the plain reader.
    expect(repository.listEndpoints).toHaveBeenCalledWith(SNAPSHOT, 'partner-a');
    expect(repository.listDeliveriesDeadFirst).toHaveBeenCalledWith(SNAPSHOT, ENDPOINT, expect.any(Number));
  });
});
