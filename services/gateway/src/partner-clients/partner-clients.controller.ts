import { Controller } from '@nestjs/common';
import { Input } from '../http/input.js';
import { Route, type RouteInput } from '../http/route.js';
import { CurrentStaff, type StaffIdentity } from '../staff/current-staff.js';
import * as routes from './partner-clients.routes.js';
import { PartnerClientsService } from './partner-clients.service.js';

@Controller()
export class PartnerClientsController {
  constructor(private readonly partners: PartnerClientsService) {}

  @Route(routes.listPartnerClientsRoute)
  list() {
    return this.partners.list();
  }

  @Route(routes.createPartnerClientRoute)
  create(@CurrentStaff() staff: StaffIdentity, @Input() { body }: RouteInput<typeof routes.createPartnerClientRoute>) {
    return this.partners.create(staff, body);
  }

  @Route(routes.getPartnerClientRoute)
  get(@Input() { params }: RouteInput<typeof routes.getPartnerClientRoute>) {
    return this.partners.get(params.id);
  }

  @Route(routes.updatePartnerClientRoute)
  update(
    @CurrentStaff() staff: StaffIdentity,
    @Input() { params, body }: RouteInput<typeof routes.updatePartnerClientRoute>,
  ) {
    return this.partners.update(staff, params.id, body);
  }

  @Route(routes.rotatePartnerClientSecretRoute)
  rotate(
    @CurrentStaff() staff: StaffIdentity,
    @Input() { params }: RouteInput<typeof routes.rotatePartnerClientSecretRoute>,
  ) {
    return this.partners.rotate(staff, params.id);
  }

  @Route(routes.revokePartnerClientRoute)
  revoke(
    @CurrentStaff() staff: StaffIdentity,
    @Input() { params }: RouteInput<typeof routes.revokePartnerClientRoute>,
  ) {
    return this.partners.revoke(staff, params.id);
  }
}
