import { Controller } from '@nestjs/common';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import { CurrentPartner, type PartnerPrincipal } from '../partner/partner.principal.js';
import * as routes from './webhooks.routes.js';
import { WebhooksService } from './webhooks.service.js';

/** Partner webhooks (/api/v1/webhooks, scope webhooks) and the staff console's view of a client's (admin). */
@Controller()
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Route(routes.v1ListWebhooksRoute)
  list(@CurrentPartner() partner: PartnerPrincipal) {
    return this.webhooks.list(partner);
  }

  @Route(routes.v1CreateWebhookRoute)
  create(
    @CurrentPartner() partner: PartnerPrincipal,
    @Input() { body }: RouteInput<typeof routes.v1CreateWebhookRoute>,
  ) {
    return this.webhooks.create(partner, body);
  }

  @Route(routes.v1GetWebhookRoute)
  get(@CurrentPartner() partner: PartnerPrincipal, @Input() { params }: RouteInput<typeof routes.v1GetWebhookRoute>) {
    return this.webhooks.get(partner, params.id);
  }

  @Route(routes.v1UpdateWebhookRoute)
  update(
    @CurrentPartner() partner: PartnerPrincipal,
    @Input() { params, body }: RouteInput<typeof routes.v1UpdateWebhookRoute>,
  ) {
    return this.webhooks.update(partner, params.id, body);
  }

  @Route(routes.v1DeleteWebhookRoute)
  delete(
    @CurrentPartner() partner: PartnerPrincipal,
    @Input() { params }: RouteInput<typeof routes.v1DeleteWebhookRoute>,
  ) {
    return this.webhooks.delete(partner, params.id);
  }

  @Route(routes.v1ListWebhookDeliveriesRoute)
  deliveries(
    @CurrentPartner() partner: PartnerPrincipal,
    @Input() { params, query }: RouteInput<typeof routes.v1ListWebhookDeliveriesRoute>,
  ) {
    return this.webhooks.deliveries(partner, params.id, query);
  }

  @Route(routes.v1RedeliverWebhookRoute)
  redeliver(
    @CurrentPartner() partner: PartnerPrincipal,
    @Input() { params }: RouteInput<typeof routes.v1RedeliverWebhookRoute>,
  ) {
    return this.webhooks.redeliver(partner, params.id, params.deliveryId);
  }

  @Route(routes.staffPartnerWebhooksRoute)
  staffList(@Input() { params }: RouteInput<typeof routes.staffPartnerWebhooksRoute>) {
    return this.webhooks.staffList(params.id);
  }

  @Route(routes.staffRedeliverWebhookRoute)
  staffRedeliver(@Input() { params }: RouteInput<typeof routes.staffRedeliverWebhookRoute>) {
    return this.webhooks.staffRedeliver(params.id);
  }
}
