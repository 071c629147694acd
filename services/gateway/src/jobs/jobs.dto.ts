import { protoEnum } from '@pencraft/contracts/enums';
import { EmploymentType, JobStatus, type Job, type JobInput } from '@pencraft/contracts/publications/v1/jobs';
import {
  JOB_CURSOR_PATTERN,
  checkJobApply,
  EMPLOYMENT_TYPES,
  JOB_APPLY_MAX,
  JOB_CATEGORIES,
  JOB_DESCRIPTION_MAX,
  JOB_DESCRIPTION_MIN,
  JOB_LOCATION_MAX,
  JOB_QUERY_MAX,
  JOB_SALARY_MAX_QEPIK,
  JOB_STATUSES,
  JOB_TITLE_MAX,
  JOB_TITLE_MIN,
  JOBS_PAGE_SIZE,
  jobApplyHref,
  UUID_PATTERN,
} from '@pencraft/rules';
import { z } from 'zod';
import { JS_SPACE } from '../docs/patterns.js';
import { publicationDomain } from '../accounts/accounts.dto.js';
import { text } from '../http/text.js';

export const employmentTypes = protoEnum<EmploymentType, (typeof EMPLOYMENT_TYPES)[number]>(
  'EmploymentType',
  EmploymentType,
  EMPLOYMENT_TYPES,
);
export const jobStatuses = protoEnum<JobStatus, (typeof JOB_STATUSES)[number]>('JobStatus', JobStatus, JOB_STATUSES);

const JobId = z.string().regex(UUID_PATTERN).meta({ description: 'The job id (NotFound for an unknown one)' });
const PublicationId = z.string().regex(UUID_PATTERN).meta({ description: 'The publication id' });
const Cursor = z
  .string()
  .regex(new RegExp(JOB_CURSOR_PATTERN))
  .optional()
  .meta({ description: 'The nextCursor of the page before; absent for the first page (InvalidPage for another)' });
const Qepik = z
  .number()
  .int()
  .min(1)
  .max(JOB_SALARY_MAX_QEPIK)
  .meta({ description: 'Monthly, integer qəpik (100 qəpik = 1 AZN); never a fraction: format it, do not compute' });

export const JobParams = z.object({ id: JobId });
export const StudioJobsParams = z.object({ id: PublicationId });
export const StudioJobParams = z.object({ id: PublicationId, jobId: JobId });

export const JobsQuery = z.object({
  category: z.enum(JOB_CATEGORIES).optional().meta({ description: 'Only jobs of this kind of work' }),
  type: z.enum(EMPLOYMENT_TYPES).optional().meta({ description: 'Only jobs of this employment type' }),
  remote: z
    .enum(['true', 'false'])
    .optional()
    .meta({ description: 'true: only jobs that may be done remotely; false: only on-site; absent: both' }),
  publication: PublicationId.optional().meta({ description: "Only this publication's jobs" }),
  q: text({ max: JOB_QUERY_MAX })
    .optional()
    .meta({ description: 'Words each found in the title, description or location (case-insensitive)' }),
  cursor: Cursor,
});

export const StudioJobsQuery = z.object({ cursor: Cursor });

/** An e-mail address's domain as EMAIL_PATTERN (packages/rules) reads it: labels of letters, digits and hyphens, a dot. */
const EMAIL_DOMAIN =
  '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+';
export const JobBody = z
  .object({
    title: text({ min: 1, max: JOB_TITLE_MAX }).meta({
      description: `${JOB_TITLE_MIN} to ${JOB_TITLE_MAX} characters, one line; markup is removed (InvalidTitle)`,
    }),
    description: text({ min: 1, max: JOB_DESCRIPTION_MAX }).meta({
      description:
        `${JOB_DESCRIPTION_MIN} to ${JOB_DESCRIPTION_MAX} characters of plain text; line breaks kept, markup ` +
        'removed (InvalidDescription)',
    }),
    location: text({ max: JOB_LOCATION_MAX }).optional().default('').meta({ description: 'Where; may be empty' }),
    remote: z.boolean().optional().default(false).meta({ description: 'Whether the work may be done remotely' }),
    employmentType: z.enum(EMPLOYMENT_TYPES),
    category: z.enum(JOB_CATEGORIES),
    salaryMinQepik: Qepik.nullable().optional(),
    salaryMaxQepik: Qepik.nullable().optional().meta({ description: 'Not below salaryMinQepik when both are given' }),
    apply: z
      .string()
      .max(JOB_APPLY_MAX)
      .refine((value) => checkJobApply(value).apply !== undefined, 'an http(s) address or an e-mail address')
      .meta({
        // What checkJobApply (packages/rules) accepts, as far as a pattern says it: an e-mail address or an http(s)
        // address (the URL parser has the last word), mailto: before either, white space around it trimmed.
        minLength: 1,
        pattern:
          `^[${JS_SPACE}]*(?:[mM][aA][iI][lL][tT][oO]:)*(?:[^${JS_SPACE}@:<>()\\[\\]\\\\,;"]+@${EMAIL_DOMAIN}|` +
          `[hH][tT][tT][pP][sS]?:[^${JS_SPACE}]+)[${JS_SPACE}]*$`,
        description:
          'Where applications go: an http:// or https:// address or an e-mail address (mailto: optional); any ' +
          'other scheme is refused (NullOrEmpty when blank)',
      }),
  })
  .meta({ id: 'JobBody' });

