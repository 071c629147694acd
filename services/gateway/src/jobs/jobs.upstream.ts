import { JobsServiceClient, JobsServiceService } from '@pencraft/contracts/publications/v1/jobs';
import type { PromiseClient } from '@pencraft/kit';
import { defineUpstream } from '../upstreams/upstream.js';

/** publications.v1.JobsService: served by the publications service, at its address. */
export const jobsUpstream = defineUpstream('publications', JobsServiceClient, JobsServiceService);
export const JOBS = jobsUpstream.token;
export type JobsClient = PromiseClient<JobsServiceClient>;
