import { Module } from '@nestjs/common';
import { Clock } from '@pencraft/kit';
import { KeycloakAdmin, keycloakFetchProvider } from './keycloak-admin.js';
import { PartnerClientRepository } from './partner-client.repository.js';
import { PartnerGrpcController } from './partner.grpc.controller.js';
import { PartnerService } from './partner.service.js';

/** Partner clients (issue #18): the registry and Keycloak's admin API. */
@Module({
  controllers: [PartnerGrpcController],
  providers: [PartnerService, PartnerClientRepository, KeycloakAdmin, keycloakFetchProvider, Clock],
})
export class PartnersModule {}
