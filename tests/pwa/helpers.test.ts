import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { betterOffset, measureOffset, offsetIsStale, recordOffset } from '../../pwa/offline/clock';
import { rankCandidates } from '../../pwa/offline/candidates';
import { registrationSearchText } from '../../pwa/offline/admin-downloads';
import { landingInstant, nextToLand, orderNextToLand } from '../../pwa/offline/next-to-land';
import { familyLabel, flightLabel, pickupLabel } from '../../pwa/offline/outbox';
import { queryArrivals } from '../../pwa/offline/queries';
import { conflictsText, lastSyncedText, msUntilSyncedTextChanges, pendingText } from '../../pwa/offline/sync-text';
import { arrivalRow, freshDb, registrationRow, seedArrivals } from './fixtures';
import { keepOrder } from '../../pwa/features/arrivals/hooks/use-held-order';
import { screenTitle } from '../../pwa/app/page-title';

describe('sync status sentences', () => {
  it('says pending, conflicts and last synced the way the bar shows them', () => {
    expect(pendingText(3)).toBe('3 not synced');
    expect(conflictsText(1)).toBe('1 conflict');
    expect(conflictsText(2)).toBe('2 conflicts');
    const now = Date.parse('2025-11-27T20:00:00Z');
    expect(lastSyncedText(null, now)).toBe('Not synced yet');
    expect(lastSyncedText('2025-11-27T19:59:30Z', now)).toBe('Last synced just now');
    expect(lastSyncedText('2025-11-27T19:58:00Z', now)).toBe('Last synced 2 min ago');
    expect(lastSyncedText('2025-11-27T17:00:00Z', now)).toBe('Last synced 3 h ago');
    expect(lastSyncedText('2025-11-25T19:00:00Z', now)).toBe('Last synced 2 days ago');
  });

  it('reads the clock again when "Last synced" would say another thing, not up to half a minute later', () => {
    const synced = Date.parse('2025-11-27T20:00:00Z');
    // past an hour it says hours, which change less often than it looks
    for (const age of [0, 1_000, 29_000, 59_400, 59_600, 61_000, 119_000, 3_000_000]) {
      const now = synced + age;
      const wait = msUntilSyncedTextChanges(synced, now);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60_250);
      // unchanged until just before the wait ends, changed when it does (minutes while under an hour)
      expect(lastSyncedText(new Date(synced).toISOString(), now + wait - 300)).toBe(lastSyncedText(new Date(synced).toISOString(), now));
      expect(lastSyncedText(new Date(synced).toISOString(), now + wait)).not.toBe(lastSyncedText(new Date(synced).toISOString(), now));
    }
    expect(msUntilSyncedTextChanges(synced, synced)).toBe(59_750);
    expect(msUntilSyncedTextChanges(synced, synced + 3_600_000)).toBeLessThanOrEqual(60_250);
  });

  it('names an op like a person would', () => {
    expect(flightLabel({ airline: 'United Airlines', flightNumber: 'UA 1234' })).toBe('UA 1234');
    expect(flightLabel({ airline: 'Delta Air Lines', flightNumber: '77' })).toBe('Delta Air Lines 77');
    expect(familyLabel('Anh  Nguyen ')).toBe('Nguyen family');
    expect(pickupLabel({ airline: 'United Airlines', flightNumber: 'UA 1234', primaryContactName: 'Anh Nguyen' }, false)).toBe(
      'Not picked up: UA 1234 – Nguyen family',
    );
  });
});

