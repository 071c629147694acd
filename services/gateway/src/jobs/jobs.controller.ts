import { Controller } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { CurrentUser } from '../accounts/current-user.js';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import * as routes from './jobs.routes.js';
import { JobsService } from './jobs.service.js';

/** Thin handlers: each route hands its checked input (and the signed-in user) to JobsService. */
@Controller()
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @Route(routes.listJobsRoute)
  list(@Input() { query }: RouteInput<typeof routes.listJobsRoute>) {
    return this.jobs.list(query);
  }

  @Route(routes.getJobRoute)
  get(@Input() { params }: RouteInput<typeof routes.getJobRoute>) {
    return this.jobs.get(params.id);
  }

  @Route(routes.studioJobsRoute)
  studio(@CurrentUser() user: UserSummary, @Input() { params, query }: RouteInput<typeof routes.studioJobsRoute>) {
    return this.jobs.studio(user, params.id, query.cursor);
  }

  @Route(routes.createJobRoute)
  create(@CurrentUser() user: UserSummary, @Input() { params, body }: RouteInput<typeof routes.createJobRoute>) {
    return this.jobs.create(user, params.id, body);
  }

  @Route(routes.updateJobRoute)
  update(@CurrentUser() user: UserSummary, @Input() { params, body }: RouteInput<typeof routes.updateJobRoute>) {
    return this.jobs.update(user, params.id, params.jobId, body);
  }

  @Route(routes.closeJobRoute)
  close(@CurrentUser() user: UserSummary, @Input() { params }: RouteInput<typeof routes.closeJobRoute>) {
    return this.jobs.close(user, params.id, params.jobId);
  }
}
