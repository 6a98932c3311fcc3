/**
 * GET /registrations/export: one CSV row per registration with everything a coordinator needs, attendee
 * names joined with '; ', the list's filters and sort. The matching ids are read first (small: a few
 * bytes per registration) so a database failure is still a proper error; rows are then loaded and written
 * in chunks, so memory stays flat however many registrations there are.
 */
import { and, asc, desc, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { intArrayText } from '../../db/rows';
import { attendees, flights, registrations } from '../../db/schema';
import { csvLines } from '../../lib/csv';
import { filterCondition, sortOrder } from './registration-filters';
import { isRealFlight } from '../flights/real-flight';
import type { RegistrationRow } from './registration-derived';
import { owedCents } from '../../../shared/pricing';
import { calendarDate } from '../../../shared/time-zone';
import type { RegistrationListQuery } from '../../../shared/schemas/registration';

const CHUNK = 500;

/** A chunk's ids as ONE array parameter (server/db/rows.ts intArrayText). */
const anyId = (column: typeof registrations.id | typeof attendees.registrationId | typeof flights.registrationId, ids: number[]) =>
  sql`${column} = any(${intArrayText(ids)}::int[])`;

export const EXPORT_HEADERS = [
  'Registration Number',
  'Status',
  'Payment Status',
  'Registered On',
  'First Name',
  'Last Name',
  'Email',
  'Phone',
  'Age Category',
  'Address Line 1',
  'Address Line 2',
  'City',
  'State',
  'Zip Code',
  'Country',
  'Attendee Count',
  'Adults',
  'Youth',
  'Children',
  'Attendees',
  'Base Amount',
  'Late Fee',
  'Discount %',
  'Fixed Discount',
  'Fees Waived',
  'Total Amount',
  'Paid Amount',
  'Balance Due',
  'Dietary Restrictions',
  'Special Requests',
  'Emergency Contact Name',
  'Emergency Contact Phone',
  'Notes',
  'Hotel Confirmation Number',
  'Hotel Room Number',
  'Hotel Room Type',
  'Hotel Check-in',
  'Hotel Check-out',
  'Hotel Nights',
  'Arrival Flights',
  'Departure Flights',
  'Flight Info Requested',
  'Cancel Reason',
  'Cancelled On',
  'Checked In',
] as const;

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * One formatter per time zone: building an Intl.DateTimeFormat costs far more than formatting with one,
 * and the export formats three dates per row (it was half of the export's time at 2,000 rows).
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** 'YYYY-MM-DD HH:MM' in the event's time zone (what the desk reads), or ''. */
export function localDateTime(d: Date | null, timeZone: string): string {
  if (!d) return '';
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    dateTimeFormats.set(timeZone, format);
  }
  return format.format(d);
}

/** Today's date 'YYYY-MM-DD' in the event's time zone (the export's file name). */
export const localToday = (timeZone: string, now = new Date()) => calendarDate(now, timeZone);

export async function exportIds(db: DbOrTx, q: Omit<RegistrationListQuery, 'page' | 'limit'>): Promise<number[]> {
  const rows = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(filterCondition(q))
    .orderBy(...sortOrder(q));
  return rows.map((r) => r.id);
}

interface Party {
  names: string[];
  checkedIn: number;
  adults: number;
  youth: number;
  children: number;
}

function csvRow(r: RegistrationRow, party: Party, flightCounts: { arrivals: number; departures: number }, timeZone: string) {
  const cancelled = r.status === 'cancelled';
  return [
    r.registrationNumber,
    r.status,
    r.paymentStatus === 'completed' ? 'paid' : r.paymentStatus,
    localDateTime(r.createdAt, timeZone),
    r.primaryFirstName,
    r.primaryLastName,
    r.primaryEmail,
    r.primaryPhone,
    r.primaryAgeCategory,
    r.addressLine1,
    r.addressLine2,
    r.city,
    r.state,
    r.zipCode,
    r.country,
    party.names.length,
    party.adults,
    party.youth,
    party.children,
    party.names.join('; '),
    dollars(r.baseAmountCents),
    dollars(r.lateFeeCents),
    Number(r.discountPercentage).toFixed(2),
    dollars(r.fixedDiscountCents),
    r.waiveFees ? 'Yes' : 'No',
    dollars(r.totalAmountCents),
    dollars(r.paidAmountCents),
    // summing the column gives what is still owed
    dollars(owedCents(r.status, r.totalAmountCents, r.paidAmountCents)),
    r.dietaryRestrictions,
    r.specialRequests,
    r.emergencyContactName,
    r.emergencyContactPhone,
    r.notes,
    r.hotelConfirmationNumber,
    r.hotelRoomNumber,
    r.hotelRoomType,
    r.hotelCheckInDate,
    r.hotelCheckOutDate,
    r.hotelNights,
    flightCounts.arrivals,
    flightCounts.departures,
    localDateTime(r.flightInfoRequestedAt, timeZone),
    // a reactivated registration keeps its last cancellation in its history, not in this row
    cancelled ? r.cancelReason : null,
    cancelled ? localDateTime(r.cancelledAt, timeZone) : null,
    party.checkedIn,
  ];
}

/**
 * The CSV of one chunk of registrations, in the order of `chunk`. A function of its own so that the
 * chunk's rows are garbage as soon as their text exists: only the text lives on while it is written
 * out, which keeps the export's memory the same however many registrations there are.
 */
async function chunkCsv(db: DbOrTx, chunk: number[], timeZone: string): Promise<string> {
  const [regs, people, flightRows] = await Promise.all([
    db.select().from(registrations).where(anyId(registrations.id, chunk)),
    db
      .select({
        registrationId: attendees.registrationId,
        firstName: attendees.firstName,
        lastName: attendees.lastName,
        ageCategory: attendees.ageCategory,
        checkedIn: attendees.checkedIn,
      })
      .from(attendees)
      .where(and(anyId(attendees.registrationId, chunk), isNull(attendees.removedAt)))
      .orderBy(desc(attendees.isPrimary), asc(attendees.id)),
    db
      .select({
        registrationId: flights.registrationId,
        arrivals: sql<number>`(count(*) filter (where ${flights.flightType} = 'arrival'))::int`,
        departures: sql<number>`(count(*) filter (where ${flights.flightType} = 'departure'))::int`,
      })
      .from(flights)
      .where(and(anyId(flights.registrationId, chunk), isNull(flights.removedAt), isRealFlight(flights.airline)))
      .groupBy(flights.registrationId),
  ]);
  const byId = new Map(regs.map((r) => [r.id, r]));
  const parties = new Map<number, Party>();
  for (const p of people) {
    const party = parties.get(p.registrationId) ?? { names: [], checkedIn: 0, adults: 0, youth: 0, children: 0 };
    party.names.push(`${p.firstName} ${p.lastName}`);
    if (p.checkedIn) party.checkedIn++;
    if (p.ageCategory === 'adult') party.adults++;
    else if (p.ageCategory === 'youth') party.youth++;
    else party.children++;
    parties.set(p.registrationId, party);
  }
  const flightsById = new Map(
    flightRows.map((f) => [f.registrationId, { arrivals: Number(f.arrivals), departures: Number(f.departures) }]),
  );
  const rows = chunk
    .map((id) => byId.get(id))
    .filter((r): r is RegistrationRow => r !== undefined)
    .map((r) =>
      csvRow(
        r,
        parties.get(r.id) ?? { names: [], checkedIn: 0, adults: 0, youth: 0, children: 0 },
        flightsById.get(r.id) ?? { arrivals: 0, departures: 0 },
        timeZone,
      ),
    );
  return rows.length ? csvLines(rows) : '';
}

/** The CSV text, header first, then one chunk of rows at a time in the order of `ids`. */
export async function* exportCsvChunks(db: DbOrTx, ids: number[], timeZone: string): AsyncGenerator<string> {
  yield csvLines([EXPORT_HEADERS]);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const text = await chunkCsv(db, ids.slice(i, i + CHUNK), timeZone);
    if (text) yield text;
  }
}
