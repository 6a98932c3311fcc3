/**
 * Rooming-list import : the hotel's CSV of bookings becomes hotel_assignments rows.
 *
 *   1. parse with csv-parse (BOM, ',' ';' or tab, quoted fields), header row first;
 *   2. match headers forgivingly (case, spaces and punctuation ignored, common synonyms: 'Conf #',
 *      'Arrival', 'Room #'…), separate 'First Name' / 'Last Name' columns are joined;
 *   3. check every row (line-level errors, dates 'YYYY-MM-DD' or 'MM/DD/YYYY', nights from the dates
 *      when missing, a confirmation number only once per file);
 *   4. plan each valid row against the live bookings: create, update (same confirmation number: only
 *      the columns the file has are written, the link to a registration is kept and the registration's
 *      copy refreshed) or unchanged;
 *   5. a dry run stops here (the preview); otherwise the valid rows are written in one transaction.
 */
import { parse } from 'csv-parse/sync';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { hotelAssignments, registrations } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { daysBetween } from '../../../shared/calendar-days';
import { calendarDate } from '../../../shared/time-zone';
import { longDate } from '../../../shared/calendar-date';
import type { Actor } from '../operations/audit';
import { audit } from '../operations/audit';
import {
  hotelFieldsOf,
  lockLinkedRegistration,
  serializeAssignment,
  setRegistrationHotel,
  showsFields,
  type HotelRow,
} from './hotel-assignments';
import { isCalendarDate } from '../../../shared/schemas/arrivals';
import type { ImportResult, ImportRowResult, RoomingField, RoomingRow } from '../../../shared/schemas/hotel';

const key = (h: string) =>
  h
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Normalised header → field. 'Conf #' → 'conf', 'Check-In Date' → 'checkindate'. */
const SYNONYMS: Record<RoomingField | 'first_name' | 'last_name', string[]> = {
  guest_name: ['guest', 'guestname', 'name', 'fullname', 'guestfullname', 'primaryguest', 'primaryguestname', 'guests', 'occupant'],
  first_name: ['firstname', 'first', 'guestfirstname', 'givenname', 'forename'],
  last_name: ['lastname', 'last', 'guestlastname', 'surname', 'familyname'],
  confirmation_number: [
    'conf',
    'confno',
    'confnum',
    'confnumber',
    'confirmation',
    'confirmationno',
    'confirmationnum',
    'confirmationnumber',
    'confirmationcode',
    'confirmationid',
    'hotelconfirmation',
    'hotelconfirmationnumber',
    'reservation',
    'reservationno',
    'reservationnumber',
    'reservationid',
    'resno',
    'resnumber',
    'booking',
    'bookingno',
    'bookingnumber',
    'bookingref',
    'bookingreference',
  ],
  room_type: ['roomtype', 'type', 'roomcategory', 'category', 'accommodation', 'accommodationtype'],
  room_number: ['room', 'roomno', 'roomnum', 'roomnumber'],
  check_in_date: ['checkin', 'checkindate', 'arrival', 'arrivaldate', 'arrive', 'arrivingon', 'in', 'datein', 'from'],
  check_out_date: ['checkout', 'checkoutdate', 'departure', 'departuredate', 'depart', 'departingon', 'out', 'dateout', 'to'],
  nights: ['nights', 'night', 'numberofnights', 'noofnights', 'nightscount', 'los', 'lengthofstay'],
  vip_status: ['vip', 'vipstatus', 'vipcode', 'viplevel'],
  notes: ['notes', 'note', 'comments', 'comment', 'remarks', 'remark', 'specialrequests', 'requests'],
};

const HEADER_INDEX = new Map<string, keyof typeof SYNONYMS>(
  (Object.entries(SYNONYMS) as [keyof typeof SYNONYMS, string[]][]).flatMap(([field, names]) => names.map((n) => [n, field] as const)),
);

