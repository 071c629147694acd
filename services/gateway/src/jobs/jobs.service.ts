import { Inject, Injectable } from '@nestjs/common';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { CONFIG } from '@pencraft/kit';
import type { GatewayConfig } from '../config.js';
import { JOBS, type JobsClient } from './jobs.upstream.js';
import { employmentTypes, jobInput, jobJson, jobPage, type JobBodyInput } from './jobs.dto.js';
import type { JobsQuery } from './jobs.dto.js';
import type { z } from 'zod';

/** Jobs over publications' JobsService: who may do what is decided there (owner, members, anyone). */
@Injectable()
export class JobsService {
  constructor(
    @Inject(JOBS) private readonly jobs: JobsClient,
    @Inject(CONFIG) private readonly config: GatewayConfig,
  ) {}

  private get origin(): string {
    return this.config.PUBLIC_ORIGIN;
  }

  async list(query: z.infer<typeof JobsQuery>) {
    return jobPage(
      await this.jobs.listJobs({
        category: query.category ?? '',
        employmentType: query.type ? employmentTypes.toProto(query.type) : 0,
        remote: query.remote === undefined ? undefined : query.remote === 'true',
        publicationId: query.publication ?? '',
        query: query.q ?? '',
        cursor: query.cursor ?? '',
      }),
      this.origin,
    );
  }

  async get(id: string) {
    const { job } = await this.jobs.getJob({ id });
    return jobJson(job!, this.origin);
  }

  async studio(user: UserSummary, publicationId: string, cursor: string | undefined) {
    return jobPage(
      await this.jobs.listPublicationJobs({ actorUid: user.uid, publicationId, cursor: cursor ?? '' }),
      this.origin,
    );
  }

  async create(user: UserSummary, publicationId: string, body: JobBodyInput) {
    const { job } = await this.jobs.createJob({ actorUid: user.uid, publicationId, job: jobInput(body) });
    return jobJson(job!, this.origin);
  }

  async update(user: UserSummary, publicationId: string, jobId: string, body: JobBodyInput) {
    const { job } = await this.jobs.updateJob({ actorUid: user.uid, publicationId, jobId, job: jobInput(body) });
    return jobJson(job!, this.origin);
  }

  async close(user: UserSummary, publicationId: string, jobId: string) {
    const { job } = await this.jobs.closeJob({ actorUid: user.uid, publicationId, jobId });
    return jobJson(job!, this.origin);
  }
}
