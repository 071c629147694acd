import { Controller, Inject, Req } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { CONFIG } from '@pencraft/kit';
import type { FastifyRequest } from 'fastify';
import { clientInfo } from '../accounts/accounts.service.js';
import { CurrentUser } from '../accounts/current-user.js';
import type { GatewayConfig } from '../config.js';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import * as routes from './access-tokens.routes.js';
import { AccessTokensService } from './access-tokens.service.js';

@Controller()
export class AccessTokensController {
  constructor(
    private readonly tokens: AccessTokensService,
    @Inject(CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Route(routes.listAccessTokensRoute)
  list(@CurrentUser() user: UserSummary) {
    return this.tokens.list(user);
  }

  @Route(routes.createAccessTokenRoute)
  create(
    @CurrentUser() user: UserSummary,
    @Input() { body }: RouteInput<typeof routes.createAccessTokenRoute>,
    @Req() request: FastifyRequest,
  ) {
    return this.tokens.create(user, body, clientInfo(request, this.config));
  }

  @Route(routes.revokeAccessTokenRoute)
  revoke(
    @CurrentUser() user: UserSummary,
    @Input() { params }: RouteInput<typeof routes.revokeAccessTokenRoute>,
    @Req() request: FastifyRequest,
  ) {
    return this.tokens.revoke(user, params.id, clientInfo(request, this.config));
  }
}
