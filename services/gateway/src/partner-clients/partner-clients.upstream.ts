import { PartnerServiceClient, PartnerServiceService } from '@pencraft/contracts/identity/v1/partners';
import type { PromiseClient } from '@pencraft/kit';
import { defineUpstream } from '../upstreams/upstream.js';

/** identity's PartnerService for the staff console's routes (same address as the accounts area's identity client). */
export const partnerClientsUpstream = defineUpstream('identity', PartnerServiceClient, PartnerServiceService);
export const PARTNER_CLIENTS = partnerClientsUpstream.token;
export type PartnerClientsClient = PromiseClient<PartnerServiceClient>;
