import { beforeEach, describe, expect, it } from '@jest/globals';
import { EmploymentType, JobStatus, type JobInput } from '@pencraft/contracts/publications/v1/jobs';
import { AppError } from '@pencraft/errors';
import type { Clock } from '@pencraft/kit';
import { JOBS_PAGE_SIZE } from '@pencraft/rules';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { MemberRepository } from '../members/member.repository.js';
import type { PublicationRepository } from '../publications/publication.repository.js';
import type { PublicationRow } from '../publications/publication.table.js';
import type { JobRepository, JobView } from './job.repository.js';
import { decodeJobCursor, encodeJobCursor, JobService } from './job.service.js';

const NOW = new Date('2026-11-28T06:00:00Z');
const OWNER = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const MEMBER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const OUTSIDER = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const PUB = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const OTHER_PUB = '7a2d3b5f-9e4c-4d6b-8f80-1b2c3d4e5f60';
const JOB = 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f';

function publication(over: Partial<PublicationRow> = {}): PublicationRow {
  return {
    id: PUB,
    ownerUid: OWNER,
    name: 'Daily Baku',
    nameKey: 'daily baku',
    slug: 'daily-baku',
    description: '',
    logoKey: null,
    coverKey: null,
    nameChangedAt: null,
    slugChangedAt: null,
    createdAt: NOW,
    updatedAt: NOW,
    ...over,
  };
}

function job(over: Partial<JobView> = {}): JobView {
  return {
    id: JOB,
    publicationId: PUB,
    publicationName: 'Daily Baku',
    publicationSlug: 'daily-baku',
    title: 'Senior editor',
    description: 'Edit the daily news, every morning.',
    location: 'Bakı',
    remote: false,
    employmentType: 'fullTime',
    category: 'editing',
    salaryMinQepik: 150_000,
    salaryMaxQepik: 250_000,
    apply: 'https://example.az/apply',
    status: 'open',
    postedAt: NOW,
    closedAt: null,
    updatedAt: NOW,
    ...over,
  };
}

function input(over: Partial<JobInput> = {}): JobInput {
  return {
    title: '  Senior <b>editor</b> ',
    description: 'Edit the daily news, every morning.',
    location: ' Bakı ',
    remote: false,
    employmentType: EmploymentType.EMPLOYMENT_TYPE_FULL_TIME,
    category: 'editing',
    salaryMinQepik: 150_000,
    salaryMaxQepik: 250_000,
    apply: 'https://Example.az/apply',
    ...over,
  };
}

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected an AppError');
}

