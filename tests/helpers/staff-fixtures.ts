/**
 * Factories for the on-site staff tests (arrivals, pickups, hotel, sync): rows inserted directly with
 * drizzle so these tests do not depend on the registration and flight APIs. Every call makes unique
 * numbers and names unless overridden; no test relies on another's ids.
 */
import type { Db } from '../../server/db/client';
import { attendees, flights, hotelAssignments, registrations } from '../../server/db/schema';
import { newRegistrationNumber } from '../../server/services/registrations/registration-number';
import { buildSearchText } from '../../server/services/registrations/search-text';

type RegistrationInsert = typeof registrations.$inferInsert;
type FlightInsert = typeof flights.$inferInsert;
type HotelInsert = typeof hotelAssignments.$inferInsert;

export interface PersonSpec {
  firstName: string;
  lastName: string;
  ageCategory?: 'adult' | 'youth' | 'child';
  removed?: boolean;
}

let seq = 0;
const uniq = () => `${Date.now().toString(36)}${(seq += 1)}`;

/** A registration whose primary contact is attendee #1, plus `others` as further attendees. */
export async function makeRegistration(db: Db, overrides: Partial<RegistrationInsert> = {}, others: PersonSpec[] = []) {
  const n = uniq();
  const values = {
    registrationNumber: newRegistrationNumber(2025),
    primaryEmail: `family-${n}@test.example`,
    primaryPhone: '+1 555 0100',
    primaryFirstName: 'Ana',
    primaryLastName: `Family${n}`,
    ...overrides,
  } satisfies RegistrationInsert;
  const people: PersonSpec[] = [{ firstName: values.primaryFirstName, lastName: values.primaryLastName }, ...others];
  const [reg] = await db
    .insert(registrations)
    .values({
      ...values,
      searchText: buildSearchText(
        values,
        people.filter((p) => !p.removed),
      ),
    })
    .returning();
  const rows = await db
    .insert(attendees)
    .values(
      people.map((p, i) => ({
        registrationId: reg.id,
        firstName: p.firstName,
        lastName: p.lastName,
        isPrimary: i === 0,
        ageCategory: p.ageCategory ?? 'adult',
        relationship: i === 0 ? ('self' as const) : ('other' as const),
        removedAt: p.removed ? new Date() : null,
      })),
    )
    .returning();
  return { ...reg, attendees: rows };
}

/** An arrival on 2025-11-27 at 14:30 for one adult unless overridden. */
export async function makeFlight(db: Db, registrationId: number, overrides: Partial<FlightInsert> = {}) {
  const [row] = await db
    .insert(flights)
    .values({
      registrationId,
      flightType: 'arrival',
      airline: 'United Airlines',
      flightNumber: `UA${100 + (seq % 800)}`,
      flightDate: '2025-11-27',
      flightTime: '14:30',
      airport: 'IAH',
      airportName: 'George Bush Intercontinental',
      adultsCount: 1,
      ...overrides,
    })
    .returning();
  return row;
}

/** An unmatched hotel booking with a unique confirmation number unless overridden. */
export async function makeHotelAssignment(db: Db, overrides: Partial<HotelInsert> = {}) {
  const [row] = await db
    .insert(hotelAssignments)
    .values({
      guestName: 'Ana Silva',
      confirmationNumber: `CONF-${uniq()}`,
      roomType: 'King Lake View',
      roomNumber: null,
      checkInDate: '2025-11-27',
      checkOutDate: '2025-11-30',
      nights: 3,
      ...overrides,
    })
    .returning();
  return row;
}
