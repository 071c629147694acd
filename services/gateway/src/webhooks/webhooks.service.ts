import { Inject, Injectable } from '@nestjs/common';
import { webhookDeliveryStatuses } from '@pencraft/contracts/enums/webhooks';
import { AppError } from '@pencraft/errors';
import type { z } from 'zod';
import { PARTNER_CLIENTS, type PartnerClientsClient } from '../partner-clients/partner-clients.upstream.js';
import type { PartnerPrincipal } from '../partner/partner.principal.js';
import {
  toDeliveryJson,
  toWebhookJson,
  type V1UpdateWebhookBody,
  type V1WebhookBody,
  type V1WebhookDeliveriesQuery,
} from './webhooks.dto.js';
import { WEBHOOKS, type WebhooksClient } from './webhooks.upstream.js';

/**
 * Partner webhooks over notifications' WebhookService. Every partner call passes the client id of the verified
 * credential (the token's azp), so notifications answers only that client's endpoints; a credential without a client
 * (a bare personal access token) is Forbidden.
 */
@Injectable()
export class WebhooksService {
  constructor(
    @Inject(WEBHOOKS) private readonly webhooks: WebhooksClient,
    @Inject(PARTNER_CLIENTS) private readonly partners: PartnerClientsClient,
  ) {}

  private clientOf(partner: PartnerPrincipal): string {
    if (!partner.clientId) throw new AppError('Forbidden');
    return partner.clientId;
  }

  async list(partner: PartnerPrincipal) {
    const { endpoints } = await this.webhooks.listEndpoints({ clientId: this.clientOf(partner) });
    return { items: endpoints.map(toWebhookJson) };
  }

  async create(partner: PartnerPrincipal, body: z.output<typeof V1WebhookBody>) {
    const answer = await this.webhooks.createEndpoint({
      clientId: this.clientOf(partner),
      url: body.url,
      eventTypes: body.eventTypes,
    });
    return { endpoint: toWebhookJson(answer.endpoint!), secret: answer.secret };
  }

  async get(partner: PartnerPrincipal, id: string) {
    const { endpoint } = await this.webhooks.getEndpoint({ clientId: this.clientOf(partner), id });
    return toWebhookJson(endpoint!);
  }

  async update(partner: PartnerPrincipal, id: string, body: z.output<typeof V1UpdateWebhookBody>) {
    const { endpoint } = await this.webhooks.updateEndpoint({
      clientId: this.clientOf(partner),
      id,
      url: body.url,
      eventTypes: body.eventTypes ?? [],
      updateEventTypes: body.eventTypes !== undefined,
      enabled: body.enabled,
    });
    return toWebhookJson(endpoint!);
  }

  async delete(partner: PartnerPrincipal, id: string) {
    await this.webhooks.deleteEndpoint({ clientId: this.clientOf(partner), id });
  }

  async deliveries(partner: PartnerPrincipal, id: string, query: z.output<typeof V1WebhookDeliveriesQuery>) {
    const { deliveries } = await this.webhooks.listDeliveries({
      clientId: this.clientOf(partner),
      endpointId: id,
      status: query.status ? webhookDeliveryStatuses.toProto(query.status) : 0,
      limit: query.limit ?? 0,
    });
    return { items: deliveries.map(toDeliveryJson) };
  }

  async redeliver(partner: PartnerPrincipal, id: string, deliveryId: string) {
    const { delivery } = await this.webhooks.redeliver({
      clientId: this.clientOf(partner),
      endpointId: id,
      deliveryId,
    });
    return toDeliveryJson(delivery!);
  }

  /** Staff: the client by its registry id (identity), then its endpoints and recent deliveries (notifications). */
  async staffList(registryId: string) {
    const { client } = await this.partners.getPartnerClient({ id: registryId });
    const { endpoints } = await this.webhooks.staffListClientWebhooks({
      clientId: client!.clientId,
      deliveriesPerEndpoint: 20,
    });
    return {
      clientId: client!.clientId,
      items: endpoints.map((entry) => ({
        endpoint: toWebhookJson(entry.endpoint!),
        deliveries: entry.deliveries.map(toDeliveryJson),
      })),
    };
  }

  async staffRedeliver(deliveryId: string) {
    const { delivery } = await this.webhooks.staffRedeliver({ deliveryId });
    return toDeliveryJson(delivery!);
  }
}
