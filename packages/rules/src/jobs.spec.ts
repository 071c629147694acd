import { describe, expect, it } from '@jest/globals';
import {
  checkJobApply,
  isEmploymentType,
  isJobCategory,
  JOB_APPLY_MAX,
  JOB_CURSOR_PATTERN,
  JOB_DESCRIPTION_MAX,
  JOB_DESCRIPTION_MIN,
  JOB_LOCATION_MAX,
  JOB_QUERY_MAX,
  JOB_SALARY_MAX_QEPIK,
  JOB_TITLE_MAX,
  jobApplyHref,
  jobDescriptionProblem,
  jobLocationProblem,
  jobQueryProblem,
  jobSalaryProblem,
  jobTitleProblem,
  normalizeJobDescription,
  normalizeJobLocation,
  normalizeJobQuery,
  normalizeJobTitle,
} from './jobs.js';
import { mayInPublication } from './publications.js';

describe('the jobs cursor', () => {
  it('holds a posting time PostgreSQL can read: at most 14 digits of milliseconds (issue #19)', () => {
    const id = '5b1e2117-f9c9-0799-7859-102838501f1d';
    expect(new RegExp(JOB_CURSOR_PATTERN).test(`${Date.now()}.${id}`)).toBe(true);
    expect(new RegExp(JOB_CURSOR_PATTERN).test(`99999999999999.${id}`)).toBe(true);
    expect(new RegExp(JOB_CURSOR_PATTERN).test(`808807138612532.${id}`)).toBe(false);
  });
});

describe('job titles', () => {
  it('are one line of plain text', () => {
    expect(normalizeJobTitle('  <b>Senior</b>   redaktor\n ')).toBe('Senior redaktor');
  });

  it('are refused empty, too short, too long or with control characters', () => {
    expect(jobTitleProblem('')).toBe('titleRequired');
    expect(jobTitleProblem('ab')).toBe('titleLength');
    expect(jobTitleProblem('abc')).toBeUndefined();
    expect(jobTitleProblem('ə'.repeat(JOB_TITLE_MAX))).toBeUndefined();
    expect(jobTitleProblem('ə'.repeat(JOB_TITLE_MAX + 1))).toBe('titleLength');
    expect(jobTitleProblem('abc\u0000def')).toBe('titleCharacters');
  });
});

describe('job descriptions', () => {
  it('keep their paragraphs but no markup', () => {
    expect(normalizeJobDescription('<script>x()</script>Line one  \r\n\r\n\r\n\r\nLine <i>two</i>')).toBe(
      'x()Line one\n\nLine two',
    );
  });

  it('are refused shorter than the minimum or longer than the maximum (code points)', () => {
    expect(jobDescriptionProblem('a'.repeat(JOB_DESCRIPTION_MIN - 1))).toBe('descriptionLength');
    expect(jobDescriptionProblem('ş'.repeat(JOB_DESCRIPTION_MIN))).toBeUndefined();
    expect(jobDescriptionProblem('ş'.repeat(JOB_DESCRIPTION_MAX))).toBeUndefined();
    expect(jobDescriptionProblem('ş'.repeat(JOB_DESCRIPTION_MAX + 1))).toBe('descriptionLength');
  });
});

describe('job locations', () => {
  it('may be empty and are one line', () => {
    expect(normalizeJobLocation(' Bakı,\n  Azərbaycan ')).toBe('Bakı, Azərbaycan');
    expect(jobLocationProblem('')).toBeUndefined();
    expect(jobLocationProblem('x'.repeat(JOB_LOCATION_MAX + 1))).toBe('locationLength');
    expect(jobLocationProblem('a\u0007b')).toBe('locationCharacters');
  });
});

describe('where to apply', () => {
  it('takes an http or https address, normalized', () => {
    expect(checkJobApply(' https://Example.az/jobs?id=1 ')).toEqual({
      apply: { kind: 'url', value: 'https://example.az/jobs?id=1' },
    });
    expect(checkJobApply('http://example.az')).toEqual({ apply: { kind: 'url', value: 'http://example.az/' } });
  });

  it('takes an e-mail address, with or without mailto:', () => {
    expect(checkJobApply('jobs@example.az')).toEqual({ apply: { kind: 'email', value: 'jobs@example.az' } });
    expect(checkJobApply('mailto:jobs@example.az')).toEqual({ apply: { kind: 'email', value: 'jobs@example.az' } });
  });

  it('refuses every other scheme, credentials, spaces and bare words', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      'ftp://example.az/file',
      'file:///etc/passwd',
      'https://user:pass@example.az/',
      'https://exa mple.az/',
      'example',
      'not an address',
      'mailto:javascript:alert(1)',
      'https://',
    ]) {
      expect(checkJobApply(bad).problem).toBe('apply');
    }
    expect(checkJobApply('').problem).toBe('applyRequired');
    expect(checkJobApply(`https://example.az/${'a'.repeat(JOB_APPLY_MAX)}`).problem).toBe('applyLength');
  });

  it('links an address as itself and an e-mail through mailto:', () => {
    expect(jobApplyHref({ kind: 'url', value: 'https://example.az/' })).toBe('https://example.az/');
    expect(jobApplyHref({ kind: 'email', value: 'jobs@example.az' })).toBe('mailto:jobs@example.az');
  });
});

describe('salary ranges', () => {
  it('are optional, whole qəpik within the limit, the minimum not above the maximum', () => {
    expect(jobSalaryProblem(undefined, undefined)).toBeUndefined();
    expect(jobSalaryProblem(150_000, undefined)).toBeUndefined();
    expect(jobSalaryProblem(undefined, 150_000)).toBeUndefined();
    expect(jobSalaryProblem(150_000, 150_000)).toBeUndefined();
    expect(jobSalaryProblem(150_000, 250_000)).toBeUndefined();
    expect(jobSalaryProblem(250_000, 150_000)).toBe('salaryRange');
    expect(jobSalaryProblem(0, undefined)).toBe('salaryAmount');
    expect(jobSalaryProblem(-5, undefined)).toBe('salaryAmount');
    expect(jobSalaryProblem(100.5, undefined)).toBe('salaryAmount');
    expect(jobSalaryProblem(undefined, JOB_SALARY_MAX_QEPIK)).toBeUndefined();
    expect(jobSalaryProblem(undefined, JOB_SALARY_MAX_QEPIK + 1)).toBe('salaryAmount');
  });
});

describe('the list filters', () => {
  it('know the employment types and categories', () => {
    expect(isEmploymentType('fullTime')).toBe(true);
    expect(isEmploymentType('full-time')).toBe(false);
    expect(isJobCategory('writing')).toBe(true);
    expect(isJobCategory('tech')).toBe(false);
  });

  it('collapse the text filter and refuse a long one or control characters', () => {
    expect(normalizeJobQuery('  senior \n editor ')).toBe('senior editor');
    expect(jobQueryProblem('a'.repeat(JOB_QUERY_MAX))).toBeUndefined();
    expect(jobQueryProblem('a'.repeat(JOB_QUERY_MAX + 1))).toBe('queryLength');
    expect(jobQueryProblem('a\u0000')).toBe('queryChars');
  });
});

describe('who manages jobs', () => {
  it('is the owner alone', () => {
    expect(mayInPublication('owner', 'manageJobs')).toBe(true);
    expect(mayInPublication('member', 'manageJobs')).toBe(false);
    expect(mayInPublication(undefined, 'manageJobs')).toBe(false);
  });
});
