import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type * as pb from '@pencraft/contracts/publications/v1/jobs';
import { JobService } from './job.service.js';

const SERVICE = 'JobsService';

/** publications.v1.JobsService: each method hands its request to JobService, which holds the rules. */
@Controller()
export class JobsGrpcController {
  constructor(private readonly jobs: JobService) {}

  @GrpcMethod(SERVICE, 'listJobs')
  listJobs(request: pb.ListJobsRequest): Promise<pb.ListJobsResponse> {
    return this.jobs.list(request);
  }

  @GrpcMethod(SERVICE, 'getJob')
  getJob(request: pb.GetJobRequest): Promise<pb.GetJobResponse> {
    return this.jobs.get(request);
  }

  @GrpcMethod(SERVICE, 'listPublicationJobs')
  listPublicationJobs(request: pb.ListPublicationJobsRequest): Promise<pb.ListPublicationJobsResponse> {
    return this.jobs.listOfPublication(request);
  }

  @GrpcMethod(SERVICE, 'createJob')
  async createJob(request: pb.CreateJobRequest): Promise<pb.CreateJobResponse> {
    return { job: await this.jobs.create(request) };
  }

  @GrpcMethod(SERVICE, 'updateJob')
  async updateJob(request: pb.UpdateJobRequest): Promise<pb.UpdateJobResponse> {
    return { job: await this.jobs.update(request) };
  }

  @GrpcMethod(SERVICE, 'closeJob')
  async closeJob(request: pb.CloseJobRequest): Promise<pb.CloseJobResponse> {
    return { job: await this.jobs.close(request) };
  }
}
