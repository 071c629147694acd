import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { protoEnum } from '@pencraft/contracts/enums';
import type * as pb from '@pencraft/contracts/publications/v1/jobs';
import { EmploymentType, JobStatus } from '@pencraft/contracts/publications/v1/jobs';
import { AppError, type ErrorCode } from '@pencraft/errors';
import { Clock, type Queryable, TransactionManager } from '@pencraft/kit';
import {
  JOB_CURSOR_PATTERN,
  checkJobApply,
  EMPLOYMENT_TYPES,
  isJobCategory,
  isUuid,
  JOB_STATUSES,
  JOBS_PAGE_SIZE,
  jobDescriptionProblem,
  jobLocationProblem,
  jobQueryProblem,
  jobSalaryProblem,
  jobTitleProblem,
  normalizeJobDescription,
  normalizeJobLocation,
  normalizeJobQuery,
  normalizeJobTitle,
  type EmploymentType as EmploymentTypeName,
  type JobCategory,
} from '@pencraft/rules';
import { MemberRepository } from '../members/member.repository.js';
import { actorOf, publicationFor } from '../publications/publication.access.js';
import { PublicationRepository } from '../publications/publication.repository.js';
import { type JobCursor, type JobFilters, JobRepository, type JobView } from './job.repository.js';

export const employmentTypes = protoEnum<EmploymentType, EmploymentTypeName>(
  'EmploymentType',
  EmploymentType,
  EMPLOYMENT_TYPES,
);
export const jobStatuses = protoEnum<JobStatus, (typeof JOB_STATUSES)[number]>('JobStatus', JobStatus, JOB_STATUSES);

function invalid(field: string, code: ErrorCode = 'InvalidModel'): AppError {
  return new AppError(code, { details: [{ field, code }] });
}

/** A job's fields as typed, checked and normalized by the rules (the first problem found is the answer). */
export function checkedJob(input: pb.JobInput | undefined) {
  if (!input) throw invalid('job');
  const title = normalizeJobTitle(input.title);
  if (jobTitleProblem(title)) throw invalid('title', 'InvalidTitle');
  const description = normalizeJobDescription(input.description);
  if (jobDescriptionProblem(description)) throw invalid('description', 'InvalidDescription');
  const location = normalizeJobLocation(input.location);
  if (jobLocationProblem(location)) throw invalid('location');
  const employmentType = employmentTypes.require(input.employmentType, 'employmentType');
  if (!isJobCategory(input.category)) throw invalid('category');
  const salaryMinQepik = input.salaryMinQepik ?? undefined;
  const salaryMaxQepik = input.salaryMaxQepik ?? undefined;
  if (jobSalaryProblem(salaryMinQepik, salaryMaxQepik)) throw invalid('salary');
  const { apply } = checkJobApply(input.apply);
  if (!apply) throw invalid('apply');
  return {
    title,
    description,
    location,
    remote: input.remote,
    employmentType,
    category: input.category,
    salaryMinQepik: salaryMinQepik ?? null,
    salaryMaxQepik: salaryMaxQepik ?? null,
    apply: apply.value,
  };
}

/** `<milliseconds>.<uuid>`: the gateway documents the same pattern, so every cursor it lets through is readable. */
const CURSOR = new RegExp(JOB_CURSOR_PATTERN);

export function encodeJobCursor(job: Pick<JobView, 'postedAt' | 'id'>): string {
  return `${job.postedAt.getTime()}.${job.id}`;
}

/** The cursor this service wrote (InvalidPage for anything else); undefined for the first page. */
export function decodeJobCursor(cursor: string): JobCursor | undefined {
  if (cursor === '') return undefined;
  if (!CURSOR.test(cursor)) throw new AppError('InvalidPage');
  const dot = cursor.indexOf('.');
  return { postedAt: new Date(Number(cursor.slice(0, dot))), id: cursor.slice(dot + 1) };
}

export function presentJob(job: JobView): pb.Job {
  return {
    id: job.id,
    publicationId: job.publicationId,
    publicationName: job.publicationName,
    publicationSlug: job.publicationSlug,
    title: job.title,
    description: job.description,
    location: job.location,
    remote: job.remote,
    employmentType: employmentTypes.toProto(job.employmentType),
    category: job.category,
    salaryMinQepik: job.salaryMinQepik ?? undefined,
    salaryMaxQepik: job.salaryMaxQepik ?? undefined,
    apply: job.apply,
    status: jobStatuses.toProto(job.status),
    postedAtMs: job.postedAt.getTime(),
    closedAtMs: job.closedAt?.getTime() ?? 0,
    updatedAtMs: job.updatedAt.getTime(),
  };
}

