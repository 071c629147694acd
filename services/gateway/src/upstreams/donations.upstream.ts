import { DonationsServiceClient, DonationsServiceService } from '@pencraft/contracts/donations/v1/donations';
import type { PromiseClient } from '@pencraft/kit';
import { defineUpstream } from './upstream.js';

/**
 * donations.v1.DonationsService: served by the donations service (DONATIONS_GRPC_ADDR): support accounts, cards,
 * supports and their webhooks, the ledger's reports, payouts and the staff's payout queue.
 */
export const donationsUpstream = defineUpstream('donations', DonationsServiceClient, DonationsServiceService);
export const DONATIONS = donationsUpstream.token;
export type DonationsClient = PromiseClient<DonationsServiceClient>;
