import { oneOf } from '@pencraft/kit/schema';
import {
  EMPLOYMENT_TYPES,
  JOB_APPLY_MAX,
  JOB_CATEGORIES,
  JOB_DESCRIPTION_MAX,
  JOB_LOCATION_MAX,
  JOB_SALARY_MAX_QEPIK,
  JOB_STATUSES,
  JOB_TITLE_MAX,
  type EmploymentType,
  type JobCategory,
  type JobStatus,
} from '@pencraft/rules';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { publications } from '../publications/publication.table.js';
import { publicationsSchema } from '../publications.schema.js';

/**
 * A publication's job posting (rules: packages/rules/src/jobs.ts). Open until its owner closes it (`closedAt` then
 * set); a closed job stays readable by its id. Salaries are monthly, integer qəpik, each bound optional. The jobs go
 * with their publication (cascade).
 */
export const jobs = publicationsSchema.table(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    publicationId: uuid('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    location: text('location').notNull().default(''),
    remote: boolean('remote').notNull().default(false),
    employmentType: text('employment_type').$type<EmploymentType>().notNull(),
    category: text('category').$type<JobCategory>().notNull(),
    salaryMinQepik: bigint('salary_min_qepik', { mode: 'number' }),
    salaryMaxQepik: bigint('salary_max_qepik', { mode: 'number' }),
    /** An http(s) address or an e-mail address (checkJobApply's value). */
    apply: text('apply').notNull(),
    status: text('status').$type<JobStatus>().notNull().default('open'),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The public list: open jobs, newest posted first (each filter narrows this walk).
    index('jobs_open_idx')
      .on(t.postedAt.desc(), t.id.desc())
      .where(sql`status = 'open'`),
    // The studio's list and the public list filtered by publication.
    index('jobs_publication_idx').on(t.publicationId, t.postedAt.desc(), t.id.desc()),
    check('jobs_title_length', sql.raw(`char_length("title") between 1 and ${JOB_TITLE_MAX}`)),
    check('jobs_description_length', sql.raw(`char_length("description") between 1 and ${JOB_DESCRIPTION_MAX}`)),
    check('jobs_location_length', sql.raw(`char_length("location") <= ${JOB_LOCATION_MAX}`)),
    check('jobs_apply_length', sql.raw(`char_length("apply") between 1 and ${JOB_APPLY_MAX}`)),
    check('jobs_employment_type_known', oneOf('employment_type', EMPLOYMENT_TYPES)),
    check('jobs_category_known', oneOf('category', JOB_CATEGORIES)),
    check('jobs_status_known', oneOf('status', JOB_STATUSES)),
    check(
      'jobs_salary_range',
      sql.raw(
        `(salary_min_qepik is null or salary_min_qepik between 1 and ${JOB_SALARY_MAX_QEPIK}) and ` +
          `(salary_max_qepik is null or salary_max_qepik between 1 and ${JOB_SALARY_MAX_QEPIK}) and ` +
          `(salary_min_qepik is null or salary_max_qepik is null or salary_min_qepik <= salary_max_qepik)`,
      ),
    ),
    check('jobs_closed_when_closed', sql`(status = 'closed') = (closed_at is not null)`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
