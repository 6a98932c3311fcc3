/**
 * Fixtures for the offline-layer tests: a fresh Dexie database per test (fake-indexeddb), server-shaped
 * rows with overrides, and a scriptable fake server for the sync engine's transport.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { AppDB } from '../../pwa/offline/db';
import { applyHotelPage, applyRegistrationsPage } from '../../pwa/offline/admin-downloads';
import { applyArrivalsPage } from '../../pwa/offline/downloads';
import type { SyncRequest, SyncResponse } from '../../pwa/offline/transport';
import type { FlightArrival, HotelAssignmentRow, HotelMatchResult, PickupResult, SyncedRegistration } from '../../pwa/offline/types';
import type { RegistrationHotel } from '../../shared/schemas/hotel';
import type { Attendee } from '../../shared/schemas/records';

export const freshDb = () => new AppDB(`test-${randomUUID()}`);

/** A sessionStorage (or localStorage) kept in memory, for code that keeps a tab's state there. */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  };
}

let seq = 0;
const next = () => (seq += 1);

export function arrivalRow(o: Partial<FlightArrival> = {}): FlightArrival {
  const id = o.id ?? next();
  return {
    id,
    registrationId: 1000 + id,
    registrationNumber: `R25-T${String(id).padStart(5, '0')}`,
    primaryContactName: 'Anh Nguyen',
    primaryContactPhone: '+1 555 0100',
    primaryContactEmail: 'anh@example.org',
    airline: 'United Airlines',
    flightNumber: 'UA 1234',
    flightDate: '2025-11-27',
    flightTime: '14:30',
    airport: 'IAH',
    airportName: 'George Bush Intercontinental',
    adultsCount: 2,
    childrenCount: 1,
    childSeatsNeeded: 0,
    attendees: [
      { firstName: 'Anh', lastName: 'Nguyen', ageCategory: 'adult' },
      { firstName: 'Binh', lastName: 'Nguyen', ageCategory: 'adult' },
      { firstName: 'Cam', lastName: 'Nguyen', ageCategory: 'child' },
    ],
    specialInstructions: null,
    picked_up: false,
    picked_up_at: null,
    picked_up_by: null,
    picked_up_by_user_id: null,
    pickup_device: null,
    pickup_received_at: null,
    hotel: null,
    hotelWarnings: [],
    version: 10,
    ...o,
  };
}

export function bookingRow(o: Partial<HotelAssignmentRow> = {}): HotelAssignmentRow {
  const id = o.id ?? next();
  return {
    id,
    guest_name: 'Anh Nguyen',
    confirmation_number: `CONF-${id}`,
    hotel_confirmation_number: `CONF-${id}`,
    room_type: 'King',
    room_number: '214',
    check_in_date: '2025-11-27',
    check_out_date: '2025-11-30',
    nights: 3,
    vip_status: null,
    notes: null,
    registration_id: null,
    matched_at: null,
    version: 20,
    ...o,
  };
}

export function registrationRow(o: Partial<SyncedRegistration> = {}): SyncedRegistration {
  const id = o.id ?? next();
  return {
    id,
    registration_number: `R25-X${String(id).padStart(5, '0')}`,
    status: 'active',
    payment_status: 'pending',
    created_at: '2025-06-01T12:00:00.000Z',
    updated_at: '2025-06-01T12:00:00.000Z',
    primary_email: `family${id}@example.org`,
    primary_phone: '+1 555 0100',
    primary_first_name: 'Anh',
    primary_last_name: 'Nguyen',
    primary_age_category: 'adult',
    city: 'Houston',
    state: 'TX',
    country: 'USA',
    special_requests: null,
    dietary_restrictions: null,
    emergency_contact_name: null,
    emergency_contact_phone: null,
    notes: null,
    needs_transportation: true,
    hotel_confirmation_number: null,
    hotel_room_number: null,
    hotel_room_type: null,
    hotel_check_in_date: null,
    hotel_check_out_date: null,
    hotel_nights: null,
    hotel_guest_name: null,
    hotel_notes: null,
    cancel_reason: null,
    cancelled_at: null,
    cancelled_by: null,
    flight_info_requested_at: null,
    attendee_count: 1,
    attendees: [],
    flights: [],
    version: 30,
    ...o,
  };
}

/** An attendee of a cached registration, not checked in. */
export function attendeeRow(o: Partial<Attendee> & { id: number; registration_id: number }): Attendee {
  return {
    first_name: 'Anh',
    last_name: 'Nguyen',
    is_primary: false,
    age_category: 'adult',
    relationship: null,
    relationship_other: null,
    age: null,
    gender: null,
    dietary_restrictions: null,
    cultural_programs: [],
    created_at: '2025-06-01T12:00:00.000Z',
    checked_in: false,
    checked_in_at: null,
    checked_in_by: null,
    checked_in_device: null,
    ...o,
  };
}

export async function seedArrivals(db: AppDB, rows: FlightArrival[], cursor = 100) {
  await applyArrivalsPage(db, { arrivals: rows, removed: [], cursor, hasMore: false, serverTime: new Date().toISOString() });
}

export async function seedBookings(db: AppDB, rows: HotelAssignmentRow[], cursor = 100) {
  await applyHotelPage(db, { assignments: rows, removed: [], cursor, hasMore: false, serverTime: new Date().toISOString() });
}

export async function seedRegistrations(db: AppDB, rows: SyncedRegistration[], cursor = 100) {
  await applyRegistrationsPage(db, { registrations: rows, removed: [], cursor, hasMore: false, serverTime: new Date().toISOString() });
}

