import { officeStatus, timeOfDay } from './office-hours.js';

describe('office hours (10:00-17:00 Baku time, UTC+4)', () => {
  it('is open from 10:00 to just before 17:00 in Baku', () => {
    expect(officeStatus(new Date('2026-11-28T05:59:59Z')).open).toBe(false); // 09:59:59 in Baku
    expect(officeStatus(new Date('2026-11-28T06:00:00Z')).open).toBe(true); // 10:00
    expect(officeStatus(new Date('2026-11-28T12:59:59Z')).open).toBe(true); // 16:59:59
    expect(officeStatus(new Date('2026-11-28T13:00:00Z')).open).toBe(false); // 17:00
  });

  it("names today's hours and the next opening as instants", () => {
    const morning = officeStatus(new Date('2026-11-28T02:00:00Z')); // 06:00 in Baku
    expect(morning.opens.toISOString()).toBe('2026-11-28T06:00:00.000Z');
    expect(morning.closes.toISOString()).toBe('2026-11-28T13:00:00.000Z');
    expect(morning.nextOpening.toISOString()).toBe('2026-11-28T06:00:00.000Z');
    const evening = officeStatus(new Date('2026-11-28T19:30:00Z')); // 23:30 in Baku
    expect(evening.nextOpening.toISOString()).toBe('2026-11-29T06:00:00.000Z');
    // 21:00 UTC is already the next day in Baku (01:00).
    const lateUtc = officeStatus(new Date('2026-11-28T21:00:00Z'));
    expect(lateUtc.opens.toISOString()).toBe('2026-11-29T06:00:00.000Z');
    expect(lateUtc.nextOpening.toISOString()).toBe('2026-11-29T06:00:00.000Z');
  });

  it("shows the hours in the visitor's time zone", () => {
    const { opens, closes } = officeStatus(new Date('2026-11-28T08:00:00Z'));
    expect(timeOfDay(opens, 'en', 'Asia/Baku')).toBe('10:00');
    expect(timeOfDay(closes, 'en', 'Asia/Baku')).toBe('17:00');
    expect(timeOfDay(opens, 'en', 'UTC')).toBe('06:00');
    expect(timeOfDay(opens, 'ru', 'Europe/Berlin')).toBe('07:00');
  });
});
