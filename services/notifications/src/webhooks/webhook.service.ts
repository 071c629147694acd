import { Inject, Injectable } from '@nestjs/common';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  EndpointWithDeliveries,
} from '@pencraft/contracts/notifications/v1/webhooks';
import { webhookDeliveryStatuses, webhookEventTypes } from '@pencraft/contracts/enums/webhooks';
import type { WebhookDeliveryStatus as WebhookDeliveryStatusProto } from '@pencraft/contracts/notifications/v1/webhooks';
import { AppError } from '@pencraft/errors';
import { Clock, CONFIG, SecretBox, type Queryable } from '@pencraft/kit';
import { isUuid, WEBHOOK_ENDPOINTS_PER_CLIENT_MAX, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@pencraft/rules';
import type { NotificationsConfig } from '../config.js';
import {
  checkEndpointUrl,
  systemResolver,
  TargetRefusedError,
  type Resolver,
  type TargetPolicy,
} from './target-guard.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';
import { WebhookRepository } from './webhook.repository.js';
import { newWebhookSecret } from './webhook-signing.js';
import { type WebhookDeliveryRow, type WebhookDeliveryStatus, type WebhookEndpointRow } from './webhook.tables.js';

const DELIVERIES_DEFAULT = 50;
const DELIVERIES_MAX = 100;
const STAFF_DELIVERIES_DEFAULT = 20;
/** A Keycloak client id as the gateway passes it (the token's azp). */
const CLIENT_ID = /^[A-Za-z0-9._:-]{1,255}$/;

const invalid = (field: string) => new AppError('InvalidModel', { details: [{ field, code: 'InvalidModel' }] });

export function toEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    clientId: row.clientId,
    url: row.url,
    eventTypes: row.eventTypes,
    enabled: row.enabled,
    createdAtMs: row.createdAt.getTime(),
    updatedAtMs: row.updatedAt.getTime(),
  };
}

export function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    eventType: webhookEventTypes.toProto(row.eventType as WebhookEventType),
    status: webhookDeliveryStatuses.toProto(row.status),
    attempts: row.attempts,
    nextAttemptAtMs: row.nextAttemptAt?.getTime() ?? 0,
    lastResponseStatus: row.lastResponseStatus ?? 0,
    lastResponseBody: row.lastResponseBody ?? '',
    lastError: row.lastError ?? '',
    createdAtMs: row.createdAt.getTime(),
    updatedAtMs: row.updatedAt.getTime(),
    payloadJson: row.payload,
  };
}

/** The event types asked for: known, each once, in vocabulary order; at least one. */
export function eventTypesOf(requested: readonly string[]): WebhookEventType[] {
  if (requested.length === 0 || requested.some((type) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(type))) {
    throw invalid('eventTypes');
  }
  return WEBHOOK_EVENT_TYPES.filter((type) => requested.includes(type));
}

/**
 * A partner client's webhook endpoints and their delivery log (notifications.v1.WebhookService). Every partner call
 * names the owning client; another client's endpoint or delivery is NotFound, the same as one that does not exist.
 */
@Injectable()
export class WebhookService {
  private readonly policy: TargetPolicy;
  /** The resolver of the subscription check (a spec puts its own). */
  resolve: Resolver = systemResolver;

  constructor(
    private readonly repository: WebhookRepository,
    private readonly secrets: SecretBox,
    private readonly dispatcher: WebhookDispatcher,
    private readonly clock: Clock,
    @Inject(CONFIG) config: NotificationsConfig,
  ) {
    this.policy = { allowPrivate: config.WEBHOOK_ALLOW_PRIVATE, allowedTargets: config.WEBHOOK_ALLOWED_TARGETS };
  }

  private client(clientId: string): string {
    if (!CLIENT_ID.test(clientId ?? '')) throw new AppError('Forbidden');
    return clientId;
  }

  /** The URL as it will be called, or InvalidModel (field url) when it may not be one. */
  private async url(raw: string): Promise<string> {
    try {
      return (await checkEndpointUrl((raw ?? '').trim(), this.policy, this.resolve)).toString();
    } catch (error) {
      if (error instanceof TargetRefusedError) throw invalid('url');
      throw error;
    }
  }

  private async endpointOf(tx: Queryable, clientId: string, id: string): Promise<WebhookEndpointRow> {
    const row = isUuid(id) ? await this.repository.findEndpoint(tx, clientId, id) : undefined;
    if (!row) throw new AppError('NotFound');
    return row;
  }

