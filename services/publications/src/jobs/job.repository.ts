import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type DatabaseHandle, type Queryable } from '@pencraft/kit';
import type { EmploymentType, JobCategory } from '@pencraft/rules';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { publications } from '../publications/publication.table.js';
import { jobs, type JobRow } from './job.table.js';

/** Where a page of jobs continues: after this job (newest posted first). */
export interface JobCursor {
  postedAt: Date;
  id: string;
}

/** The public list's filters, checked and normalized (undefined: no filter). */
export interface JobFilters {
  category?: JobCategory;
  employmentType?: EmploymentType;
  remote?: boolean;
  publicationId?: string;
  /** Words each found in the title, description or location (case-insensitive). */
  words?: readonly string[];
}

/** A job with the name and slug of its publication (the pages link to it). */
export type JobView = JobRow & { publicationName: string; publicationSlug: string };

/** A word as a LIKE pattern matching it anywhere: its own %, _ and \ are literal. */
function containing(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

@Injectable()
export class JobRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  private select(tx: Queryable) {
    return tx
      .select({ job: jobs, publicationName: publications.name, publicationSlug: publications.slug })
      .from(jobs)
      .innerJoin(publications, eq(publications.id, jobs.publicationId));
  }

  private static view(row: { job: JobRow; publicationName: string; publicationSlug: string }): JobView {
    return { ...row.job, publicationName: row.publicationName, publicationSlug: row.publicationSlug };
  }

  async insert(tx: Queryable, row: typeof jobs.$inferInsert): Promise<void> {
    await tx.insert(jobs).values(row);
  }

  /** The job with its publication's name; `lock` first takes the job's row for a change. */
  async find(tx: Queryable, id: string, lock = false): Promise<JobView | undefined> {
    if (lock) {
      const [locked] = await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, id)).for('update');
      if (!locked) return undefined;
    }
    const [row] = await this.select(tx).where(eq(jobs.id, id));
    return row && JobRepository.view(row);
  }

  async update(tx: Queryable, id: string, patch: Partial<typeof jobs.$inferInsert>): Promise<void> {
    await tx.update(jobs).set(patch).where(eq(jobs.id, id));
  }

  /** Open jobs matching every filter, newest posted first, after the cursor. */
  async openPage(filters: JobFilters, after: JobCursor | undefined, limit: number): Promise<JobView[]> {
    const conditions: (SQL | undefined)[] = [
      eq(jobs.status, 'open'),
      filters.category ? eq(jobs.category, filters.category) : undefined,
      filters.employmentType ? eq(jobs.employmentType, filters.employmentType) : undefined,
      filters.remote === undefined ? undefined : eq(jobs.remote, filters.remote),
      filters.publicationId ? eq(jobs.publicationId, filters.publicationId) : undefined,
      ...(filters.words ?? []).map((word) => {
        const pattern = containing(word);
        return sql`(${jobs.title} ilike ${pattern} or ${jobs.description} ilike ${pattern} or ${jobs.location} ilike ${pattern})`;
      }),
      after && sql`(${jobs.postedAt}, ${jobs.id}) < (${after.postedAt}, ${after.id})`,
    ];
    const rows = await this.select(this.database.db)
      .where(and(...conditions))
      .orderBy(desc(jobs.postedAt), desc(jobs.id))
      .limit(limit);
    return rows.map((row) => JobRepository.view(row));
  }

  /** A publication's jobs, open and closed, newest posted first, after the cursor. */
  async publicationPage(publicationId: string, after: JobCursor | undefined, limit: number): Promise<JobView[]> {
    const rows = await this.select(this.database.db)
      .where(
        and(
          eq(jobs.publicationId, publicationId),
          after ? sql`(${jobs.postedAt}, ${jobs.id}) < (${after.postedAt}, ${after.id})` : undefined,
        ),
      )
      .orderBy(desc(jobs.postedAt), desc(jobs.id))
      .limit(limit);
    return rows.map((row) => JobRepository.view(row));
  }
}