const LIMITS: Record<Exclude<RoomingField, 'nights'>, number> = {
  guest_name: 200,
  confirmation_number: 100,
  room_type: 100,
  room_number: 50,
  check_in_date: 20,
  check_out_date: 20,
  vip_status: 100,
  notes: 2000,
};

const LABELS: Record<RoomingField, string> = {
  guest_name: 'Guest name',
  confirmation_number: 'Confirmation number',
  room_type: 'Room type',
  room_number: 'Room number',
  check_in_date: 'Check-in date',
  check_out_date: 'Check-out date',
  nights: 'Nights',
  vip_status: 'VIP status',
  notes: 'Notes',
};

const FORMAT_HELP =
  "Upload the hotel's rooming list as a CSV file with a header row (guest name, confirmation number, room type, room number, check-in, check-out, nights, VIP, notes).";

const SEPARATOR_NAMES: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' };

/** The delimiter of the header line: the most frequent of ',', ';' and tab outside quotes. */
function detectDelimiter(text: string): string {
  const firstLine =
    text
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .find((l) => l.trim() !== '') ?? '';
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((d) => [d, unquoted.split(d).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0][1] > 0 ? counts[0][0] : ',';
}

/** 'YYYY-MM-DD', 'MM/DD/YYYY' or 'M/D/YYYY' → 'YYYY-MM-DD'; null when it is neither or not a real date. */
export function parseRoomingDate(v: string): string | null {
  let iso: string | null = null;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  if (us) iso = `${us[3]}-${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}`;
  else if (/^\d{4}-\d{2}-\d{2}$/.test(v)) iso = v;
  return iso && isCalendarDate(iso) ? iso : null;
}

interface Parsed {
  rows: ImportRowResult[];
  columns: ImportResult['columns'];
  /** the booking fields the file gives (nights too when it has both dates): an update writes only these */
  present: ReadonlySet<RoomingField>;
}

/** The sentence of a stay whose check-out is not after its check-in. */
const DATES_OUT_OF_ORDER = 'Check-out date must be after check-in date';

/** The most bookings one import takes: a resort's rooming list is hundreds of rows. */
export const MAX_ROOMING_ROWS = 5000;

/** The event's travel dates ('YYYY-MM-DD', inclusive): a stay outside them is imported with a warning. */
export interface StayWindow {
  min: string;
  max: string;
}

/**
 * The line a record starts on, as a text editor or a spreadsheet's row numbers count: csv-parse gives the
 * line it ends on, later by each line break inside a quoted cell (a note written on two lines).
 */
function startLine(endLine: number, raw: string): number {
  // its text carries the blank lines passed over before it, and its own line break at the end
  const own = raw.replace(/^(?:[^\S\n]*\n)+/, '').replace(/\n$/, '');
  return endLine - (own.match(/\n/g)?.length ?? 0);
}

/** Steps 1–3: the file's rows with their errors and warnings. Throws 400 with a sentence for an unusable file. */
export function parseRoomingList(text: string, stayWindow?: StayWindow): Parsed {
  if (text.replace(/^\uFEFF/, '').trim() === '') throw badRequest(`The file is empty. ${FORMAT_HELP}`);
  if (text.includes('\u0000')) throw badRequest(`This does not look like a CSV file. ${FORMAT_HELP}`);
  let records: { record: string[]; info: { lines: number }; raw: string }[];
  const delimiter = detectDelimiter(text);
  try {
    // one kind of line break: csv-parse counts a Windows one inside a quoted cell as two lines
    records = parse(text.replace(/\r\n?/g, '\n'), {
      bom: true,
      delimiter,
      info: true,
      raw: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number }; raw: string }[];
  } catch (e) {
    const line = (e as { lines?: number }).lines;
    throw badRequest(`The file could not be read as CSV${line ? ` (near line ${line})` : ''}. ${FORMAT_HELP}`);
  }
  // a row of nothing but separators (a spreadsheet's trailing ',,,,') is not a booking, nor an error
  const [header, ...body] = records.filter((r, i) => i === 0 || r.record.some((cell) => cell !== ''));
  const mapped: Partial<Record<keyof typeof SYNONYMS, number>> = {};
  const headerNames: Partial<Record<RoomingField, string>> = {};
  const ignored: string[] = [];
  header.record.forEach((h, i) => {
    const field = HEADER_INDEX.get(key(h));
    if (field && mapped[field] === undefined) {
      mapped[field] = i;
      if (field !== 'first_name' && field !== 'last_name') headerNames[field] = h;
    } else if (h !== '') ignored.push(h);
  });
  const nameFromParts = mapped.guest_name === undefined && (mapped.first_name !== undefined || mapped.last_name !== undefined);
  if (nameFromParts) {
    headerNames.guest_name = [mapped.first_name, mapped.last_name]
      .filter((i) => i !== undefined)
      .map((i) => header.record[i!])
      .join(' + ');
  }
  if ((mapped.guest_name === undefined && !nameFromParts) || mapped.confirmation_number === undefined) {
    const missing = [
      mapped.guest_name === undefined && !nameFromParts ? 'guest name' : null,
      mapped.confirmation_number === undefined ? 'confirmation number' : null,
    ].filter(Boolean);
    throw badRequest(
      `The file has no ${missing.join(' or ')} column (found: ${header.record.filter(Boolean).join(', ') || 'nothing'}). ${FORMAT_HELP}`,
    );
  }
  if (body.length === 0) throw badRequest('The file has a header row but no bookings.');
  // a resort's rooming list is hundreds of rows; far past that the file is not one
  if (body.length > MAX_ROOMING_ROWS)
    throw badRequest(
      `A rooming list has at most ${MAX_ROOMING_ROWS.toLocaleString('en-US')} bookings; this file has ${body.length.toLocaleString('en-US')}.`,
    );

  const seen = new Map<string, number>();
  const rows = body.map(({ record, info, raw }): ImportRowResult => {
    const line = startLine(info.lines, raw);
    const cell = (f: keyof typeof SYNONYMS) => {
      const i = mapped[f];
      const v = i === undefined ? '' : (record[i] ?? '').trim();
      return v === '' ? null : v;
    };
    const errors: string[] = [];
    // more cells than the header names: a separator inside a name or note that is not in quotes shifted
    // every cell after it ("Singh, Chioma" read as guest "Singh", confirmation "Chioma"); a row that only
    // ends with one more separator cannot be told from one whose shifted last cell was empty
    if (record.length > header.record.length) {
      const sep = SEPARATOR_NAMES[delimiter];
      errors.push(
        `This row has ${record.length} cells but the header has ${header.record.length}: a name or note that holds a ${sep} must be in double quotes${record.at(-1) === '' ? `, and a row must not end with a ${sep}` : ''}`,
      );
    }
    const text = (f: Exclude<RoomingField, 'nights'>, v: string | null) => {
      if (v && v.length > LIMITS[f]) {
        errors.push(`${LABELS[f]} must be at most ${LIMITS[f]} characters`);
        return v.slice(0, LIMITS[f]);
      }
      return v;
    };
    const guest = nameFromParts ? [cell('first_name'), cell('last_name')].filter(Boolean).join(' ') || null : cell('guest_name');
    const date = (f: 'check_in_date' | 'check_out_date') => {
      const raw = cell(f);
      if (!raw) return null;
      const iso = parseRoomingDate(raw);
      if (!iso) errors.push(`${LABELS[f]} '${raw}' is not a date (use YYYY-MM-DD or MM/DD/YYYY)`);
      return iso;
    };
    const data: RoomingRow = {
      guest_name: text('guest_name', guest),
      confirmation_number: text('confirmation_number', cell('confirmation_number')),
      room_type: text('room_type', cell('room_type')),
      room_number: text('room_number', cell('room_number')),
      check_in_date: date('check_in_date'),
      check_out_date: date('check_out_date'),
      nights: null,
      vip_status: text('vip_status', cell('vip_status')),
      notes: text('notes', cell('notes')),
    };
    if (!data.guest_name) errors.push('Guest name is required');
    if (!data.confirmation_number) errors.push('Confirmation number is required');
    const nightsRaw = cell('nights');
    if (nightsRaw !== null) {
      if (/^\d{1,3}$/.test(nightsRaw)) data.nights = Number(nightsRaw);
      else errors.push(`Nights '${nightsRaw}' must be a whole number from 0 to 999`);
    }
    const warnings: string[] = [];
    if (data.check_in_date && data.check_out_date) {
      const n = daysBetween(data.check_in_date, data.check_out_date);
      if (n <= 0) errors.push(DATES_OUT_OF_ORDER);
      else if (data.nights === null && nightsRaw === null) data.nights = n;
      else if (data.nights !== null && data.nights !== n)
        warnings.push(`Nights ${data.nights} differs from the dates, which make ${n}: the file's ${data.nights} is kept`);
    }
    if (stayWindow)
      for (const f of ['check_in_date', 'check_out_date'] as const) {
        const d = data[f];
        if (d && (d < stayWindow.min || d > stayWindow.max))
          warnings.push(`${LABELS[f]} ${d} is outside the event's travel dates (${stayWindow.min} to ${stayWindow.max})`);
      }
    if (data.confirmation_number) {
      const earlier = seen.get(data.confirmation_number);
      if (earlier !== undefined) errors.push(`Confirmation number ${data.confirmation_number} is already on line ${earlier}`);
      else seen.set(data.confirmation_number, line);
    }
    // a row that does not import has only its errors to fix
    return { line, data, errors, warnings: errors.length ? [] : warnings, action: null };
  });
  const present = new Set(Object.keys(headerNames) as RoomingField[]);
  if (present.has('check_in_date') && present.has('check_out_date')) present.add('nights');
  return { rows, columns: { mapped: headerNames, ignored }, present };
}

const valuesOf = (d: RoomingRow) => ({
  guestName: d.guest_name!,
  confirmationNumber: d.confirmation_number!,
  roomType: d.room_type,
  roomNumber: d.room_number,
  checkInDate: d.check_in_date,
  checkOutDate: d.check_out_date,
  nights: d.nights,
  vipStatus: d.vip_status,
  notes: d.notes,
});

type BookingValues = ReturnType<typeof valuesOf>;
const COLUMN_OF: Record<keyof BookingValues, RoomingField> = {
  guestName: 'guest_name',
  confirmationNumber: 'confirmation_number',
  roomType: 'room_type',
  roomNumber: 'room_number',
  checkInDate: 'check_in_date',
  checkOutDate: 'check_out_date',
  nights: 'nights',
  vipStatus: 'vip_status',
  notes: 'notes',
};

/**
 * What re-importing a booking over `stored` writes: the columns the file has (a list without a Notes
 * column leaves the stored notes alone). The stay is one whole: a file with one of the two dates keeps
 * the booking's other, and the nights follow the dates unless the file gives them.
 */
function updateOf(d: RoomingRow, present: ReadonlySet<RoomingField>, stored: HotelRow): Partial<BookingValues> {
  const v: Partial<BookingValues> = Object.fromEntries(
    Object.entries(valuesOf(d)).filter(([k]) => present.has(COLUMN_OF[k as keyof BookingValues])),
  );
  if (present.has('check_in_date') !== present.has('check_out_date') && !present.has('nights')) {
    const { checkIn, checkOut } = stayOf(v, stored);
    v.nights = checkIn && checkOut ? daysBetween(checkIn, checkOut) : null;
  }
  return v;
}

/** The stay a booking has once `v` is written over `stored`. */
const stayOf = (v: Partial<BookingValues>, stored: HotelRow) => ({
  checkIn: v.checkInDate !== undefined ? v.checkInDate : stored.checkInDate,
  checkOut: v.checkOutDate !== undefined ? v.checkOutDate : stored.checkOutDate,
});

/** The columns `v` changes in the stored booking `a`, with the stored value and the new one (none: unchanged). */
const changesOf = (a: HotelRow, v: Partial<BookingValues>): NonNullable<ImportRowResult['changes']> =>
  (Object.keys(v) as (keyof BookingValues)[])
    .filter((k) => a[k] !== v[k])
    .map((k) => ({ field: COLUMN_OF[k], from: a[k], to: v[k] ?? null }));

/**
 * The live bookings with these confirmation numbers; `lock`: locked, in id order, before the import
 * touches any registration. Links, unlinks and deletes lock a booking and then its registration, so an
 * import that locked a booking after a registration could deadlock with them.
 */
async function liveBookings(db: DbOrTx, numbers: string[], lock = false): Promise<Map<string, HotelRow>> {
  if (numbers.length === 0) return new Map();
  const query = db
    .select()
    .from(hotelAssignments)
    .where(and(inArray(hotelAssignments.confirmationNumber, numbers), isNull(hotelAssignments.deletedAt)))
    .orderBy(hotelAssignments.id);
  const rows = lock ? await query.for('update') : await query;
  return new Map(rows.map((r) => [r.confirmationNumber, r]));
}

/** Step 4: what importing each valid row would do. */
function plan(
  { rows, present }: Parsed,
  existing: Map<string, HotelRow>,
  deleted: Map<string, Date>,
  holders: Map<number, string>,
  timeZone: string,
) {
  for (const r of rows) {
    if (r.errors.length) continue;
    const current = existing.get(r.data.confirmation_number!);
    if (!current) {
      r.action = 'create';
      const gone = deleted.get(r.data.confirmation_number!);
      if (gone)
        r.warnings.push(
          `A booking with this confirmation number was deleted on ${longDate(calendarDate(gone, timeZone))}: importing adds it again`,
        );
      continue;
    }
    const update = updateOf(r.data, present, current);
    // one date given against the booking's other: the stay must still end after it starts
    const { checkIn, checkOut } = stayOf(update, current);
    if (checkIn && checkOut && daysBetween(checkIn, checkOut) <= 0) {
      r.errors.push(DATES_OUT_OF_ORDER);
      r.warnings = [];
    } else {
      const changes = changesOf(current, update);
      r.action = changes.length ? 'update' : 'unchanged';
      if (changes.length) r.changes = changes;
      // the name is copied onto the family the booking is linked to: another name may be another family's room
      const holder = current.registrationId === null ? undefined : holders.get(current.registrationId);
      if (holder && changes.some((c) => c.field === 'guest_name'))
        r.warnings.push(`Linked to ${holder}: check the new guest name is still their booking, or unlink it`);
    }
  }
}

function summary(parsed: Parsed, dryRun: boolean): ImportResult {
  const count = (a: ImportRowResult['action']) => parsed.rows.filter((r) => r.action === a).length;
  const invalid = parsed.rows.filter((r) => r.errors.length).length;
  return {
    rows: parsed.rows,
    valid: parsed.rows.length - invalid,
    invalid,
    created: count('create'),
    updated: count('update'),
    unchanged: count('unchanged'),
    dryRun,
    columns: parsed.columns,
  };
}

/** "Tanisha Liu (R26-KXH6HA)" of each registration the bookings are linked to; `lock`: locked, in id order. */
async function linkedHolders(db: DbOrTx, bookings: Map<string, HotelRow>, lock = false): Promise<Map<number, string>> {
  const ids = [...new Set([...bookings.values()].flatMap((b) => (b.registrationId ? [b.registrationId] : [])))];
  if (!ids.length) return new Map();
  const query = db
    .select({
      id: registrations.id,
      first: registrations.primaryFirstName,
      last: registrations.primaryLastName,
      number: registrations.registrationNumber,
    })
    .from(registrations)
    .where(inArray(registrations.id, ids))
    .orderBy(registrations.id);
  const rows = lock ? await query.for('update') : await query;
  return new Map(rows.map((r) => [r.id, `${r.first} ${r.last} (${r.number})`]));
}

/** When each of `numbers` was last deleted (a booking deleted on purpose and now in the file again). */
async function deletedBookings(db: DbOrTx, numbers: string[]): Promise<Map<string, Date>> {
  if (!numbers.length) return new Map();
  const rows = await db
    .select({
      number: hotelAssignments.confirmationNumber,
      at: sql<Date>`max(${hotelAssignments.deletedAt})`.mapWith(hotelAssignments.deletedAt),
    })
    .from(hotelAssignments)
    .where(and(inArray(hotelAssignments.confirmationNumber, numbers), isNotNull(hotelAssignments.deletedAt)))
    .groupBy(hotelAssignments.confirmationNumber);
  return new Map(rows.map((r) => [r.number, r.at]));
}

/** Steps 1–5. A dry run writes nothing; a real import writes the valid rows in one transaction. */
export async function importRoomingList(
  db: Db,
  text: string,
  opts: { dryRun: boolean; stayWindow?: StayWindow; timeZone: string },
  actor: Actor,
): Promise<ImportResult> {
  const parsed = parseRoomingList(text, opts.stayWindow);
  const numbers = parsed.rows.filter((r) => !r.errors.length).map((r) => r.data.confirmation_number!);
  if (opts.dryRun) {
    const existing = await liveBookings(db, numbers);
    plan(parsed, existing, await deletedBookings(db, numbers), await linkedHolders(db, existing), opts.timeZone);
    return summary(parsed, true);
  }
  return db.transaction(async (tx) => {
    // one import at a time, so two uploads of the same list cannot both create a booking
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('hotel-import'))`);
    const existing = await liveBookings(tx, numbers, true);
    // the registrations the updated bookings may refresh, locked now in id order, as the desk's check-ins
    // lock them: locked one by one in the file's order, an import and a desk's batch could each hold one
    // the other waits for
    const holders = await linkedHolders(tx, existing, true);
    plan(parsed, existing, await deletedBookings(tx, numbers), holders, opts.timeZone);
    const now = new Date();
    for (const r of parsed.rows) {
      if (r.action === 'create') {
        const [row] = await tx.insert(hotelAssignments).values(valuesOf(r.data)).returning();
        await audit(tx, actor, 'hotel.import_create', { type: 'hotel_assignment', id: row.id }, null, serializeAssignment(row));
      } else if (r.action === 'update') {
        const before = existing.get(r.data.confirmation_number!)!;
        const [row] = await tx
          .update(hotelAssignments)
          .set({ ...updateOf(r.data, parsed.present, before), updatedAt: now, version: sql`nextval('sync_version_seq')` })
          .where(eq(hotelAssignments.id, before.id))
          .returning();
        await audit(
          tx,
          actor,
          'hotel.import_update',
          { type: 'hotel_assignment', id: row.id },
          serializeAssignment(before),
          serializeAssignment(row),
        );
        await refreshLinkedRegistration(tx, row, actor);
      }
    }
    return summary(parsed, false);
  });
}

/** A re-imported booking that a registration shows: the registration gets the new room, dates, notes. */
async function refreshLinkedRegistration(tx: DbOrTx, a: HotelRow, actor: Actor) {
  if (!a.registrationId) return;
  const reg = await lockLinkedRegistration(tx, a.registrationId);
  if (!reg || reg.hotelConfirmationNumber !== a.confirmationNumber) return;
  const fields = hotelFieldsOf(a);
  if (!showsFields(reg, fields)) await setRegistrationHotel(tx, reg, fields, actor, 'registration.hotel_reimport');
}
