import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  PartnerClientStatus,
  PartnerServiceClient,
  PartnerServiceService,
} from '@pencraft/contracts/identity/v1/partners';
import { CONFIG, createGrpcClient, type PromiseClient } from '@pencraft/kit';
import type { NotificationsConfig } from '../config.js';

/** Whether a partner client may still receive webhooks (registered and not revoked). */
export abstract class PartnerStatus {
  abstract isActive(clientId: string): Promise<boolean>;
}

/**
 * identity.v1.PartnerService.ResolvePartnerClient over gRPC (IDENTITY_GRPC_ADDR), answers kept WEBHOOK_PARTNER_CACHE_MS
 * (a minute): a revoked client stops receiving within it, as the gateway refuses its tokens.
 */
@Injectable()
export class GrpcPartnerStatus extends PartnerStatus implements OnApplicationShutdown {
  private readonly client: PromiseClient<PartnerServiceClient>;
  private readonly cache = new Map<string, { active: boolean; until: number }>();
  private readonly ttlMs: number;

  constructor(@Inject(CONFIG) config: NotificationsConfig) {
    super();
    this.ttlMs = config.WEBHOOK_PARTNER_CACHE_MS;
    this.client = createGrpcClient(PartnerServiceClient, PartnerServiceService, config.IDENTITY_GRPC_ADDR);
  }

  /** Throws when identity cannot answer (the attempt fails and is retried; nothing is sent unchecked). */
  async isActive(clientId: string): Promise<boolean> {
    const cached = this.cache.get(clientId);
    if (cached && cached.until > Date.now()) return cached.active;
    const { found, client } = await this.client.resolvePartnerClient({ clientId });
    const active = found && client?.status === PartnerClientStatus.PARTNER_CLIENT_STATUS_ACTIVE;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(clientId, { active, until: Date.now() + this.ttlMs });
    return active;
  }

  onApplicationShutdown() {
    this.client.close();
  }
}
