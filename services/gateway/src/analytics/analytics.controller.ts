import { Controller, Req } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import type { FastifyRequest } from 'fastify';
import { CurrentUser } from '../accounts/current-user.js';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import { articleStatisticsRoute, pageViewRoute, readRoute, withdrawConsentRoute } from './analytics.routes.js';
import { AnalyticsService } from './analytics.service.js';

@Controller()
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Route(pageViewRoute)
  pageView(@Input() input: RouteInput<typeof pageViewRoute>, @Req() request: FastifyRequest) {
    return this.analytics.pageView(request, input.body);
  }

  @Route(readRoute)
  read(@Input() input: RouteInput<typeof readRoute>, @Req() request: FastifyRequest) {
    return this.analytics.read(request, input.body);
  }

  @Route(withdrawConsentRoute)
  withdraw() {
    return this.analytics.withdraw();
  }

  @Route(articleStatisticsRoute)
  statistics(@CurrentUser() user: UserSummary, @Input() input: RouteInput<typeof articleStatisticsRoute>) {
    return this.analytics.articleStatistics(user.uid, input.params.id, input.query.days);
  }
}
