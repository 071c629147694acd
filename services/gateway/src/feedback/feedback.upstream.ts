import { FeedbackServiceClient, FeedbackServiceService } from '@pencraft/contracts/identity/v1/feedback';
import type { PromiseClient } from '@pencraft/kit';
import { defineUpstream } from '../upstreams/upstream.js';

/** identity's FeedbackService (same address as the accounts area's identity client). */
export const feedbackUpstream = defineUpstream('identity', FeedbackServiceClient, FeedbackServiceService);
export const FEEDBACK = feedbackUpstream.token;
export type FeedbackClient = PromiseClient<FeedbackServiceClient>;
