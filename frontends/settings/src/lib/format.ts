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

/**
 * A country's name in the interface language from its ISO 3166 code (the sessions list's place), or undefined
 * for "unknown" or a code the browser cannot name.
 */
export function countryName(code: string | null | undefined, language: string): string | undefined {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return undefined;
  try {
    const name = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(code.toUpperCase());
    return name || code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

/** A ban is lifted (by a moderator), ended (its time is over) or in force. */
export function banState(
  ban: { endsAt: string | null; liftedAt: string | null },
  now: number,
): 'active' | 'ended' | 'lifted' {
  if (ban.liftedAt) return 'lifted';
  return ban.endsAt && Date.parse(ban.endsAt) <= now ? 'ended' : 'active';
}