/** A pickup answer as the server gives it. */
export function pickupAnswer(o: Partial<PickupResult> & { id: number }): PickupResult {
  return {
    picked_up: true,
    picked_up_at: '2025-11-27T20:31:00.000Z',
    picked_up_by: 'Ana Lima',
    picked_up_by_user_id: 7,
    pickup_device: 'dev',
    pickup_tap_at: '2025-11-27T20:31:00.000Z',
    pickup_received_at: '2025-11-27T20:31:05.000Z',
    pickup_changed_by: 'Ana Lima',
    version: 50,
    changed: true,
    stale: false,
    serverTime: new Date().toISOString(),
    ...o,
  };
}

/** A hotel link's answer as the server sends it (POST /hotel-assignments/{id}/match): the booking linked to the registration. */
export function linkAnswer(
  assignmentId: number,
  registrationId: number,
  o: { message?: string; registration?: Partial<RegistrationHotel> } = {},
): HotelMatchResult {
  const booking = bookingRow({ id: assignmentId, registration_id: registrationId });
  return {
    message: o.message ?? 'Linked',
    assignment: booking,
    registration: {
      id: registrationId,
      registration_number: `R25-X${String(registrationId).padStart(5, '0')}`,
      primary_first_name: 'Anh',
      primary_last_name: 'Nguyen',
      hotel_confirmation_number: booking.confirmation_number,
      hotel_room_number: booking.room_number,
      hotel_room_type: booking.room_type,
      hotel_check_in_date: booking.check_in_date,
      hotel_check_out_date: booking.check_out_date,
      hotel_nights: booking.nights,
      hotel_guest_name: booking.guest_name,
      hotel_notes: booking.notes,
      version: 80,
      warnings: [],
      ...o.registration,
    },
    changed: true,
  };
}

export type Handler = (req: SyncRequest) => SyncResponse | Promise<SyncResponse>;

export const PICKUP_BATCH_PATH = '/flight-info/admin/flight-pickups/batch';

interface BatchOp {
  opId: string;
  flightId: number;
  [field: string]: unknown;
}

/** A batch request as the single-route requests it stands for, in order. */
/** The desk's batch of check-ins, answered op by op like the pickups' batch. */
export const CHECK_IN_BATCH_PATH = '/registrations/check-in/batch';

export function opsOf(req: SyncRequest): SyncRequest[] {
  if (req.path === CHECK_IN_BATCH_PATH) {
    return (req.body as { ops: { opId: string; registration_id: number }[] }).ops.map(({ opId, registration_id, ...body }) => ({
      method: 'POST',
      path: `/registrations/${registration_id}/check-in`,
      body,
      idempotencyKey: opId,
    }));
  }
  if (req.path !== PICKUP_BATCH_PATH) return [req];
  return (req.body as { ops: BatchOp[] }).ops.map(({ opId, flightId, ...body }) => ({
    method: 'POST',
    path: `/flight-info/admin/flight-pickups/${flightId}`,
    body,
    idempotencyKey: opId,
  }));
}

/**
 * A fake server: every request is recorded; `route` answers by method + path prefix; an unhandled
 * request is a test failure (500 with a message). Empty feeds by default.
 *
 * A pickup batch without a route of its own is answered as the real server does: each op by the route
 * of its single request (`POST /flight-info/admin/flight-pickups/{id}`), one result per op; a 401 or a
 * 5xx for any op is the answer to the whole request (the server fails the whole transaction).
 * `opsSent()` lists what was sent op by op, batches unfolded.
 */
export function fakeServer(routes: Record<string, Handler> = {}) {
  const requests: SyncRequest[] = [];
  const table: Record<string, Handler> = {
    'GET /sync/time': () => ({ status: 200, body: { serverTime: new Date().toISOString() } }),
    'GET /sync/arrivals': () => ({
      status: 200,
      body: { arrivals: [], removed: [], cursor: 1, hasMore: false, serverTime: new Date().toISOString() },
    }),
    'GET /sync/hotel': () => ({
      status: 200,
      body: { assignments: [], removed: [], cursor: 1, hasMore: false, serverTime: new Date().toISOString() },
    }),
    'GET /sync/registrations': () => ({
      status: 200,
      body: { registrations: [], removed: [], cursor: 1, hasMore: false, serverTime: new Date().toISOString() },
    }),
    ...routes,
  };
  const routeOf = (req: SyncRequest) =>
    Object.keys(table)
      .filter((k) => {
        const [m, p] = k.split(' ');
        return m === req.method && req.path.startsWith(p);
      })
      .sort((a, b) => b.length - a.length)[0];
  const answer = async (req: SyncRequest): Promise<SyncResponse> => {
    const key = routeOf(req);
    if (!key) return { status: 500, body: { error: `fake server: no route for ${req.method} ${req.path}` } };
    return table[key](req);
  };
  const batch = async (req: SyncRequest): Promise<SyncResponse> => {
    const results: { opId: string; status: number; body: unknown }[] = [];
    for (const single of opsOf(req)) {
      const res = await answer(single);
      if (res.status === 401 || res.status >= 500) return res;
      results.push({ opId: single.idempotencyKey!, status: res.status, body: res.body });
    }
    return { status: 200, body: { results } };
  };
  const transport = async (req: SyncRequest): Promise<SyncResponse> => {
    requests.push(req);
    const batched = req.path === PICKUP_BATCH_PATH || req.path === CHECK_IN_BATCH_PATH;
    if (batched && routeOf(req) !== `POST ${req.path}`) return batch(req);
    return answer(req);
  };
  const uploads = () => requests.filter((r) => r.method === 'POST');
  return { transport, requests, routes: table, uploads, opsSent: () => uploads().flatMap(opsOf) };
}
