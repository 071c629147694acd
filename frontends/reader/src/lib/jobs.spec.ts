import type { TFunction } from 'i18next';
import { filtersOf, salaryText, searchOf } from './jobs.js';

// The catalogue's English patterns, interpolated as i18next would.
const patterns: Record<string, string> = {
  'jobs:salaryRange': '{{min}} – {{max}} a month',
  'jobs:salaryFrom': 'from {{min}} a month',
  'jobs:salaryUpTo': 'up to {{max}} a month',
};
const t = ((key: string, values: Record<string, string>) =>
  patterns[key]!.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name]!)) as unknown as TFunction;

describe('a job’s salary', () => {
  it('is written in manats from integer qəpik, as a range or one bound, or not at all', () => {
    const salary = (minQepik: number | null, maxQepik: number | null) => ({
      salary: { minQepik, maxQepik, currency: 'AZN' as const },
    });
    expect(salaryText(salary(150_000, 250_050), t, 'en')).toBe('₼1,500.00 – ₼2,500.50 a month');
    expect(salaryText(salary(150_000, null), t, 'en')).toBe('from ₼1,500.00 a month');
    expect(salaryText(salary(null, 99), t, 'az')).toBe('up to 0,99\u00a0₼ a month');
    expect(salaryText({ salary: null }, t, 'en')).toBe('');
  });
});

describe('the list’s filters in the address', () => {
  it('reads the known filters and drops anything else', () => {
    expect(filtersOf(new URLSearchParams('q=%20redaktor%20&category=editing&type=partTime&remote=true'))).toEqual({
      q: 'redaktor',
      category: 'editing',
      type: 'partTime',
      remote: 'true',
    });
    expect(filtersOf(new URLSearchParams('category=tech&type=full-time&remote=yes'))).toEqual({
      q: '',
      category: '',
      type: '',
      remote: '',
    });
  });

  it('writes them back in a fixed order, leaving the empty ones out', () => {
    expect(searchOf({ q: 'Bakı', category: '', type: 'contract', remote: 'false' })).toBe(
      '?q=Bak%C4%B1&type=contract&remote=false',
    );
    expect(searchOf({ q: '', category: '', type: '', remote: '' })).toBe('');
  });
});
