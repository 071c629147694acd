import { describe, expect, it } from '@jest/globals';
import { EmploymentType, JobStatus, type Job } from '@pencraft/contracts/publications/v1/jobs';
import { jobInput, jobJson, JobBody, JobsQuery } from './jobs.dto.js';

const ORIGIN = 'https://pencraft.az';

function job(over: Partial<Job> = {}): Job {
  return {
    id: 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f',
    publicationId: '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f',
    publicationName: 'Daily Baku',
    publicationSlug: 'daily-baku',
    title: 'Senior editor',
    description: 'Edit the daily news.',
    location: '',
    remote: true,
    employmentType: EmploymentType.EMPLOYMENT_TYPE_PART_TIME,
    category: 'editing',
    salaryMinQepik: undefined,
    salaryMaxQepik: 250_000,
    apply: 'jobs@example.az',
    status: JobStatus.JOB_STATUS_CLOSED,
    postedAtMs: Date.UTC(2026, 10, 1),
    closedAtMs: Date.UTC(2026, 10, 2),
    updatedAtMs: Date.UTC(2026, 10, 2),
    ...over,
  };
}

describe('a job as the API answers it', () => {
  it('names the type and status, the salary bounds, the apply link and the publication’s domain', () => {
    expect(jobJson(job(), ORIGIN)).toEqual({
      id: 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f',
      title: 'Senior editor',
      description: 'Edit the daily news.',
      location: null,
      remote: true,
      employmentType: 'partTime',
      category: 'editing',
      salary: { minQepik: null, maxQepik: 250_000, currency: 'AZN' },
      apply: { kind: 'email', value: 'jobs@example.az', href: 'mailto:jobs@example.az' },
      status: 'closed',
      postedAt: '2026-11-01T00:00:00.000Z',
      closedAt: '2026-11-02T00:00:00.000Z',
      updatedAt: '2026-11-02T00:00:00.000Z',
      publication: {
        id: '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f',
        name: 'Daily Baku',
        slug: 'daily-baku',
        domain: 'daily-baku.pencraft.az',
      },
    });
  });

  it('has no salary when neither bound is stated, and no closing time while open', () => {
    const open = jobJson(
      job({ salaryMaxQepik: undefined, status: JobStatus.JOB_STATUS_OPEN, closedAtMs: 0, apply: 'https://x.az/' }),
      ORIGIN,
    );
    expect(open).toMatchObject({ salary: null, closedAt: null, status: 'open', apply: { kind: 'url' } });
  });
});

describe('the job body', () => {
  const body = {
    title: 'Senior editor',
    description: 'Edit the daily news, every morning.',
    employmentType: 'fullTime',
    category: 'editing',
    apply: 'https://example.az/apply',
  };

  it('defaults the location and remote, and maps to the service’s input', () => {
    const parsed = JobBody.parse(body);
    expect(jobInput(parsed)).toEqual({
      title: 'Senior editor',
      description: 'Edit the daily news, every morning.',
      location: '',
      remote: false,
      employmentType: EmploymentType.EMPLOYMENT_TYPE_FULL_TIME,
      category: 'editing',
      salaryMinQepik: undefined,
      salaryMaxQepik: undefined,
      apply: 'https://example.az/apply',
    });
  });

  it('refuses an apply address of another scheme, a fractional or zero salary, an unknown type', () => {
    for (const bad of [
      { apply: 'javascript:alert(1)' },
      { apply: 'data:text/html,x' },
      { salaryMinQepik: 1.5 },
      { salaryMaxQepik: 0 },
      { employmentType: 'freelance' },
      { category: 'tech' },
    ]) {
      expect({ bad, ok: JobBody.safeParse({ ...body, ...bad }).success }).toEqual({ bad, ok: false });
    }
  });

  it('takes the list filters as the document states them', () => {
    expect(JobsQuery.safeParse({ remote: 'true', type: 'internship', category: 'design' }).success).toBe(true);
    expect(JobsQuery.safeParse({ remote: 'yes' }).success).toBe(false);
    expect(JobsQuery.safeParse({ publication: 'x' }).success).toBe(false);
  });
});
