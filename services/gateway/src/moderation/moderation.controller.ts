import { Controller } from '@nestjs/common';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import { CurrentStaff, type StaffIdentity } from '../staff/current-staff.js';
import * as routes from './moderation.routes.js';
import { ModerationService } from './moderation.service.js';

/** Thin handlers: every route is staff-only (a verified Keycloak bearer token) and names the staff member acting. */
@Controller()
export class ModerationController {
  constructor(private readonly moderation: ModerationService) {}

  @Route(routes.moderationMeRoute)
  me(@CurrentStaff() staff: StaffIdentity) {
    return this.moderation.me(staff);
  }

  @Route(routes.listQueueRoute)
  queue(@Input() input: RouteInput<typeof routes.listQueueRoute>) {
    return this.moderation.queue(input.query);
  }

  @Route(routes.getItemRoute)
  item(@Input() input: RouteInput<typeof routes.getItemRoute>) {
    return this.moderation.item(input.params.id);
  }

  @Route(routes.decideItemRoute)
  decide(@CurrentStaff() staff: StaffIdentity, @Input() input: RouteInput<typeof routes.decideItemRoute>) {
    return this.moderation.decide(staff, input.params.id, input.body.decision, input.body.note);
  }

  @Route(routes.listReportsRoute)
  reports(@Input() input: RouteInput<typeof routes.listReportsRoute>) {
    return this.moderation.reports(input.query);
  }

  @Route(routes.resolveReportRoute)
  resolveReport(@CurrentStaff() staff: StaffIdentity, @Input() input: RouteInput<typeof routes.resolveReportRoute>) {
    return this.moderation.resolveReport(staff, input.params.id, input.body);
  }

  @Route(routes.listBansRoute)
  bans(@Input() input: RouteInput<typeof routes.listBansRoute>) {
    return this.moderation.bans(input.query);
  }

  @Route(routes.issueBanRoute)
  issueBan(@CurrentStaff() staff: StaffIdentity, @Input() input: RouteInput<typeof routes.issueBanRoute>) {
    return this.moderation.issueBan(staff, input.body);
  }

  @Route(routes.liftBanRoute)
  liftBan(@CurrentStaff() staff: StaffIdentity, @Input() input: RouteInput<typeof routes.liftBanRoute>) {
    return this.moderation.liftBan(staff, input.params.id, input.body.note);
  }

  @Route(routes.listAuditRoute)
  audit(@Input() input: RouteInput<typeof routes.listAuditRoute>) {
    return this.moderation.audit(input.query);
  }
}
