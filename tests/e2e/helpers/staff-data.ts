/**
 * Seeding the on-site staff screens' data through the REAL admin API (no database access from the
 * browser tests): families with arrival flights, and rooming lists. Names carry a random word so tests
 * sharing one server never find each other's families.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { adminToken, api, server } from './playwright-utils';

/** A session of the server's bootstrap admin, for seeding. */
export const seedToken = adminToken;

/** A random capitalised word of letters, e.g. 'Kqvzeh', to make names unique. */
export function uniqueWord(length = 6): string {
  const letters = 'bcdfghjkmnpqrstvwxz';
  const bytes = randomBytes(length);
  const word = [...bytes].map((b) => letters[b % letters.length]).join('');
  return word[0].toUpperCase() + word.slice(1);
}

export interface FamilySpec {
  firstName: string;
  lastName: string;
  phone?: string;
  city?: string;
  /** further attendees besides the primary contact */
  others?: { first_name: string; last_name: string; age_category: 'adult' | 'youth' | 'child'; dietary_restrictions?: string }[];
  flight: {
    airline?: string;
    flightNumber: string;
    flightDate: string;
    flightTime: string;
    /** 'Other' needs airlineName */
    airlineName?: string;
    /** 'IAH' unless given; 'OTHER' needs airportName */
    airport?: string;
    airportName?: string;
    adultsCount?: number;
    childrenCount?: number;
    childSeatsNeeded?: number;
    specialInstructions?: string;
  };
  /** further arrival flights of the same registration (at most 19 more: 20 per submission) */
  moreFlights?: FamilySpec['flight'][];
}

export interface SeededFamily {
  registrationId: number;
  registrationNumber: string;
  email: string;
  name: string;
  /** the arrival flight's id (the pickup id) */
  flightId: number;
}

/** POST /api/registrations (manual form) then POST /api/flight-info/submit-verified with one arrival. */
export async function createFamily(spec: FamilySpec): Promise<SeededFamily> {
  const token = await seedToken();
  const email = `${spec.firstName}.${spec.lastName}.${randomBytes(3).toString('hex')}@family.test`.toLowerCase();
  const created = await api('POST', '/registrations', {
    token,
    body: {
      primary_email: email,
      primary_phone: spec.phone ?? '+1 555 0142',
      primary_first_name: spec.firstName,
      primary_last_name: spec.lastName,
      primary_age_category: 'adult',
      city: spec.city ?? 'Houston',
      state: 'TX',
      attendees: spec.others ?? [],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const reg = created.body.registration;
  const flights = await api('POST', '/flight-info/submit-verified', {
    token,
    body: {
      registrationId: reg.id,
      needsTransportation: true,
      flights: [spec.flight, ...(spec.moreFlights ?? [])].map((f) => ({
        flightType: 'arrival',
        airline: f.airline ?? 'United Airlines',
        flightNumber: f.flightNumber,
        flightDate: f.flightDate,
        flightTime: f.flightTime,
        airport: f.airport ?? 'IAH',
        ...(f.airportName && { airportName: f.airportName }),
        ...(f.airlineName && { airlineName: f.airlineName }),
        adultsCount: f.adultsCount ?? 1 + (spec.others ?? []).filter((o) => o.age_category !== 'child').length,
        childrenCount: f.childrenCount ?? (spec.others ?? []).filter((o) => o.age_category === 'child').length,
        childSeatsNeeded: f.childSeatsNeeded ?? 0,
        specialInstructions: f.specialInstructions ?? null,
      })),
    },
  });
  expect(flights.status, JSON.stringify(flights.body)).toBe(200);
  const arrival = (flights.body.flights as { id: number; flight_type: string }[]).find((x) => x.flight_type === 'arrival')!;
  return {
    registrationId: reg.id,
    registrationNumber: reg.registration_number,
    email,
    name: `${spec.firstName} ${spec.lastName}`,
    flightId: arrival.id,
  };
}

/** The server's arrival row of a flight (GET /api/flight-info/admin/flight-arrivals). */
export async function serverArrival(flightId: number, date?: string) {
  const res = await api('GET', `/flight-info/admin/flight-arrivals${date ? `?date=${date}` : ''}`, { token: await seedToken() });
  expect(res.status).toBe(200);
  return (res.body.arrivals as { id: number; picked_up: boolean; picked_up_by: string | null }[]).find((a) => a.id === flightId);
}

/** POST /api/hotel-assignments/import with a CSV body (from the test process). */
export async function importRoomingCsv(csv: string) {
  const res = await fetch(`${server().baseUrl}/api/hotel-assignments/import`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await seedToken()}`, 'Content-Type': 'text/csv', Accept: 'application/json' },
    body: csv,
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body as { created: number; updated: number; valid: number };
}

/** The live booking with this confirmation number (GET /api/hotel-assignments, limit 100 per page). */
export async function bookingByConfirmation(confirmation: string): Promise<{ id: number; registration_id: number | null } | undefined> {
  const token = await seedToken();
  for (let page = 1; ; page++) {
    const res = await api('GET', `/hotel-assignments?page=${page}&limit=100`, { token });
    expect(res.status).toBe(200);
    const found = res.body.assignments.find((a: { confirmation_number: string }) => a.confirmation_number === confirmation);
    if (found || page >= res.body.pagination.pages) return found;
  }
}

/** GET /api/registrations/{id} as the bootstrap admin. */
export async function serverRegistration(id: number) {
  const res = await api('GET', `/registrations/${id}`, { token: await seedToken() });
  expect(res.status).toBe(200);
  return res.body.registration as { hotel_confirmation_number: string | null; hotel_room_number: string | null };
}
