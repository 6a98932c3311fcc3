/**
 * The display formats, written by hand (pwa/lib/format.ts) instead of date-fns' format() to
 * keep its locale tables out of every route: 'MMM dd, yyyy' and 'h:mm a', calendar days never shifted by
 * the device's time zone, and '' for anything unreadable.
 */
import { describe, expect, it } from 'vitest';
import { formatClock, formatDate, formatDateTime, formatTime } from '../../pwa/lib/format';

describe('formatDate', () => {
  it("writes a calendar day as 'MMM dd, yyyy', whatever the time zone", () => {
    expect(formatDate('2025-11-27')).toBe('Nov 27, 2025');
    expect(formatDate('2025-11-05')).toBe('Nov 05, 2025');
    expect(formatDate('2025-01-01')).toBe('Jan 01, 2025');
    // a date stored as midnight UTC is that calendar day, not the evening before in America
    expect(formatDate('2025-12-02T00:00:00.000Z')).toBe('Dec 02, 2025');
    expect(formatDate('2025-12-02T00:00:00Z')).toBe('Dec 02, 2025');
  });

  it('reads timestamps and Date objects in local time', () => {
    expect(formatDate(new Date(2025, 10, 30, 23, 59))).toBe('Nov 30, 2025');
    expect(formatDate('2025-11-28T09:30:00')).toBe('Nov 28, 2025');
    expect(formatDate(new Date(2025, 2, 9).getTime())).toBe('Mar 09, 2025');
  });

  it("gives '' for empty, unreadable or impossible dates", () => {
    for (const bad of [null, undefined, '', 'garbage', 'Nov 27 2025', '2025-13-40', '2025-02-30', '27/11/2025', new Date(NaN)]) {
      expect(formatDate(bad as never), String(bad)).toBe('');
    }
  });
});

describe('formatDateTime and formatClock', () => {
  it("adds 'h:mm a' in local time", () => {
    expect(formatDateTime(new Date(2025, 10, 27, 14, 5))).toBe('Nov 27, 2025 2:05 PM');
    expect(formatDateTime(new Date(2025, 10, 27, 0, 0))).toBe('Nov 27, 2025 12:00 AM');
    expect(formatDateTime(new Date(2025, 10, 27, 12, 30))).toBe('Nov 27, 2025 12:30 PM');
    expect(formatDateTime('2025-11-27 09:07:00')).toBe('Nov 27, 2025 9:07 AM');
    expect(formatDateTime('nope')).toBe('');
    expect(formatClock(new Date(2025, 10, 27, 23, 59))).toBe('11:59 PM');
  });

  it('formats an instant with an offset at the right local moment', () => {
    const iso = '2025-11-27T14:05:00.000Z';
    const d = new Date(iso);
    expect(formatDateTime(iso)).toBe(`${formatDate(d)} ${formatClock(d)}`);
  });
});

describe('formatTime', () => {
  it("turns 'HH:MM' into 'h:mm AM/PM' and leaves anything else alone", () => {
    expect(formatTime('14:05')).toBe('2:05 PM');
    expect(formatTime('00:15')).toBe('12:15 AM');
    expect(formatTime('12:00')).toBe('12:00 PM');
    expect(formatTime('9:30')).toBe('9:30 AM');
    expect(formatTime('soon')).toBe('soon');
    expect(formatTime(null)).toBe('');
  });
});

describe('the day the arrivals board opens on', () => {
  const event = { timeZone: 'America/Chicago', flightWindow: { min: '2025-11-25', max: '2025-12-02' }, defaultArrivalDate: '2025-11-27' };
  it("is today in the event's time zone while flights land, the configured default otherwise", async () => {
    const { defaultBoardDate } = await import('../../pwa/features/arrivals/hooks/use-arrival-date');
    // 03:30 UTC on Nov 29 is still Nov 28 in Chicago
    expect(defaultBoardDate(event, new Date('2025-11-29T03:30:00Z'))).toBe('2025-11-28');
    expect(defaultBoardDate(event, new Date('2025-11-20T12:00:00Z'))).toBe('2025-11-27');
    expect(defaultBoardDate(event, new Date('2026-11-24T12:00:00Z'))).toBe('2025-11-27');
  });

  it('keeps the day until 04:00, so a family landing at 23:50 stays on the board past midnight', async () => {
    const { defaultBoardDate } = await import('../../pwa/features/arrivals/hooks/use-arrival-date');
    expect(defaultBoardDate(event, new Date('2025-11-29T05:50:00Z'))).toBe('2025-11-28'); // 23:50 in Chicago
    expect(defaultBoardDate(event, new Date('2025-11-29T06:30:00Z'))).toBe('2025-11-28'); // 00:30
    expect(defaultBoardDate(event, new Date('2025-11-29T09:59:00Z'))).toBe('2025-11-28'); // 03:59
    expect(defaultBoardDate(event, new Date('2025-11-29T10:00:00Z'))).toBe('2025-11-29'); // 04:00
  });
});
