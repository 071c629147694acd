import { ModerationServiceClient, ModerationServiceService } from '@pencraft/contracts/moderation/v1/moderation';
import type { PromiseClient } from '@pencraft/kit';
import { defineUpstream } from '../upstreams/upstream.js';

/** moderation.v1.ModerationService: the review queue, reports, bans and the audit log. */
export const moderationUpstream = defineUpstream('moderation', ModerationServiceClient, ModerationServiceService);
export const MODERATION = moderationUpstream.token;
export type ModerationClient = PromiseClient<ModerationServiceClient>;
