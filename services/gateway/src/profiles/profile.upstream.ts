import { ProfileServiceClient, ProfileServiceService } from '@pencraft/contracts/identity/v1/profile';
import type { PromiseClient } from '@pencraft/kit';
import { defineUpstream } from '../upstreams/upstream.js';

/** identity's ProfileService (same address as the accounts area's identity client). */
export const profileUpstream = defineUpstream('identity', ProfileServiceClient, ProfileServiceService);
export const PROFILES = profileUpstream.token;
export type ProfileClient = PromiseClient<ProfileServiceClient>;