export const JobJson = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string().meta({ description: 'Plain text; show its line breaks, never as markup' }),
    location: z.string().nullable(),
    remote: z.boolean(),
    employmentType: z.enum(EMPLOYMENT_TYPES),
    category: z.enum(JOB_CATEGORIES),
    salary: z
      .object({ minQepik: Qepik.nullable(), maxQepik: Qepik.nullable(), currency: z.literal('AZN') })
      .nullable()
      .meta({ description: 'Monthly; null when the job states none (either bound may be null)' }),
    apply: z
      .object({
        kind: z.enum(['url', 'email']),
        value: z.string(),
        href: z.string().meta({ description: 'The link to give the apply button (http(s) or mailto:)' }),
      })
      .meta({ description: 'Where applications go' }),
    status: z.enum(JOB_STATUSES),
    postedAt: z.iso.datetime(),
    closedAt: z.iso.datetime().nullable(),
    updatedAt: z.iso.datetime(),
    publication: z
      .object({
        id: z.string(),
        name: z.string(),
        slug: z.string(),
        domain: z.string().meta({ description: "The publication's home: its subdomain of the site" }),
      })
      .meta({ description: 'The publication that posted the job' }),
  })
  .meta({ id: 'Job' });

export const JobPage = z
  .object({
    items: z.array(JobJson).meta({ description: `Newest posted first, ${JOBS_PAGE_SIZE} a page` }),
    nextCursor: z.string().nullable().meta({ description: 'Where the next page starts; null on the last page' }),
  })
  .meta({ id: 'JobPage' });

export type JobBodyInput = z.infer<typeof JobBody>;

export function jobInput(body: JobBodyInput): JobInput {
  return {
    title: body.title,
    description: body.description,
    location: body.location,
    remote: body.remote,
    employmentType: employmentTypes.toProto(body.employmentType),
    category: body.category,
    salaryMinQepik: body.salaryMinQepik ?? undefined,
    salaryMaxQepik: body.salaryMaxQepik ?? undefined,
    apply: body.apply,
  };
}

export function jobJson(job: Job, publicOrigin: string): z.infer<typeof JobJson> {
  const apply = checkJobApply(job.apply).apply ?? { kind: 'url' as const, value: job.apply };
  const min = job.salaryMinQepik ?? null;
  const max = job.salaryMaxQepik ?? null;
  return {
    id: job.id,
    title: job.title,
    description: job.description,
    location: job.location || null,
    remote: job.remote,
    employmentType: employmentTypes.require(job.employmentType, 'employmentType'),
    category: job.category as (typeof JOB_CATEGORIES)[number],
    salary: min === null && max === null ? null : { minQepik: min, maxQepik: max, currency: 'AZN' },
    apply: { ...apply, href: jobApplyHref(apply) },
    status: jobStatuses.require(job.status, 'status'),
    postedAt: new Date(job.postedAtMs).toISOString(),
    closedAt: job.closedAtMs ? new Date(job.closedAtMs).toISOString() : null,
    updatedAt: new Date(job.updatedAtMs).toISOString(),
    publication: {
      id: job.publicationId,
      name: job.publicationName,
      slug: job.publicationSlug,
      domain: publicationDomain(job.publicationSlug, publicOrigin),
    },
  };
}

export function jobPage(answer: { jobs: Job[]; nextCursor: string }, publicOrigin: string): z.infer<typeof JobPage> {
  return { items: answer.jobs.map((job) => jobJson(job, publicOrigin)), nextCursor: answer.nextCursor || null };
}
