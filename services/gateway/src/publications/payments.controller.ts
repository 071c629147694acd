import { Controller, Req } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import type { FastifyRequest } from 'fastify';
import { CurrentUser } from '../accounts/current-user.js';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import { STRIPE_SIGNATURE_HEADER } from './payments.dto.js';
import * as routes from './payments.routes.js';
import { PaymentsService } from './payments.service.js';

@Controller()
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Route(routes.connectMerchantRoute)
  connect(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.connectMerchantRoute>) {
    return this.payments.connectMerchant(user, params.id);
  }

  @Route(routes.checkoutRoute)
  checkout(@CurrentUser() user: UserSummary, @Input() { params, body }: RouteInput<typeof routes.checkoutRoute>) {
    return this.payments.checkout(user, params.id, body.planId);
  }

  /** The body's exact bytes (json-body.ts keeps them for this route only) and the signature over them. */
  @Route(routes.stripeWebhookRoute)
  stripe(@Req() request: FastifyRequest) {
    return this.payments.webhook(request.body, request.headers[STRIPE_SIGNATURE_HEADER]);
  }
}