describe('clock offset', () => {
  it('is the server time minus the middle of the request', () => {
    const m = measureOffset(1_000, 1_200, new Date(61_100).toISOString())!;
    expect(m).toMatchObject({ offsetMs: 60_000, rttMs: 200 });
    expect(measureOffset(1_000, 1_200, undefined)).toBeNull();
    expect(measureOffset(1_000, 1_200, 'not a time')).toBeNull();
  });

  it('keeps a precise measurement over a much slower one, unless it is old', async () => {
    const t0 = Date.parse('2025-11-27T20:00:00Z');
    const precise = { offsetMs: 100, rttMs: 40, measuredAt: new Date(t0).toISOString() };
    expect(betterOffset(precise, { offsetMs: 900, rttMs: 3_000, measuredAt: new Date(t0 + 60_000).toISOString() })).toBe(false);
    expect(betterOffset(precise, { offsetMs: 120, rttMs: 60, measuredAt: new Date(t0 + 60_000).toISOString() })).toBe(true);
    expect(betterOffset(precise, { offsetMs: 900, rttMs: 3_000, measuredAt: new Date(t0 + 11 * 60_000).toISOString() })).toBe(true);
    const db = freshDb();
    await recordOffset(db, precise);
    await recordOffset(db, { offsetMs: 900, rttMs: 3_000, measuredAt: new Date(t0 + 60_000).toISOString() });
    expect((await db.getMeta('clockOffset'))!.offsetMs).toBe(100);
  });

  it("takes a new measurement, however slow, once the phone's clock was changed", () => {
    const t0 = Date.parse('2025-11-27T20:00:00Z');
    const precise = { offsetMs: 0, rttMs: 40, measuredAt: new Date(t0).toISOString() };
    // the phone's clock set back an hour: the next measurement is stamped before the stored one
    const afterSetBack = { offsetMs: 3_600_000, rttMs: 900, measuredAt: new Date(t0 - 59 * 60_000).toISOString() };
    expect(betterOffset(precise, afterSetBack)).toBe(true);
    // set forward an hour: the offsets disagree far beyond both error bounds
    const afterSetForward = { offsetMs: -3_600_000, rttMs: 900, measuredAt: new Date(t0 + 61 * 60_000).toISOString() };
    expect(betterOffset(precise, afterSetForward)).toBe(true);
    // the stored one is measured again when stamped ahead of the device's clock
    expect(offsetIsStale(precise, t0 - 59 * 60_000, 5 * 60_000)).toBe(true);
    expect(offsetIsStale(precise, t0 + 60_000, 5 * 60_000)).toBe(false);
    expect(offsetIsStale(precise, t0 + 5 * 60_000, 5 * 60_000)).toBe(true);
    expect(offsetIsStale(undefined, t0, 5 * 60_000)).toBe(true);
  });
});

describe('arrivals on the device', () => {
  it('filter by date and by words over names, flight and registration number', async () => {
    const db = freshDb();
    await seedArrivals(db, [
      arrivalRow({
        id: 1,
        flightDate: '2025-11-27',
        flightTime: '16:00',
        primaryContactName: 'José Pérez',
        attendees: [{ firstName: 'José', lastName: 'Pérez', ageCategory: 'adult' }],
      }),
      arrivalRow({ id: 2, flightDate: '2025-11-27', flightTime: '09:00', flightNumber: 'DL 88', airline: 'Delta Air Lines' }),
      arrivalRow({ id: 3, flightDate: '2025-11-28', flightTime: '08:00', registrationNumber: 'R25-ZZZ999' }),
    ]);
    expect((await queryArrivals(db)).map((a) => a.id)).toEqual([2, 1, 3]);
    expect((await queryArrivals(db, { date: '2025-11-27' })).map((a) => a.id)).toEqual([2, 1]);
    expect((await queryArrivals(db, { search: 'jose perez' })).map((a) => a.id)).toEqual([1]);
    expect((await queryArrivals(db, { search: 'dl88' })).map((a) => a.id)).toEqual([2]);
    expect((await queryArrivals(db, { search: 'zzz999' })).map((a) => a.id)).toEqual([3]);
  });

  it("puts 'next to land' first in the event's time zone, whatever the phone's zone", () => {
    // 14:30 in Chicago on Nov 27 2025 (CST, UTC−6) is 20:30 UTC
    expect(new Date(landingInstant('2025-11-27', '14:30', 'America/Chicago')!).toISOString()).toBe('2025-11-27T20:30:00.000Z');
    const now = Date.parse('2025-11-27T20:00:00Z'); // 14:00 in Chicago
    const rows = [
      { id: 'landed-long-ago', flightDate: '2025-11-27', flightTime: '11:00', picked_up: false },
      { id: 'later', flightDate: '2025-11-27', flightTime: '18:00', picked_up: false },
      { id: 'just-landed', flightDate: '2025-11-27', flightTime: '13:30', picked_up: false },
      { id: 'soon', flightDate: '2025-11-27', flightTime: '14:20', picked_up: false },
      { id: 'picked', flightDate: '2025-11-27', flightTime: '14:10', picked_up: true },
      { id: 'no-time', flightDate: '2025-11-27', flightTime: null, picked_up: false },
    ];
    expect(orderNextToLand(rows, now, 'America/Chicago').map((r) => r.id)).toEqual([
      'just-landed',
      'soon',
      'later',
      'landed-long-ago',
      'picked',
      'no-time',
    ]);
  });

  it("badges as 'Next to land' the first flight not landed yet with someone waiting, not one that landed", () => {
    const now = Date.parse('2025-11-27T20:00:00Z'); // 14:00 in Chicago
    const flight = (id: string, flightTime: string, picked: boolean[]) => ({
      id,
      flightDate: '2025-11-27',
      flightTime,
      arrivals: picked.map((picked_up) => ({ picked_up })),
    });
    const groups = [
      flight('landed-45-min-ago', '13:15', [false]),
      flight('all-picked', '14:10', [true, true]),
      flight('soon', '14:20', [true, false]),
      flight('later', '18:00', [false]),
    ];
    expect(nextToLand(groups, now, 'America/Chicago')?.id).toBe('soon');
    expect(nextToLand(groups.slice(0, 2), now, 'America/Chicago')).toBeUndefined();
  });
});

