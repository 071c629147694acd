import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type {
  CreateEndpointRequest,
  CreateEndpointResponse,
  DeleteEndpointRequest,
  DeleteEndpointResponse,
  GetEndpointRequest,
  GetEndpointResponse,
  ListDeliveriesRequest,
  ListDeliveriesResponse,
  ListEndpointsRequest,
  ListEndpointsResponse,
  RedeliverRequest,
  RedeliverResponse,
  StaffListClientWebhooksRequest,
  StaffListClientWebhooksResponse,
  StaffRedeliverRequest,
  StaffRedeliverResponse,
  UpdateEndpointRequest,
  UpdateEndpointResponse,
} from '@pencraft/contracts/notifications/v1/webhooks';
import { WebhookService } from './webhook.service.js';

/** notifications.v1.WebhookService: partner calls act for the client id the gateway read from the verified token. */
@Controller()
export class WebhooksGrpcController {
  constructor(private readonly webhooks: WebhookService) {}

  @GrpcMethod('WebhookService', 'createEndpoint')
  createEndpoint(request: CreateEndpointRequest): Promise<CreateEndpointResponse> {
    return this.webhooks.create(request.clientId, request.url, request.eventTypes);
  }

  @GrpcMethod('WebhookService', 'listEndpoints')
  listEndpoints(request: ListEndpointsRequest): Promise<ListEndpointsResponse> {
    return this.webhooks.list(request.clientId);
  }

  @GrpcMethod('WebhookService', 'getEndpoint')
  getEndpoint(request: GetEndpointRequest): Promise<GetEndpointResponse> {
    return this.webhooks.get(request.clientId, request.id);
  }

  @GrpcMethod('WebhookService', 'updateEndpoint')
  updateEndpoint(request: UpdateEndpointRequest): Promise<UpdateEndpointResponse> {
    return this.webhooks.update(request.clientId, request.id, {
      url: request.url,
      eventTypes: request.updateEventTypes ? request.eventTypes : undefined,
      enabled: request.enabled,
    });
  }

  @GrpcMethod('WebhookService', 'deleteEndpoint')
  deleteEndpoint(request: DeleteEndpointRequest): Promise<DeleteEndpointResponse> {
    return this.webhooks.delete(request.clientId, request.id);
  }

  @GrpcMethod('WebhookService', 'listDeliveries')
  listDeliveries(request: ListDeliveriesRequest): Promise<ListDeliveriesResponse> {
    return this.webhooks.deliveries(request.clientId, request.endpointId, request.status, request.limit);
  }

  @GrpcMethod('WebhookService', 'redeliver')
  redeliver(request: RedeliverRequest): Promise<RedeliverResponse> {
    return this.webhooks.redeliver(request.clientId, request.endpointId, request.deliveryId);
  }

  @GrpcMethod('WebhookService', 'staffListClientWebhooks')
  staffListClientWebhooks(request: StaffListClientWebhooksRequest): Promise<StaffListClientWebhooksResponse> {
    return this.webhooks.staffList(request.clientId, request.deliveriesPerEndpoint);
  }

  @GrpcMethod('WebhookService', 'staffRedeliver')
  staffRedeliver(request: StaffRedeliverRequest): Promise<StaffRedeliverResponse> {
    return this.webhooks.staffRedeliver(request.deliveryId);
  }
}
