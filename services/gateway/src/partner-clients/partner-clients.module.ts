import { Module } from '@nestjs/common';
import { PartnerClientsController } from './partner-clients.controller.js';
import { PartnerClientsService } from './partner-clients.service.js';
import { partnerClientsUpstream } from './partner-clients.upstream.js';

/**
 * Partner clients (issue #18): the staff console's routes under /api/staff/partners (Keycloak role admin) over
 * identity's PartnerService, which keeps the registry and calls Keycloak's admin API.
 */
@Module({
  controllers: [PartnerClientsController],
  providers: [partnerClientsUpstream.provider, PartnerClientsService],
})
export class PartnerClientsModule {}