describe('hotel candidates on the device', () => {
  it("rank like the server's search: possible name matches first, cancelled left out", () => {
    const regs = [
      registrationRow({ id: 1, primary_first_name: 'Binh', primary_last_name: 'Tran', attendees: [] }),
      registrationRow({ id: 2, primary_first_name: 'Anh', primary_last_name: 'Nguyen' }),
      registrationRow({ id: 3, primary_first_name: 'Anh', primary_last_name: 'Nguyen', status: 'cancelled' }),
      registrationRow({ id: 4, primary_first_name: 'Zoe', primary_last_name: 'Smith' }),
      registrationRow({
        id: 5,
        primary_first_name: 'Mai',
        primary_last_name: 'Le',
        attendees: [
          {
            id: 50,
            registration_id: 5,
            first_name: 'Long',
            last_name: 'Nguyen',
            is_primary: false,
            age_category: 'adult',
            relationship: 'spouse',
            relationship_other: null,
            age: null,
            gender: null,
            dietary_restrictions: null,
            cultural_programs: [],
            checked_in: false,
            checked_in_at: null,
            checked_in_by: null,
            checked_in_device: null,
            created_at: '',
          },
        ],
      }),
    ].map((r) => ({ ...r, searchText: registrationSearchText(r) }));
    const ranked = rankCandidates({ guest_name: 'NGUYEN/ANH', check_in_date: '2025-11-27', check_out_date: '2025-11-30' }, regs);
    expect(ranked.map((m) => [m.id, m.possible_match])).toEqual([
      [2, true],
      [5, false],
    ]);
    expect(ranked[0]).toMatchObject({ registration_number: regs[1].registration_number, warnings: [] });
  });
});

describe("the greeter's held order", () => {
  it('keeps the shown parties in their order; a new one goes before the shown one it precedes, a gone one leaves', () => {
    // a tap moved 1 to the end of the fresh order: the held order keeps it first
    expect(keepOrder([1, 2, 3], [2, 3, 1])).toEqual([1, 2, 3]);
    // a party that arrives with a sync goes before the shown party that follows it
    expect(keepOrder([1, 2, 3], [2, 9, 3, 1])).toEqual([1, 2, 9, 3]);
    expect(keepOrder([1, 2, 3], [8, 2, 3, 1])).toEqual([1, 8, 2, 3]);
    // one that sorts after every shown party (picked up on another phone, say) goes to the end, never into
    // the place of the party just picked up here
    expect(keepOrder([1, 2, 3], [2, 3, 1, 7, 6])).toEqual([1, 2, 3, 7, 6]);
    // one that left the list leaves the order
    expect(keepOrder([1, 2, 3], [3, 1])).toEqual([1, 3]);
    expect(keepOrder([], [4, 5])).toEqual([4, 5]);
  });
});

describe("each screen's title", () => {
  it('names the screen before the app, and the home page keeps the app title alone', () => {
    expect(screenTitle('/admin/flight-arrivals')).toBe('Flight Arrivals');
    expect(screenTitle('/admin')).toBe('Overview');
    expect(screenTitle('/admin/registrations/new')).toBe('Add New Registration');
    expect(screenTitle('/flight-info/abc')).toBe('Flight Information');
    expect(screenTitle('/flight-info-lookup')).toBe('Flight Information Link');
    expect(screenTitle('/registration/R25-ABCDEF')).toBe('Registration');
    expect(screenTitle('/')).toBeNull();
  });
});
