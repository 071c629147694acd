import { Controller } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { CurrentUser } from '../accounts/current-user.js';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import * as routes from './income.routes.js';
import { IncomeService } from './income.service.js';

@Controller()
export class IncomeController {
  constructor(private readonly income: IncomeService) {}

  @Route(routes.studioIncomeRoute)
  list(@CurrentUser() user: UserSummary, @Input() { params, query }: RouteInput<typeof routes.studioIncomeRoute>) {
    return this.income.list(user, params.id, query.cursor);
  }
}
