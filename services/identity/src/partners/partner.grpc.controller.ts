import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type * as pb from '@pencraft/contracts/identity/v1/partners';
import { PartnerService } from './partner.service.js';

const SERVICE = 'PartnerService';

/**
 * identity.v1.PartnerService: partner clients, managed by an admin through the gateway's staff routes, and the
 * gateway's lookup of a bearer token's client (ResolvePartnerClient).
 */
@Controller()
export class PartnerGrpcController {
  constructor(private readonly partners: PartnerService) {}

  @GrpcMethod(SERVICE, 'createPartnerClient')
  createPartnerClient(request: pb.CreatePartnerClientRequest): Promise<pb.CreatePartnerClientResponse> {
    return this.partners.create(request);
  }

  @GrpcMethod(SERVICE, 'listPartnerClients')
  async listPartnerClients(): Promise<pb.ListPartnerClientsResponse> {
    return { clients: await this.partners.list() };
  }

  @GrpcMethod(SERVICE, 'getPartnerClient')
  async getPartnerClient(request: pb.GetPartnerClientRequest): Promise<pb.GetPartnerClientResponse> {
    return { client: await this.partners.get(request.id) };
  }

  @GrpcMethod(SERVICE, 'updatePartnerClient')
  async updatePartnerClient(request: pb.UpdatePartnerClientRequest): Promise<pb.UpdatePartnerClientResponse> {
    return { client: await this.partners.update(request) };
  }

  @GrpcMethod(SERVICE, 'rotatePartnerClientSecret')
  rotatePartnerClientSecret(
    request: pb.RotatePartnerClientSecretRequest,
  ): Promise<pb.RotatePartnerClientSecretResponse> {
    return this.partners.rotate(request.id, request.actor);
  }

  @GrpcMethod(SERVICE, 'revokePartnerClient')
  async revokePartnerClient(request: pb.RevokePartnerClientRequest): Promise<pb.RevokePartnerClientResponse> {
    return { client: await this.partners.revoke(request.id, request.actor) };
  }

  @GrpcMethod(SERVICE, 'resolvePartnerClient')
  resolvePartnerClient(request: pb.ResolvePartnerClientRequest): Promise<pb.ResolvePartnerClientResponse> {
    return this.partners.resolve(request.clientId);
  }
}
