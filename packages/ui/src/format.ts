import type { TFunction } from 'i18next';

/** Browsers lack Azerbaijani date data, so month names and the long pattern come from the common catalogue. */
export function formatDate(value: string | number | null | undefined, t: TFunction): string {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const months = t('common:date.months').split(',');
  const month = months[date.getMonth()]?.trim() ?? String(date.getMonth() + 1);
  return t('common:date.long', { day: date.getDate(), month, year: date.getFullYear() });
}

/** A date with the time of day (hh:mm, 24-hour, the same in the three languages). */
export function formatDateTime(value: string | number | null | undefined, t: TFunction): string {
  const day = formatDate(value, t);
  if (!day) return '';
  const date = new Date(value!);
  const time = `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
  return `${day}, ${time}`;
}
