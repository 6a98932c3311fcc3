/**
 * Reads of the cache for the screens, as plain async functions over Dexie (hooks.ts runs them inside
 * useLiveQuery, so a screen re-renders when a download or a tap changes what it shows; tests call them
 * directly). Nothing is stored here. Lists are small (hundreds of rows), so filters run in memory after
 * an indexed read.
 */
import type { AppDB } from './db';
import { flightsWithPendingTaps } from './downloads';
import { matchesArrival, matchesQuery, normalizeText } from './local-search';
import type { ArrivalView, CachedHotelAssignment, CachedRegistration, CandidateMatch, OutboxOp } from './types';
import type { Pagination } from '../../shared/schemas/registration';
import { BOARD_DAY_STARTS, nightOf } from '../../shared/board-day';

export interface ArrivalFilter {
  /** 'YYYY-MM-DD'; absent or '' = every date */
  date?: string;
  /** words over names, flight (airline + number) and registration number */
  search?: string;
  /** with `date`: also the next calendar day's arrivals before 04:00, the board day's night (shared/board-day.ts) */
  withNight?: boolean;
}

/** The day's arrivals and the night's after it, by time, the day's untimed ones last (shared/board-day.ts). */
async function dayAndNight(db: AppDB, date: string) {
  // one range of the sort key: the day from 00:00 (its untimed rows sort as 'T99:99'), then the night's
  const rows = await db.arrivals
    .where('sortKey')
    .between(`${date}T`, `${nightOf(date)}T${BOARD_DAY_STARTS}`)
    .toArray();
  return [...rows.filter((a) => a.flightTime), ...rows.filter((a) => !a.flightTime)];
}

/** Arrivals by date and time, with `pendingSync` set where a tap has not reached the server yet. */
export async function queryArrivals(db: AppDB, filter: ArrivalFilter = {}): Promise<ArrivalView[]> {
  const rows = !filter.date
    ? await db.arrivals.orderBy('sortKey').toArray()
    : filter.withNight
      ? await dayAndNight(db, filter.date)
      : await db.arrivals.where('flightDate').equals(filter.date).sortBy('sortKey');
  const pending = await flightsWithPendingTaps(db);
  return rows.filter((a) => !filter.search || matchesArrival(a, filter.search)).map((a) => ({ ...a, pendingSync: pending.has(a.id) }));
}

export async function queryArrival(db: AppDB, id: number): Promise<ArrivalView | null> {
  const a = await db.arrivals.get(id);
  if (!a) return null;
  return { ...a, pendingSync: (await flightsWithPendingTaps(db)).has(id) };
}

export interface UnmatchedPage {
  assignments: CachedHotelAssignment[];
  /** of the bookings the search found (all of them without a search) */
  pagination: Pagination;
  /** every unmatched booking, whatever the search */
  unmatchedTotal: number;
}

/** The unmatched bookings, by guest name like GET /hotel-assignments/unmatched; a queued link hides its booking. */
export async function queryUnmatched(db: AppDB, p: { page?: number; limit?: number; search?: string } = {}): Promise<UnmatchedPage> {
  const page = Math.max(1, Math.floor(p.page ?? 1));
  const limit = Math.max(1, Math.floor(p.limit ?? 10));
  const unmatched = (await db.hotelAssignments.toArray()).filter((a) => !a.hiddenByOp);
  // search within bookings: guest name, confirmation and room, accents and case ignored
  const found = unmatched
    .filter((a) => matchesQuery(normalizeText(`${a.guest_name} ${a.confirmation_number} ${a.room_number ?? ''}`), p.search))
    .sort((a, b) => a.guest_name.localeCompare(b.guest_name) || a.id - b.id);
  const total = found.length;
  return {
    assignments: found.slice((page - 1) * limit, page * limit),
    pagination: { page, limit, total, pages: Math.ceil(total / limit) },
    unmatchedTotal: unmatched.length,
  };
}

/**
 * Ranked candidates for a booking, each with the registration's hotel confirmation as the cache shows it
 * NOW: a link queued on this device (or undone, or settled) since the ranking was computed shows at once
 * (the Link button turns orange on a registration that has just been given a booking). The ranking
 * itself depends on names and flights only, so it stays valid until the next download recomputes it.
 */
export async function queryCandidates(db: AppDB, assignmentId: number): Promise<CandidateMatch[]> {
  const matches = (await db.candidates.get(assignmentId))?.matches ?? [];
  if (!matches.length) return matches;
  const regs = await db.registrations.bulkGet(matches.map((m) => m.id));
  return matches.map((m, i) => {
    const now = regs[i]?.hotel_confirmation_number;
    return now === undefined || now === m.hotel_confirmation_number ? m : { ...m, hotel_confirmation_number: now };
  });
}

/** A booking whose guest name is exactly one registration's primary contact, which has no hotel yet. */
export interface ExactMatch {
  booking: CachedHotelAssignment;
  registration: CandidateMatch;
}

/**
 * The bookings that can be linked without a choice: exactly one candidate has the guest's full name
 * (first and last, accents and order ignored) and that registration has no hotel confirmation yet.
 */
export async function queryExactMatches(db: AppDB): Promise<ExactMatch[]> {
  const bookings = (await db.hotelAssignments.toArray())
    .filter((b) => !b.hiddenByOp)
    .sort((a, b) => a.guest_name.localeCompare(b.guest_name) || a.id - b.id);
  // one read of the candidates and one of their registrations (the hotel confirmation as it stands now)
  const ranked = await db.candidates.bulkGet(bookings.map((b) => b.id));
  const full = ranked.map((c) => (c?.matches ?? []).filter((m) => m.name_match === 'full'));
  const regs = new Map(
    (await db.registrations.bulkGet([...new Set(full.flat().map((m) => m.id))])).flatMap((r) => (r ? [[r.id, r] as const] : [])),
  );
  const out: ExactMatch[] = [];
  bookings.forEach((booking, i) => {
    const only = full[i].length === 1 ? full[i][0] : undefined;
    const current = only && regs.get(only.id);
    const confirmation = current ? current.hotel_confirmation_number : only?.hotel_confirmation_number;
    if (only && !confirmation) out.push({ booking, registration: only });
  });
  // a registration named by two bookings is a choice for a person to make
  const named = new Map<number, number>();
  for (const m of out) named.set(m.registration.id, (named.get(m.registration.id) ?? 0) + 1);
  return out.filter((m) => named.get(m.registration.id) === 1);
}

export interface RegistrationFilter {
  search?: string;
  status?: CachedRegistration['status'];
}

/** Cached registrations (admins), newest first like the list screen's default. */
export async function queryRegistrations(db: AppDB, filter: RegistrationFilter = {}): Promise<CachedRegistration[]> {
  const rows = await db.registrations.toArray();
  return rows
    .filter((r) => (!filter.status || r.status === filter.status) && matchesQuery(r.searchText, filter.search))
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
}

/** One cached registration by id or registration number. */
export async function queryRegistration(db: AppDB, ref: number | string): Promise<CachedRegistration | null> {
  const byNumber = typeof ref === 'string' && !/^\d+$/.test(ref);
  const row = byNumber
    ? await db.registrations.where('registration_number').equals(ref.toUpperCase()).first()
    : await db.registrations.get(Number(ref));
  return row ?? null;
}

/** The outbox in replay order, for the sync panel. */
export const queryOutbox = (db: AppDB): Promise<OutboxOp[]> => db.outbox.orderBy('seq').toArray();
