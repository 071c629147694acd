import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { JobsController } from './jobs.controller.js';
import { JobsService } from './jobs.service.js';
import { jobsUpstream } from './jobs.upstream.js';

/** Jobs: the public list and a job's page, and the studio's posting, changing and closing (publications' JobsService). */
@Module({
  imports: [AccountsModule],
  controllers: [JobsController],
  providers: [jobsUpstream.provider, JobsService],
})
export class JobsModule {}