async function fieldOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return [error.code, error.details?.[0]?.field];
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('JobService', () => {
  let publications: StrictMock<PublicationRepository>;
  let members: StrictMock<MemberRepository>;
  let jobs: StrictMock<JobRepository>;
  let clock: StrictMock<Clock>;
  let transactions: ReturnType<typeof fakeTransactions>;
  let service: JobService;

  beforeEach(() => {
    publications = strictMock<PublicationRepository>('PublicationRepository');
    members = strictMock<MemberRepository>('MemberRepository');
    jobs = strictMock<JobRepository>('JobRepository');
    clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    transactions = fakeTransactions();
    service = new JobService(transactions, publications, members, jobs, clock);
  });

  function actingAs(role: 'owner' | 'member' | undefined, found = publication()) {
    publications.find.mockResolvedValue(found);
    members.roleOf.mockResolvedValue(role);
  }

  describe('create', () => {
    it('writes the checked, normalized job as open, posted now, for the owner', async () => {
      actingAs('owner');
      jobs.insert.mockResolvedValue(undefined);
      jobs.find.mockResolvedValue(job());

      const created = await service.create({ actorUid: OWNER, publicationId: PUB, job: input() });

      expect(members.roleOf).toHaveBeenCalledWith(TX, PUB, OWNER);
      const [, row] = jobs.insert.mock.calls[0]!;
      expect(row).toEqual({
        id: expect.any(String),
        publicationId: PUB,
        title: 'Senior editor',
        description: 'Edit the daily news, every morning.',
        location: 'Bakı',
        remote: false,
        employmentType: 'fullTime',
        category: 'editing',
        salaryMinQepik: 150_000,
        salaryMaxQepik: 250_000,
        apply: 'https://example.az/apply',
        status: 'open',
        postedAt: NOW,
        closedAt: null,
        updatedAt: NOW,
      });
      expect(created).toMatchObject({
        id: JOB,
        status: JobStatus.JOB_STATUS_OPEN,
        employmentType: EmploymentType.EMPLOYMENT_TYPE_FULL_TIME,
        salaryMinQepik: 150_000,
        postedAtMs: NOW.getTime(),
        closedAtMs: 0,
        publicationSlug: 'daily-baku',
      });
      expect(transactions.committed).toBe(1);
    });

    it('stores no salary when none is stated', async () => {
      actingAs('owner');
      jobs.insert.mockResolvedValue(undefined);
      jobs.find.mockResolvedValue(job({ salaryMinQepik: null, salaryMaxQepik: null }));
      const created = await service.create({
        actorUid: OWNER,
        publicationId: PUB,
        job: input({ salaryMinQepik: undefined, salaryMaxQepik: undefined, apply: 'jobs@example.az' }),
      });
      expect(jobs.insert.mock.calls[0]![1]).toMatchObject({
        salaryMinQepik: null,
        salaryMaxQepik: null,
        apply: 'jobs@example.az',
      });
      expect(created.salaryMinQepik).toBeUndefined();
    });

    it.each([
      [{ title: 'ab' }, 'InvalidTitle', 'title'],
      [{ title: '<b></b>' }, 'InvalidTitle', 'title'],
      [{ description: 'too short' }, 'InvalidDescription', 'description'],
      [{ location: 'x'.repeat(101) }, 'InvalidModel', 'location'],
      [{ employmentType: EmploymentType.EMPLOYMENT_TYPE_UNSPECIFIED }, 'InvalidModel', 'employmentType'],
      [{ employmentType: 99 as EmploymentType }, 'InvalidModel', 'employmentType'],
      [{ category: 'tech' }, 'InvalidModel', 'category'],
      [{ salaryMinQepik: 300_000, salaryMaxQepik: 100_000 }, 'InvalidModel', 'salary'],
      [{ salaryMinQepik: 0 }, 'InvalidModel', 'salary'],
      [{ apply: 'javascript:alert(1)' }, 'InvalidModel', 'apply'],
      [{ apply: 'ftp://example.az/' }, 'InvalidModel', 'apply'],
      [{ apply: '' }, 'InvalidModel', 'apply'],
    ] as [Partial<JobInput>, string, string][])(
      'refuses %j with %s before touching the database',
      async (over, code, field) => {
        expect(await fieldOf(service.create({ actorUid: OWNER, publicationId: PUB, job: input(over) }))).toEqual([
          code,
          field,
        ]);
      },
    );

    it('refuses a member (owner only), an outsider and an unknown publication', async () => {
      actingAs('member');
      expect(await codeOf(service.create({ actorUid: MEMBER, publicationId: PUB, job: input() }))).toBe(
        'ActorNotPublicationOwner',
      );
      actingAs(undefined);
      expect(await codeOf(service.create({ actorUid: OUTSIDER, publicationId: PUB, job: input() }))).toBe(
        'ActorNotPublicationMember',
      );
      publications.find.mockResolvedValue(undefined);
      expect(await codeOf(service.create({ actorUid: OWNER, publicationId: PUB, job: input() }))).toBe(
        'PublicationNotFound',
      );
      expect(await codeOf(service.create({ actorUid: 'nobody', publicationId: PUB, job: input() }))).toBe(
        'Unauthorized',
      );
      expect(jobs.insert).not.toHaveBeenCalled();
    });
  });

  describe('update and close', () => {
    it('replaces the fields of the publication’s own job', async () => {
      actingAs('owner');
      jobs.find.mockResolvedValueOnce(job()).mockResolvedValueOnce(job({ title: 'Chief editor' }));
      jobs.update.mockResolvedValue(undefined);
      const updated = await service.update({
        actorUid: OWNER,
        publicationId: PUB,
        jobId: JOB,
        job: input({ title: 'Chief editor' }),
      });
      expect(jobs.find).toHaveBeenCalledWith(TX, JOB, true);
      expect(jobs.update).toHaveBeenCalledWith(
        TX,
        JOB,
        expect.objectContaining({ title: 'Chief editor', updatedAt: NOW }),
      );
      expect(updated.title).toBe('Chief editor');
    });

    it('answers NotFound for another publication’s job, even to its own owner (no change)', async () => {
      actingAs('owner');
      jobs.find.mockResolvedValue(job({ publicationId: OTHER_PUB }));
      expect(await codeOf(service.close({ actorUid: OWNER, publicationId: PUB, jobId: JOB }))).toBe('NotFound');
      expect(await codeOf(service.update({ actorUid: OWNER, publicationId: PUB, jobId: JOB, job: input() }))).toBe(
        'NotFound',
      );
      jobs.find.mockResolvedValue(undefined);
      expect(await codeOf(service.close({ actorUid: OWNER, publicationId: PUB, jobId: JOB }))).toBe('NotFound');
      expect(await codeOf(service.close({ actorUid: OWNER, publicationId: PUB, jobId: 'x' }))).toBe('NotFound');
      expect(jobs.update).not.toHaveBeenCalled();
    });

    it('lets nobody but the owner close one', async () => {
      actingAs('member');
      expect(await codeOf(service.close({ actorUid: MEMBER, publicationId: PUB, jobId: JOB }))).toBe(
        'ActorNotPublicationOwner',
      );
      actingAs(undefined);
      expect(await codeOf(service.close({ actorUid: OUTSIDER, publicationId: PUB, jobId: JOB }))).toBe(
        'ActorNotPublicationMember',
      );
      expect(jobs.update).not.toHaveBeenCalled();
    });

    it('closes an open job now, and leaves a closed one as it is', async () => {
      actingAs('owner');
      jobs.find.mockResolvedValueOnce(job()).mockResolvedValueOnce(job({ status: 'closed', closedAt: NOW }));
      jobs.update.mockResolvedValue(undefined);
      const closed = await service.close({ actorUid: OWNER, publicationId: PUB, jobId: JOB });
      expect(jobs.update).toHaveBeenCalledWith(TX, JOB, { status: 'closed', closedAt: NOW, updatedAt: NOW });
      expect(closed).toMatchObject({ status: JobStatus.JOB_STATUS_CLOSED, closedAtMs: NOW.getTime() });

      jobs.update.mockClear();
      jobs.find.mockResolvedValue(job({ status: 'closed', closedAt: new Date(0) }));
      await service.close({ actorUid: OWNER, publicationId: PUB, jobId: JOB });
      expect(jobs.update).not.toHaveBeenCalled();
    });
  });

  describe('reading', () => {
    it('finds a job by id, closed ones too, and answers NotFound for an unknown or malformed id', async () => {
      jobs.find.mockResolvedValue(job({ status: 'closed', closedAt: NOW }));
      expect((await service.get({ id: JOB })).job?.status).toBe(JobStatus.JOB_STATUS_CLOSED);
      jobs.find.mockResolvedValue(undefined);
      expect(await codeOf(service.get({ id: JOB }))).toBe('NotFound');
      expect(await codeOf(service.get({ id: 'nope' }))).toBe('NotFound');
    });

    it('lists open jobs with the filters normalized, a page and a cursor when there is more', async () => {
      const rows = Array.from({ length: JOBS_PAGE_SIZE + 1 }, (_, i) =>
        job({ id: `c3d4e5f6-a7b8-4c9d-8e0f-${String(i).padStart(12, '0')}`, postedAt: new Date(NOW.getTime() - i) }),
      );
      jobs.openPage.mockResolvedValue(rows);
      const page = await service.list({
        category: 'editing',
        employmentType: EmploymentType.EMPLOYMENT_TYPE_CONTRACT,
        remote: true,
        publicationId: PUB,
        query: '  senior   100%_ ',
        cursor: '',
      });
      expect(jobs.openPage).toHaveBeenCalledWith(
        {
          category: 'editing',
          employmentType: 'contract',
          remote: true,
          publicationId: PUB,
          words: ['senior', '100%_'],
        },
        undefined,
        JOBS_PAGE_SIZE + 1,
      );
      expect(page.jobs).toHaveLength(JOBS_PAGE_SIZE);
      expect(decodeJobCursor(page.nextCursor)).toEqual({
        postedAt: rows[JOBS_PAGE_SIZE - 1]!.postedAt,
        id: rows[JOBS_PAGE_SIZE - 1]!.id,
      });
    });

    it('applies no filter that is not given, and ends without a cursor', async () => {
      jobs.openPage.mockResolvedValue([job()]);
      const cursor = encodeJobCursor(job());
      const page = await service.list({ category: '', employmentType: 0, publicationId: '', query: '', cursor });
      expect(jobs.openPage).toHaveBeenCalledWith({}, { postedAt: NOW, id: JOB }, JOBS_PAGE_SIZE + 1);
      expect(page.nextCursor).toBe('');
    });

    it('refuses a bad filter or a cursor it did not write', async () => {
      const base = { category: '', employmentType: 0, publicationId: '', query: '', cursor: '' };
      expect(await codeOf(service.list({ ...base, category: 'tech' }))).toBe('InvalidModel');
      expect(await codeOf(service.list({ ...base, employmentType: 42 as EmploymentType }))).toBe('InvalidModel');
      expect(await codeOf(service.list({ ...base, publicationId: 'x' }))).toBe('InvalidIdentifier');
      expect(await codeOf(service.list({ ...base, query: 'a'.repeat(101) }))).toBe('InvalidModel');
      expect(await codeOf(service.list({ ...base, cursor: 'garbage' }))).toBe('InvalidPage');
      expect(jobs.openPage).not.toHaveBeenCalled();
    });

    it('shows the studio list to members and refuses outsiders', async () => {
      actingAs('member');
      jobs.publicationPage.mockResolvedValue([job({ status: 'closed', closedAt: NOW })]);
      const page = await service.listOfPublication({ actorUid: MEMBER, publicationId: PUB, cursor: '' });
      expect(page.jobs[0]?.status).toBe(JobStatus.JOB_STATUS_CLOSED);
      expect(jobs.publicationPage).toHaveBeenCalledWith(PUB, undefined, JOBS_PAGE_SIZE + 1);
      actingAs(undefined);
      expect(await codeOf(service.listOfPublication({ actorUid: OUTSIDER, publicationId: PUB, cursor: '' }))).toBe(
        'ActorNotPublicationMember',
      );
    });
  });
});
