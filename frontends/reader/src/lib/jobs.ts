// What the jobs pages share: their namespace, a job's salary in the reader's language, and the filters of the list
// as the address carries them (/jobs?category=design&type=partTime&remote=true&q=words).
import { EMPLOYMENT_TYPES, formatManat, isEmploymentType, isJobCategory, JOB_CATEGORIES } from '@pencraft/rules';
import type { Schemas } from '@pencraft/ui';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

export type Job = Schemas['Job'];

/** The jobs namespace (loaded per language when first needed: see routes.ts). */
export function useJobsTranslation() {
  return useTranslation('jobs');
}

/** "₼1,500.00 – ₼2,500.00 a month", "from …", "up to …"; empty when the job states no salary. */
export function salaryText(job: Pick<Job, 'salary'>, t: TFunction, language: string): string {
  if (!job.salary) return '';
  const { minQepik, maxQepik } = job.salary;
  const min = minQepik === null ? undefined : formatManat(minQepik, language);
  const max = maxQepik === null ? undefined : formatManat(maxQepik, language);
  if (min && max) return t('jobs:salaryRange', { min, max });
  if (min) return t('jobs:salaryFrom', { min });
  if (max) return t('jobs:salaryUpTo', { max });
  return '';
}

export interface JobFilters {
  q: string;
  category: (typeof JOB_CATEGORIES)[number] | '';
  type: (typeof EMPLOYMENT_TYPES)[number] | '';
  remote: 'true' | 'false' | '';
}

/** The filters an address names; anything unknown is no filter. */
export function filtersOf(params: URLSearchParams): JobFilters {
  const category = params.get('category') ?? '';
  const type = params.get('type') ?? '';
  const remote = params.get('remote') ?? '';
  return {
    q: (params.get('q') ?? '').trim(),
    category: isJobCategory(category) ? category : '',
    type: isEmploymentType(type) ? type : '',
    remote: remote === 'true' || remote === 'false' ? remote : '',
  };
}

/** The address's query of the filters set (the order fixed, empty ones left out). */
export function searchOf(filters: JobFilters): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'category', 'type', 'remote'] as const) if (filters[key]) params.set(key, filters[key]);
  const text = params.toString();
  return text ? `?${text}` : '';
}
