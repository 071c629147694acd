export interface DateParts {
  day: number;
  month: string;
  year: number;
}

export interface DateWords {
  /** Twelve comma-separated month names (the catalogue's `common:date.months`). */
  months: string;
  /** The long-date pattern filled in (`common:date.long` with day, month and year). */
  long: (parts: DateParts) => string;
}

/** A long localised date ("25 noyabr 2026"), or '' for a missing or invalid time. */
export function formatDate(iso: string | null | undefined, words: DateWords): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const month = words.months.split(',')[date.getMonth()]?.trim() ?? String(date.getMonth() + 1);
  return words.long({ day: date.getDate(), month, year: date.getFullYear() });
}
