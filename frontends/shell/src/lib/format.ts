import type { TFunction } from 'i18next';

/**
 * A long date in the interface language ("25 noyabr 2026") from the `common:date` words: browsers lack
 * Azerbaijani date data, so the catalogue carries it (as the reader does).
 */
export function longDate(iso: string, t: TFunction): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const months = String(t('common:date.months')).split(',');
  const month = months[date.getMonth()]?.trim() ?? String(date.getMonth() + 1);
  return String(t('common:date.long', { day: date.getDate(), month, year: date.getFullYear() }));
}
