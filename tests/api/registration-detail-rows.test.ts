/**
 * The registration detail is read in one statement, its attendees and flights as JSON columns mapped back
 * through the schema (rowsFromJson in server/db/rows.ts): every column must come back exactly as a plain
 * select of the same rows gives it (timestamps with microseconds, dates, times, versions, nulls).
 */
import { describe, expect, it } from 'vitest';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { createTestApp } from '../helpers/app';
import { makeRegistration } from '../helpers/factories';
import { attendees, culturalPrograms, flights, registrations } from '../../server/db/schema';
import { registrationDetailRows } from '../../server/services/registrations/registration-view';

const t = await createTestApp();
const admin = await t.makeUser('admin', { first_name: 'Rosa', last_name: 'Diaz' });

describe('the registration detail read in one statement', () => {
  it('maps every attendee and flight column as a select does, in the same order, removed rows left out', async () => {
    const reg = await makeRegistration(t.db, {
      attendees: [
        { firstName: 'Leo', lastName: 'Silva', ageCategory: 'child', age: 9, gender: 'male', dietaryRestrictions: 'nuts' },
        { firstName: 'Mia', lastName: 'Silva', relationship: 'other', relationshipOther: 'cousin' },
      ],
      flights: [
        { flightNumber: 'UA1', flightDate: '2025-11-27', flightTime: '14:05' },
        { flightNumber: 'AA2', flightType: 'departure', flightDate: '2025-11-30', flightTime: null },
        { flightNumber: 'DL3', flightDate: null, flightTime: null },
        { flightNumber: 'WN4', removedAt: new Date() },
      ],
    });
    // microseconds, a tap time, a check-in, a removed attendee, programs
    await t.db.execute(sql`
      update attendees set checked_in = true, checked_in_at = '2025-11-27 10:11:12.345678+00',
        check_in_tap_at = now(), checked_in_by = 'Desk 1', check_in_device = 'ipad'
      where registration_id = ${reg.id} and first_name = 'Leo'`);
    await t.db.execute(sql`
      update flights set picked_up = true, picked_up_at = '2025-11-27 15:00:00.000001+00', picked_up_by = 'Greeter',
        pickup_tap_at = now(), pickup_received_at = now(), special_instructions = 'wheelchair'
      where registration_id = ${reg.id} and flight_number = 'UA1'`);
    const [mia] = await t.db
      .select()
      .from(attendees)
      .where(and(eq(attendees.registrationId, reg.id), eq(attendees.firstName, 'Mia')));
    await t.db.insert(culturalPrograms).values([
      { attendeeId: mia.id, programType: 'music' },
      { attendeeId: mia.id, programType: 'dance' },
    ]);
    const [gone] = await t.db
      .insert(attendees)
      .values({ registrationId: reg.id, firstName: 'Old', lastName: 'Silva', ageCategory: 'adult', removedAt: new Date() })
      .returning();

    const detail = (await registrationDetailRows(t.db, reg.registrationNumber))!;
    const [row] = await t.db.select().from(registrations).where(eq(registrations.id, reg.id));
    const people = await t.db
      .select()
      .from(attendees)
      .where(and(eq(attendees.registrationId, reg.id), isNull(attendees.removedAt)))
      .orderBy(desc(attendees.isPrimary), asc(attendees.id));
    const trips = await t.db
      .select()
      .from(flights)
      .where(and(eq(flights.registrationId, reg.id), isNull(flights.removedAt)))
      .orderBy(asc(flights.flightType), asc(flights.flightDate), asc(flights.flightTime), asc(flights.id));
    expect(detail.row).toEqual(row);
    expect(detail.attendees.map((a) => a.attendee)).toEqual(people);
    expect(detail.attendees.map((a) => a.attendee.id)).not.toContain(gone.id);
    expect(detail.flights).toEqual(trips);
    expect(detail.flights.map((f) => f.flightNumber)).toEqual(['UA1', 'DL3', 'AA2']);
    const programs = detail.attendees.find((a) => a.attendee.id === mia.id)!.programs;
    expect(programs.map((p) => p.programType)).toEqual(['music', 'dance']);
    expect(detail.cancelledBy).toBeNull();
    // by id too (read at the snapshot of its own statement, which other test files' writes may move)
    expect(await registrationDetailRows(t.db, String(reg.id))).toEqual({ ...detail, snapshot: expect.any(String) });
  });

  it('names who cancelled it, and finds nothing for an unknown reference', async () => {
    const reg = await makeRegistration(t.db);
    await t.db.update(registrations).set({ status: 'cancelled', cancelledBy: admin.id }).where(eq(registrations.id, reg.id));
    expect((await registrationDetailRows(t.db, reg.id))!.cancelledBy).toBe('Rosa Diaz');
    expect(await registrationDetailRows(t.db, 'R25-NOPE22')).toBeNull();
    expect(await registrationDetailRows(t.db, '999999')).toBeNull();
    expect(await registrationDetailRows(t.db, 'R25\u0000')).toBeNull();
  });
});
