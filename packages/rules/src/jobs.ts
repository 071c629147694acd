// Jobs a publication posts from its studio and readers find at /jobs: the limits and checks of every field, shared by
// the studio's form, the gateway and the publications service, so each refuses alike. Salaries are integer qəpik.
import { EMAIL_MAX, EMAIL_PATTERN } from './account.js';
import { codePointLength, collapseWhitespace, hasControlCharacters, plainText } from './text.js';

export const JOB_TITLE_MIN = 3;
export const JOB_TITLE_MAX = 120;
export const JOB_DESCRIPTION_MIN = 20;
export const JOB_DESCRIPTION_MAX = 5000;
export const JOB_LOCATION_MAX = 100;
export const JOB_APPLY_MAX = 300;
/** The highest salary a job may state: 1,000,000 AZN a month, in qəpik. */
export const JOB_SALARY_MAX_QEPIK = 100_000_000;
/** The longest text filter of the jobs list. */
export const JOB_QUERY_MAX = 100;
/**
 * A page cursor of the jobs lists, `<milliseconds>.<uuid>` (the last job's posting time and id): the service reads
 * exactly this and the gateway documents it, so every cursor the document allows is readable. At most 14 digits
 * (before the year 5138): PostgreSQL cannot read a time past 9999 as JavaScript writes it (HOME_CURSOR_PATTERN's case).
 */
export const JOB_CURSOR_PATTERN = '^[0-9]{1,14}\\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
/** Jobs per page of the lists (the public list and the studio's). */
export const JOBS_PAGE_SIZE = 20;

export const EMPLOYMENT_TYPES = ['fullTime', 'partTime', 'contract', 'internship'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

export const JOB_STATUSES = ['open', 'closed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** What kind of work a job is, for the list's filter (the names are the pages' strings). */
export const JOB_CATEGORIES = [
  'writing',
  'editing',
  'translation',
  'design',
  'photography',
  'engineering',
  'marketing',
  'sales',
  'operations',
  'other',
] as const;
export type JobCategory = (typeof JOB_CATEGORIES)[number];

export function isEmploymentType(value: string): value is EmploymentType {
  return (EMPLOYMENT_TYPES as readonly string[]).includes(value);
}

export function isJobCategory(value: string): value is JobCategory {
  return (JOB_CATEGORIES as readonly string[]).includes(value);
}

export type JobTitleProblem = 'titleRequired' | 'titleLength' | 'titleCharacters';
export type JobDescriptionProblem = 'descriptionLength';
export type JobLocationProblem = 'locationLength' | 'locationCharacters';
export type JobApplyProblem = 'applyRequired' | 'applyLength' | 'apply';
export type JobSalaryProblem = 'salaryAmount' | 'salaryRange';

/** A title as stored: one line of plain text (markup and control characters removed, whitespace collapsed). */
export function normalizeJobTitle(title: string): string {
  return collapseWhitespace(plainText(title));
}

export function jobTitleProblem(title: string): JobTitleProblem | undefined {
  if (title.length === 0) return 'titleRequired';
  const length = codePointLength(title);
  if (length < JOB_TITLE_MIN || length > JOB_TITLE_MAX) return 'titleLength';
  return hasControlCharacters(title) ? 'titleCharacters' : undefined;
}

/**
 * A description as stored: plain text, as a publication's description is (anything that looks like a tag removed);
 * its line breaks stay (the pages show them), trailing spaces of each line and runs of blank lines do not.
 */
export function normalizeJobDescription(description: string): string {
  return plainText(description.replace(/\r\n?/g, '\n'))
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n');
}

export function jobDescriptionProblem(description: string): JobDescriptionProblem | undefined {
  const length = codePointLength(description);
  return length < JOB_DESCRIPTION_MIN || length > JOB_DESCRIPTION_MAX ? 'descriptionLength' : undefined;
}

/** A location as stored: one line of plain text; empty when the job names none (remote only, say). */
export function normalizeJobLocation(location: string): string {
  return collapseWhitespace(plainText(location));
}

export function jobLocationProblem(location: string): JobLocationProblem | undefined {
  if (codePointLength(location) > JOB_LOCATION_MAX) return 'locationLength';
  return hasControlCharacters(location) ? 'locationCharacters' : undefined;
}

/**
 * The WHATWG URL parser, which browsers and Node both have; declared here because this package compiles without
 * DOM or Node types.
 */
declare const URL: new (input: string) => {
  protocol: string;
  username: string;
  password: string;
  hostname: string;
  href: string;
};

/** How a reader applies: an http(s) address (as the URL parser normalizes it) or an e-mail address. */
export type JobApply = { kind: 'url'; value: string } | { kind: 'email'; value: string };

/**
 * Where applications go, as typed: an http or https address on a named host (no credentials) or an e-mail address;
 * anything else (javascript:, data:, ftp:, a bare word) is the problem 'apply'.
 */
export function checkJobApply(raw: string): { apply?: JobApply; problem?: JobApplyProblem } {
  const value = raw.trim();
  if (!value) return { problem: 'applyRequired' };
  if (value.length > JOB_APPLY_MAX) return { problem: 'applyLength' };
  if (hasControlCharacters(value) || /\s/.test(value)) return { problem: 'apply' };
  if (/^mailto:/i.test(value)) return checkJobApply(value.slice('mailto:'.length));
  if (!/^[a-z][a-z0-9+.-]*:/i.test(value)) {
    if (value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value)) return { apply: { kind: 'email', value } };
    return { problem: 'apply' };
  }
  let parsed: InstanceType<typeof URL>;
  try {
    parsed = new URL(value);
  } catch {
    return { problem: 'apply' };
  }
  const host = parsed.hostname.toLowerCase();
  if (!['http:', 'https:'].includes(parsed.protocol) || parsed.username || parsed.password || !host) {
    return { problem: 'apply' };
  }
  if (parsed.href.length > JOB_APPLY_MAX) return { problem: 'applyLength' };
  return { apply: { kind: 'url', value: parsed.href } };
}

/** The link a page gives the apply button: the address itself or a mailto: link. */
export function jobApplyHref(apply: JobApply): string {
  return apply.kind === 'email' ? `mailto:${apply.value}` : apply.value;
}

/**
 * An optional monthly salary range in qəpik: each bound, when given, a whole number from 1 qəpik to
 * JOB_SALARY_MAX_QEPIK; with both given, the minimum is not above the maximum.
 */
export function jobSalaryProblem(min: number | undefined, max: number | undefined): JobSalaryProblem | undefined {
  for (const bound of [min, max]) {
    if (bound === undefined) continue;
    if (!Number.isSafeInteger(bound) || bound < 1 || bound > JOB_SALARY_MAX_QEPIK) return 'salaryAmount';
  }
  if (min !== undefined && max !== undefined && min > max) return 'salaryRange';
  return undefined;
}

/** The jobs list's text filter as it is run: whitespace collapsed (empty: no filter). */
export function normalizeJobQuery(query: string): string {
  return collapseWhitespace(query);
}

export function jobQueryProblem(query: string): 'queryLength' | 'queryChars' | undefined {
  if (hasControlCharacters(query.replace(/[\t\n\r]/g, ' '))) return 'queryChars';
  return codePointLength(normalizeJobQuery(query)) > JOB_QUERY_MAX ? 'queryLength' : undefined;
}
