import { Controller, Req } from '@nestjs/common';
import type { SessionBan, UserSummary } from '@pencraft/contracts/identity/v1/identity';
import type { FastifyRequest } from 'fastify';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import { csrfRoute, loginRoute, logoutRoute, registerRoute, userInfoRoute } from './accounts.routes.js';
import { AccountsService } from './accounts.service.js';
import { CurrentBan, CurrentUser } from './current-user.js';

@Controller()
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @Route(csrfRoute)
  csrf(@Req() request: FastifyRequest) {
    return this.accounts.csrfToken(request);
  }

  @Route(registerRoute)
  register(@Input() input: RouteInput<typeof registerRoute>, @Req() request: FastifyRequest) {
    return this.accounts.register(input, request);
  }

  @Route(loginRoute)
  login(@Input() input: RouteInput<typeof loginRoute>, @Req() request: FastifyRequest) {
    return this.accounts.login(input, request);
  }

  @Route(logoutRoute)
  logout(@Req() request: FastifyRequest) {
    return this.accounts.logout(request);
  }

  @Route(userInfoRoute)
  info(@CurrentUser() user: UserSummary, @CurrentBan() ban: SessionBan | undefined) {
    return this.accounts.info(user, ban);
  }
}
