import { defineRoute } from '../http/route.js';
import {
  JobBody,
  JobJson,
  JobPage,
  JobParams,
  JobsQuery,
  StudioJobParams,
  StudioJobsParams,
  StudioJobsQuery,
} from './jobs.dto.js';

const TAG = 'jobs';
const STUDIO = '/api/core-publications/:id/studio/jobs';
/** What every studio route may answer: an unknown publication, an outsider, a member asking for an owner's action. */
const STUDIO_ERRORS = ['PublicationNotFound', 'ActorNotPublicationMember', 'ActorNotPublicationOwner'] as const;
const JOB_FIELDS = { title: 'InvalidTitle', description: 'InvalidDescription', id: 'PublicationNotFound' } as const;

export const listJobsRoute = defineRoute({
  operationId: 'listJobs',
  method: 'GET',
  path: '/api/jobs',
  tag: TAG,
  summary:
    'Open jobs of every publication, newest posted first, 20 a page (keyset cursor), narrowed by the filters given',
  query: JobsQuery,
  response: JobPage,
  fieldCodes: { cursor: 'InvalidPage' },
  errors: ['InvalidPage'],
});

export const getJobRoute = defineRoute({
  operationId: 'getJob',
  method: 'GET',
  path: '/api/jobs/:id',
  tag: TAG,
  summary: 'One job with its publication; a closed job is still answered, with status closed',
  params: JobParams,
  response: JobJson,
  fieldCodes: { id: 'NotFound' },
  errors: ['NotFound'],
});

export const studioJobsRoute = defineRoute({
  operationId: 'listStudioJobs',
  method: 'GET',
  path: STUDIO,
  tag: TAG,
  summary: "The publication's jobs, open and closed, newest posted first, 20 a page (its members and the owner)",
  params: StudioJobsParams,
  query: StudioJobsQuery,
  response: JobPage,
  auth: 'required',
  fieldCodes: { id: 'PublicationNotFound', cursor: 'InvalidPage' },
  errors: [...STUDIO_ERRORS, 'InvalidPage'],
});

export const createJobRoute = defineRoute({
  operationId: 'createStudioJob',
  method: 'POST',
  path: STUDIO,
  tag: TAG,
  summary: 'The owner posts a job (open at once). Salaries in integer qəpik; the apply address http(s) or e-mail only',
  params: StudioJobsParams,
  body: JobBody,
  response: JobJson,
  status: 201,
  auth: 'confirmed',
  fieldCodes: JOB_FIELDS,
  errors: [...STUDIO_ERRORS, 'InvalidTitle', 'InvalidDescription'],
});

export const updateJobRoute = defineRoute({
  operationId: 'updateStudioJob',
  method: 'PUT',
  path: `${STUDIO}/:jobId`,
  tag: TAG,
  summary:
    "The owner replaces every field of the publication's job (open or closed); another publication's is NotFound",
  params: StudioJobParams,
  body: JobBody,
  response: JobJson,
  auth: 'confirmed',
  fieldCodes: { ...JOB_FIELDS, jobId: 'NotFound' },
  errors: [...STUDIO_ERRORS, 'InvalidTitle', 'InvalidDescription', 'NotFound'],
});

export const closeJobRoute = defineRoute({
  operationId: 'closeStudioJob',
  method: 'POST',
  path: `${STUDIO}/:jobId/close`,
  tag: TAG,
  summary:
    "The owner closes the publication's job: it leaves the list and its page says it is closed (closing a closed " +
    "job changes nothing); another publication's is NotFound",
  params: StudioJobParams,
  response: JobJson,
  auth: 'required',
  fieldCodes: { id: 'PublicationNotFound', jobId: 'NotFound' },
  errors: [...STUDIO_ERRORS, 'NotFound'],
});
