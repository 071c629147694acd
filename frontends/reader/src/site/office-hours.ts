// The support office's hours (SPEC.md section 9: daily 10:00-17:00), kept in Baku time. Azerbaijan has had no
// daylight saving time since 2016, so Baku is always UTC+4 and the arithmetic needs no time-zone data.
export const OFFICE_HOURS = { opens: 10, closes: 17, utcOffsetHours: 4, timeZone: 'Asia/Baku' } as const;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface OfficeStatus {
  open: boolean;
  /** Today's opening and closing (Baku's day of `now`), as instants. */
  opens: Date;
  closes: Date;
  /** The next opening after `now` (today's when it is still to come, else tomorrow's). */
  nextOpening: Date;
}

export function officeStatus(now: Date): OfficeStatus {
  const offset = OFFICE_HOURS.utcOffsetHours * HOUR_MS;
  const bakuMidnight = Math.floor((now.getTime() + offset) / DAY_MS) * DAY_MS - offset;
  const opens = new Date(bakuMidnight + OFFICE_HOURS.opens * HOUR_MS);
  const closes = new Date(bakuMidnight + OFFICE_HOURS.closes * HOUR_MS);
  const open = now >= opens && now < closes;
  const nextOpening = now < opens ? opens : new Date(opens.getTime() + DAY_MS);
  return { open, opens, closes, nextOpening };
}

/** A time of day in a language and time zone (the visitor's own when none is given), e.g. 14:00. */
export function timeOfDay(at: Date, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
    at,
  );
}