/** One page from rows fetched one beyond the page: the next cursor when there is more. */
function paged(rows: JobView[]): pb.ListJobsResponse {
  const page = rows.slice(0, JOBS_PAGE_SIZE);
  const more = rows.length > JOBS_PAGE_SIZE;
  return { jobs: page.map(presentJob), nextCursor: more ? encodeJobCursor(page.at(-1)!) : '' };
}

/**
 * A publication's jobs: posted, changed and closed by its owner (manageJobs), listed in the studio for its members
 * too (viewStudio), read by anyone. A job is only ever reached through its own publication in the studio's calls (a
 * job id of another publication is NotFound there), so an id never grants access.
 */
@Injectable()
export class JobService {
  constructor(
    private readonly transactions: TransactionManager,
    private readonly publications: PublicationRepository,
    private readonly members: MemberRepository,
    private readonly jobs: JobRepository,
    private readonly clock: Clock,
  ) {}

  private get repositories() {
    return { publications: this.publications, members: this.members };
  }

  async list(request: pb.ListJobsRequest): Promise<pb.ListJobsResponse> {
    const filters: JobFilters = {};
    if (request.category) {
      if (!isJobCategory(request.category)) throw invalid('category');
      filters.category = request.category as JobCategory;
    }
    if (request.employmentType) filters.employmentType = employmentTypes.require(request.employmentType, 'type');
    if (request.remote !== undefined) filters.remote = request.remote;
    if (request.publicationId) {
      if (!isUuid(request.publicationId)) throw invalid('publication', 'InvalidIdentifier');
      filters.publicationId = request.publicationId;
    }
    if (jobQueryProblem(request.query)) throw invalid('q');
    const query = normalizeJobQuery(request.query);
    if (query) filters.words = query.split(' ');
    const after = decodeJobCursor(request.cursor);
    return paged(await this.jobs.openPage(filters, after, JOBS_PAGE_SIZE + 1));
  }

  async get(request: pb.GetJobRequest): Promise<pb.GetJobResponse> {
    if (!isUuid(request.id)) throw new AppError('NotFound');
    const job = await this.transactions.run((tx) => this.jobs.find(tx, request.id));
    if (!job) throw new AppError('NotFound');
    return { job: presentJob(job) };
  }

  async listOfPublication(request: pb.ListPublicationJobsRequest): Promise<pb.ListPublicationJobsResponse> {
    const actor = actorOf(request.actorUid);
    const after = decodeJobCursor(request.cursor);
    await this.transactions.run((tx) =>
      publicationFor(this.repositories, tx, request.publicationId, actor, 'viewStudio'),
    );
    return paged(await this.jobs.publicationPage(request.publicationId, after, JOBS_PAGE_SIZE + 1));
  }

  async create(request: pb.CreateJobRequest): Promise<pb.Job> {
    const actor = actorOf(request.actorUid);
    const fields = checkedJob(request.job);
    const now = this.clock.now();
    return this.transactions.run(async (tx) => {
      const { publication } = await publicationFor(this.repositories, tx, request.publicationId, actor, 'manageJobs');
      const id = randomUUID();
      await this.jobs.insert(tx, {
        id,
        publicationId: publication.id,
        ...fields,
        status: 'open',
        postedAt: now,
        closedAt: null,
        updatedAt: now,
      });
      return presentJob((await this.jobs.find(tx, id))!);
    });
  }

  async update(request: pb.UpdateJobRequest): Promise<pb.Job> {
    const actor = actorOf(request.actorUid);
    const fields = checkedJob(request.job);
    const now = this.clock.now();
    return this.transactions.run(async (tx) => {
      const job = await this.ownJob(tx, request, actor);
      await this.jobs.update(tx, job.id, { ...fields, updatedAt: now });
      return presentJob((await this.jobs.find(tx, job.id))!);
    });
  }

  async close(request: pb.CloseJobRequest): Promise<pb.Job> {
    const actor = actorOf(request.actorUid);
    const now = this.clock.now();
    return this.transactions.run(async (tx) => {
      const job = await this.ownJob(tx, request, actor);
      if (job.status === 'closed') return presentJob(job);
      await this.jobs.update(tx, job.id, { status: 'closed', closedAt: now, updatedAt: now });
      return presentJob((await this.jobs.find(tx, job.id))!);
    });
  }

  /** The publication's job, locked, once the actor may manage its jobs (NotFound for another publication's). */
  private async ownJob(
    tx: Queryable,
    request: { publicationId: string; jobId: string },
    actor: string,
  ): Promise<JobView> {
    const { publication } = await publicationFor(this.repositories, tx, request.publicationId, actor, 'manageJobs');
    if (!isUuid(request.jobId)) throw new AppError('NotFound');
    const job = await this.jobs.find(tx, request.jobId, true);
    if (!job || job.publicationId !== publication.id) throw new AppError('NotFound');
    return job;
  }
}
