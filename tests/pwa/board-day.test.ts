import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { queryArrivals } from '../../pwa/offline/queries';
import { boardDateOf, defaultBoardDate, liveBoardDay } from '../../pwa/features/arrivals/hooks/use-arrival-date';
import { arrivalRow, freshDb, seedArrivals } from './fixtures';

const event = {
  timeZone: 'America/Chicago',
  flightWindow: { min: '2025-11-25', max: '2025-12-02' },
  defaultArrivalDate: '2025-11-27',
};

describe("the greeter's board day, 04:00 to 04:00", () => {
  it('is today while the flights land; before 04:00 it is still the day before; outside the window there is none', () => {
    // 02:17 in Conroe on Nov 28 (08:17 UTC): still the board of Nov 27
    expect(liveBoardDay(event, new Date('2025-11-28T08:17:00Z'))).toBe('2025-11-27');
    expect(liveBoardDay(event, new Date('2025-11-28T10:05:00Z'))).toBe('2025-11-28');
    expect(liveBoardDay(event, new Date('2026-11-28T10:05:00Z'))).toBeNull();
    expect(defaultBoardDate(event, new Date('2026-11-28T10:05:00Z'))).toBe('2025-11-27');
  });

  it("is the same where a browser's ICU writes 'en-CA' dates as 11/28/2025 (WebKit with a newer CLDR)", () => {
    const Real = Intl.DateTimeFormat;
    // a function, not an arrow: the spy is called with `new`
    const spy = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      locale?: string | string[],
      options?: Intl.DateTimeFormatOptions,
    ) {
      return new Real(locale === 'en-CA' ? 'en-US' : locale, options);
    } as unknown as typeof Intl.DateTimeFormat);
    try {
      expect(liveBoardDay(event, new Date('2025-11-28T10:05:00Z'))).toBe('2025-11-28');
      expect(defaultBoardDate(event, new Date('2025-11-29T12:00:00Z'))).toBe('2025-11-29');
    } finally {
      spy.mockRestore();
    }
  });

  it("opens an address's day; every date for 'all'; the board's own day for no date or one that is not a date", () => {
    const at = new Date('2025-11-28T10:05:00Z');
    expect(boardDateOf('2025-11-29', event, at)).toBe('2025-11-29');
    expect(boardDateOf('all', event, at)).toBeUndefined();
    expect(boardDateOf('', event, at)).toBeUndefined();
    expect(boardDateOf(null, event, at)).toBe('2025-11-28');
    // a mistyped link: the board of today, not a board of nothing under an empty date box
    for (const bad of ['garbage', '2025-02-30', '2025-11-2']) expect(boardDateOf(bad, event, at)).toBe('2025-11-28');
  });

  it("lists the night's arrivals after midnight, up to 04:00, on the day's board; its calendar day still lists them too", async () => {
    const db = freshDb();
    await seedArrivals(db, [
      arrivalRow({ id: 1, flightDate: '2025-11-27', flightTime: '22:10' }),
      arrivalRow({ id: 2, flightDate: '2025-11-28', flightTime: '00:30' }),
      arrivalRow({ id: 3, flightDate: '2025-11-28', flightTime: '03:59:00' }),
      arrivalRow({ id: 4, flightDate: '2025-11-28', flightTime: '04:00' }),
      arrivalRow({ id: 5, flightDate: '2025-11-28', flightTime: null }),
      arrivalRow({ id: 6, flightDate: '2025-11-26', flightTime: '01:00' }),
      arrivalRow({ id: 7, flightDate: '2025-11-27', flightTime: null }),
      arrivalRow({ id: 8, flightDate: '2025-11-27', flightTime: '00:40' }),
    ]);
    const ids = async (filter: Parameters<typeof queryArrivals>[1]) => (await queryArrivals(db, filter)).map((a) => a.id);
    // in the order of the laptop's table: by time, the day's own early hours first, the night's after the
    // day's, the untimed row last
    expect(await ids({ date: '2025-11-27', withNight: true })).toEqual([8, 1, 2, 3, 7]);
    // any other board, and the export, keep to the calendar date
    expect(await ids({ date: '2025-11-27' })).toEqual([8, 1, 7]);
    expect((await ids({ date: '2025-11-28' })).sort()).toEqual([2, 3, 4, 5]);
  });
});