  async create(clientId: string, rawUrl: string, eventTypes: readonly string[]) {
    const owner = this.client(clientId);
    const types = eventTypesOf(eventTypes);
    const url = await this.url(rawUrl);
    const secret = newWebhookSecret();
    const row = await this.repository.run(async (tx) => {
      await this.repository.lockClient(tx, owner);
      if ((await this.repository.countEndpoints(tx, owner)) >= WEBHOOK_ENDPOINTS_PER_CLIENT_MAX) {
        throw new AppError('OperationFailed');
      }
      return this.repository.insertEndpoint(tx, {
        clientId: owner,
        url,
        eventTypes: types,
        secretSealed: this.secrets.seal(secret),
        at: this.clock.now(),
      });
    });
    return { endpoint: toEndpoint(row), secret };
  }

  async list(clientId: string) {
    const rows = await this.repository.listEndpoints(this.repository.reader(), this.client(clientId));
    return { endpoints: rows.map(toEndpoint) };
  }

  async get(clientId: string, id: string) {
    return { endpoint: toEndpoint(await this.endpointOf(this.repository.reader(), this.client(clientId), id)) };
  }

  async update(
    clientId: string,
    id: string,
    changes: { url?: string; eventTypes?: readonly string[]; enabled?: boolean },
  ) {
    const owner = this.client(clientId);
    await this.endpointOf(this.repository.reader(), owner, id);
    const url = changes.url !== undefined ? await this.url(changes.url) : undefined;
    const eventTypes = changes.eventTypes !== undefined ? eventTypesOf(changes.eventTypes) : undefined;
    const row = await this.repository.updateEndpoint(this.repository.reader(), owner, id, {
      url,
      eventTypes,
      enabled: changes.enabled,
      at: this.clock.now(),
    });
    if (!row) throw new AppError('NotFound');
    return { endpoint: toEndpoint(row) };
  }

  async delete(clientId: string, id: string) {
    const owner = this.client(clientId);
    if (!isUuid(id) || !(await this.repository.deleteEndpoint(this.repository.reader(), owner, id))) {
      throw new AppError('NotFound');
    }
    return {};
  }

  /** `status` UNSPECIFIED (0) for every status. */
  async deliveries(clientId: string, endpointId: string, status: WebhookDeliveryStatusProto, limit: number) {
    const owner = this.client(clientId);
    await this.endpointOf(this.repository.reader(), owner, endpointId);
    const only: WebhookDeliveryStatus | undefined = status
      ? webhookDeliveryStatuses.require(status, 'status')
      : undefined;
    const rows = await this.repository.listDeliveries(
      this.repository.reader(),
      endpointId,
      only,
      Math.min(Math.max(limit || DELIVERIES_DEFAULT, 1), DELIVERIES_MAX),
    );
    return { deliveries: rows.map(toDelivery) };
  }

  async redeliver(clientId: string, endpointId: string, deliveryId: string) {
    const owner = this.client(clientId);
    if (!isUuid(endpointId) || !isUuid(deliveryId)) throw new AppError('NotFound');
    const row = await this.repository.run(async (tx) => {
      const found = await this.repository.findDeliveryOfClient(tx, owner, endpointId, deliveryId);
      if (!found) throw new AppError('NotFound');
      return this.repository.redeliver(tx, deliveryId, this.clock.now());
    });
    if (!row) throw new AppError('NotFound');
    this.dispatcher.poke();
    return { delivery: toDelivery(row) };
  }

  /** Staff: a client's endpoints, each with its recent deliveries, dead ones first. */
  async staffList(clientId: string, perEndpoint: number): Promise<{ endpoints: EndpointWithDeliveries[] }> {
    const owner = this.client(clientId);
    const limit = Math.min(Math.max(perEndpoint || STAFF_DELIVERIES_DEFAULT, 1), DELIVERIES_MAX);
    // One snapshot: a revoked client's endpoints are paused just before its delivery is marked dead, and a listing
    // must not show the delivery dead beside its endpoint still enabled.
    return this.repository.snapshot(async (tx) => {
      const rows = await this.repository.listEndpoints(tx, owner);
      const endpoints: EndpointWithDeliveries[] = [];
      for (const row of rows) {
        const deliveries = await this.repository.listDeliveriesDeadFirst(tx, row.id, limit);
        endpoints.push({ endpoint: toEndpoint(row), deliveries: deliveries.map(toDelivery) });
      }
      return { endpoints };
    });
  }

  /** Staff: redelivers any delivery. */
  async staffRedeliver(deliveryId: string) {
    if (!isUuid(deliveryId)) throw new AppError('NotFound');
    const row = await this.repository.redeliver(this.repository.reader(), deliveryId, this.clock.now());
    if (!row) throw new AppError('NotFound');
    this.dispatcher.poke();
    return { delivery: toDelivery(row) };
  }
}
