import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp } from '../helpers/app';
import { makeRegistration } from '../helpers/factories';
import { auditLog, flights, registrations } from '../../server/db/schema';
import { FLIGHT_MESSAGES, flightsBase } from '../../shared/schemas/flight';
import { verifyCodeSchema } from '../../shared/schemas/verification';
import { codeFor, flightRow, insertFlight, lastMailTo, liveFlights, mailsTo, verifyAs } from './verification-fixtures';

const t = await createTestApp();

/** A registration plus a registrant token for it. */
async function verifiedVisitor(overrides: Parameters<typeof makeRegistration>[1] = {}) {
  const reg = await makeRegistration(t.db, overrides);
  const { registrantToken } = await verifyAs(t, reg.primaryEmail);
  return { reg, registrantToken };
}

const submit = (body: unknown, auth: { registrantToken?: string; token?: string }) =>
  t.api('POST', '/api/flight-info/submit-verified', { body, ...auth });

describe('GET /api/flight-info/registration/{id}', () => {
  it('a registrant reads their own registration by id or by number, without payment or address data', async () => {
    const { reg, registrantToken } = await verifiedVisitor({ firstName: 'Ada', lastName: 'Mensah', addressLine1: '1 Secret Lane' });
    await insertFlight(t, reg.id);
    for (const ref of [String(reg.id), reg.registrationNumber]) {
      const res = await t.api('GET', `/api/flight-info/registration/${ref}`, { registrantToken });
      expect(res.status).toBe(200);
      expect(res.body.registration).toMatchObject({
        id: reg.id,
        registrationNumber: reg.registrationNumber,
        primaryName: 'Ada Mensah',
        email: reg.primaryEmail,
        attendees: [{ firstName: 'Ada', lastName: 'Mensah', ageCategory: 'adult' }],
      });
      expect(res.body.existingFlights).toHaveLength(1);
      expect(res.text).not.toContain('Secret Lane');
    }
  });

  it('is 401 without credentials and 403 for the registrant of another registration', async () => {
    const a = await verifiedVisitor();
    const b = await verifiedVisitor();
    expect((await t.api('GET', `/api/flight-info/registration/${b.reg.id}`)).status).toBe(401);
    const cross = await t.api('GET', `/api/flight-info/registration/${b.reg.id}`, { registrantToken: a.registrantToken });
    expect(cross.status).toBe(403);
    expect(cross.text).not.toContain(b.reg.primaryEmail);
    const byNumber = await t.api('GET', `/api/flight-info/registration/${b.reg.registrationNumber}`, {
      registrantToken: a.registrantToken,
    });
    expect(byNumber.status).toBe(403);
    // a number that does not exist looks the same as someone else's: no hint either way
    expect((await t.api('GET', '/api/flight-info/registration/999999', { registrantToken: a.registrantToken })).status).toBe(403);
  });

  it('an admin reads any registration (404 when absent); a greeter reads too', async () => {
    const admin = await t.makeUser('admin');
    const greeter = await t.makeUser('greeter');
    const reg = await makeRegistration(t.db);
    expect((await t.api('GET', `/api/flight-info/registration/${reg.id}`, { token: admin.token })).status).toBe(200);
    expect((await t.api('GET', `/api/flight-info/registration/${reg.id}`, { token: greeter.token })).status).toBe(200);
    const missing = await t.api('GET', '/api/flight-info/registration/999999', { token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Registration not found');
  });
});

describe('one email, two families', () => {
  it("a code opens the newest, or the one a link names; each family's confirmation mail names its own", async () => {
    const email = `two-families-${Date.now()}@test.example`;
    const older = await makeRegistration(t.db, { email, createdAt: new Date('2025-03-01T10:00:00Z') });
    const newer = await makeRegistration(t.db, { email, createdAt: new Date('2025-04-01T10:00:00Z') });
    const stranger = await makeRegistration(t.db);
    // three codes (the email's sends in 15 minutes)
    const verifyNaming = async (registrationId?: string | number) => {
      await t.api('POST', '/api/flight-info/send-verification', { body: { email, turnstileToken: 'x' } });
      const code = codeFor(t, email);
      const res = await t.api('POST', '/api/flight-info/verify-code', { body: { email, code, registrationId } });
      expect(res.status).toBe(200);
      return res.body;
    };
    const first = await verifyNaming();
    expect(first.registration.id).toBe(newer.id);
    const named = await verifyNaming(older.registrationNumber.toLowerCase());
    expect(named.registration.id).toBe(older.id);
    // another email's registration is not opened by naming it: the newest of this email is
    expect((await verifyNaming(stranger.registrationNumber)).registration.id).toBe(newer.id);

    // the older family saves its flights: its mail's link names it, so a code opens it again
    const saved = await submit({ registrationId: older.id, needsTransportation: true, flights: [flightRow()] }, named);
    expect(saved.status).toBe(200);
    expect(lastMailTo(t, email).text).toContain(
      `update your flights at ${t.config.publicUrl}/flight-info?registrationId=${older.registrationNumber} (with your email and a new code)`,
    );
    expect((await submit({ registrationId: newer.id, needsTransportation: true, flights: [flightRow()] }, first)).status).toBe(200);
    expect(lastMailTo(t, email).text).toContain(`${t.config.publicUrl}/flight-info?registrationId=${newer.registrationNumber} (`);
    // a parameter that names nothing (a link cut short, or tampered with) is passed over, not refused
    for (const registrationId of [{ x: 1 }, 'R'.repeat(41), null])
      expect(verifyCodeSchema.parse({ email, code: 'AAAAAA', registrationId }).registrationId).toBeUndefined();
  });
});

describe('POST /api/flight-info/submit-verified', () => {
  it('saves the flights, answers them, sets needs_transportation and mails a confirmation listing them', async () => {
    const { reg, registrantToken } = await verifiedVisitor({ firstName: 'Kofi', lastName: 'Asante' });
    const res = await submit(
      {
        registrationId: reg.id,
        needsTransportation: true,
        flights: [
          flightRow(),
          flightRow({
            flightType: 'departure',
            airline: 'Southwest Airlines',
            flightNumber: 'wn 2211',
            flightDate: '2025-11-30',
            flightTime: '18:10:00',
            airport: 'IAH',
            adultsCount: '2',
            childrenCount: '',
            childSeatsNeeded: undefined,
            specialInstructions: '',
          }),
        ],
      },
      { registrantToken },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Flight information submitted successfully!');
    expect(res.body.flights).toEqual([
      expect.objectContaining({
        flight_type: 'arrival',
        airline: 'American Airlines',
        flight_number: 'AA100',
        flight_date: '2025-11-27',
        flight_time: '15:45',
        adults_count: 2,
        children_count: 1,
        child_seats_needed: 1,
        special_instructions: 'Wheelchair at the gate',
        needs_transportation: true,
      }),
      expect.objectContaining({
        flight_type: 'departure',
        airline: 'Southwest Airlines',
        flight_number: 'WN 2211',
        flight_date: '2025-11-30',
        flight_time: '18:10',
        adults_count: 2,
        children_count: 0,
        child_seats_needed: 0,
        special_instructions: null,
      }),
    ]);
    const read = await t.api('GET', `/api/flight-info/registration/${reg.id}`, { registrantToken });
    expect(read.body.existingFlights.map((f: any) => f.flight_number)).toEqual(['AA100', 'WN 2211']);
    const mail = lastMailTo(t, reg.primaryEmail);
    expect(mail.subject).toMatch(/flight information/i);
    expect(mail.text).toContain('Kofi Asante');
    // the clock as the site writes it, and the note as a sentence of its own
    expect(mail.text).toContain('Arrival: American Airlines AA100 on Nov 27, 2025 at 3:45 PM (2 adults, 1 child, 1 child seat)');
    expect(mail.text).toMatch(/\(IAH\)\. Note: Wheelchair at the gate\n/);
    expect(mail.text).toContain('Departure: Southwest Airlines WN 2211 on Nov 30, 2025 at 6:10 PM (2 adults, 0 children)');
    expect(mail.html).toContain('American Airlines AA100');
    // where to change them: the flight form, reached again with the email and a code
    expect(mail.text).toContain(
      `If anything changes, update your flights at ${t.config.publicUrl}/flight-info (with your email and a new code).`,
    );
    expect(mail.html).toContain(`<a href="${t.config.publicUrl}/flight-info">update your flights</a>`);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'flights.replace'), eq(auditLog.entityId, String(reg.id))));
    expect(audit.actor).toBe(`registrant:${reg.registrationNumber}`);
  });

  it("keeps an ISO timestamp's calendar date as written, whatever its offset", async () => {
    const { reg, registrantToken } = await verifiedVisitor();
    const res = await submit(
      {
        registrationId: reg.id,
        needsTransportation: true,
        flights: [
          flightRow({ flightDate: '2025-11-27T00:00:00.000Z' }),
          flightRow({ flightType: 'departure', flightNumber: 'AA200', flightDate: '2025-11-27T23:30:00-06:00' }),
          flightRow({ flightType: 'departure', flightNumber: 'AA300', flightDate: '2025-12-02T23:59:59+14:00' }),
        ],
      },
      { registrantToken },
    );
    expect(res.status).toBe(200);
    expect(res.body.flights.map((f: any) => f.flight_date)).toEqual(['2025-11-27', '2025-11-27', '2025-12-02']);
    const stored = await liveFlights(t, reg.id);
    expect(stored.map((f) => f.flightDate).sort()).toEqual(['2025-11-27', '2025-11-27', '2025-12-02']);
  });

  it("skips 'N/A' placeholder rows", async () => {
    const { reg, registrantToken } = await verifiedVisitor();
    const res = await submit(
      { registrationId: reg.id, needsTransportation: true, flights: [{ airline: 'N/A', flightNumber: '' }, flightRow()] },
      { registrantToken },
    );
    expect(res.status).toBe(200);
    expect(res.body.flights).toHaveLength(1);
    expect((await liveFlights(t, reg.id)).map((f) => f.airline)).toEqual(['American Airlines']);
    const onlyPlaceholder = await submit(
      { registrationId: reg.id, needsTransportation: true, flights: [{ airline: 'N/A' }] },
      { registrantToken },
    );
    expect(onlyPlaceholder.status).toBe(400);
    expect(onlyPlaceholder.body.error).toBe('Please add at least one flight if you need transportation');
  });

  it("refuses bad rows with docs/product.md#messages's sentences and writes nothing", async () => {
    const { reg, registrantToken } = await verifiedVisitor();
    const mailsBefore = mailsTo(t, reg.primaryEmail).length;
    const empty = await submit(
      {
        registrationId: reg.id,
        needsTransportation: true,
        flights: [{ airline: '', flightNumber: '', flightDate: '', flightTime: '', adultsCount: '' }],
      },
      { registrantToken },
    );
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toMatchObject({
      'flights.0.airline': 'Airline is required',
      'flights.0.flightNumber': 'Flight number is required',
      'flights.0.flightDate': 'Flight date is required',
      'flights.0.flightTime': 'Flight time is required',
      'flights.0.adultsCount': 'Number of adults is required',
    });
    const negative = await submit(
      {
        registrationId: reg.id,
        needsTransportation: true,
        flights: [flightRow({ adultsCount: -1, childrenCount: -2, childSeatsNeeded: '-1' })],
      },
      { registrantToken },
    );
    expect(negative.status).toBe(400);
    expect(negative.body.fields).toMatchObject({
      'flights.0.adultsCount': 'Cannot be negative',
      'flights.0.childrenCount': 'Cannot be negative',
      'flights.0.childSeatsNeeded': 'Cannot be negative',
    });
    const outside = await submit(
      {
        registrationId: reg.id,
        needsTransportation: true,
        flights: [flightRow({ flightDate: '2025-12-03' }), flightRow({ flightDate: '2025-11-24' })],
      },
      { registrantToken },
    );
    expect(outside.status).toBe(400);
    expect(outside.body.fields['flights.0.flightDate']).toBe('Flight date must be between Nov 25, 2025 and Dec 02, 2025');
    expect(outside.body.fields['flights.1.flightDate']).toBe('Flight date must be between Nov 25, 2025 and Dec 02, 2025');
    const noFlights = await submit({ registrationId: reg.id, needsTransportation: true, flights: [] }, { registrantToken });
    expect(noFlights.status).toBe(400);
    expect(noFlights.body.error).toBe('Please add at least one flight if you need transportation');
    expect(await liveFlights(t, reg.id)).toHaveLength(0);
    expect(mailsTo(t, reg.primaryEmail)).toHaveLength(mailsBefore);
  });

  it('the confirmation mail lists the flights in the order they happen, whatever order they were typed in', async () => {
    const { reg, registrantToken } = await verifiedVisitor();
    const departure = flightRow({ flightType: 'departure', flightNumber: 'AA200', flightDate: '2025-11-30', flightTime: '09:00' });
    const lateArrival = flightRow({ flightNumber: 'AA101', flightDate: '2025-11-27', flightTime: '18:00' });
    const earlyArrival = flightRow({ flightNumber: 'AA100', flightDate: '2025-11-27', flightTime: '08:00' });
    const res = await submit(
      { registrationId: reg.id, needsTransportation: true, flights: [departure, lateArrival, earlyArrival] },
      { registrantToken },
    );
    expect(res.status).toBe(200);
    const listed = lastMailTo(t, reg.primaryEmail)
      .text.split('\n')
      .filter((line) => line.startsWith('- '))
      .map((line) => /AA\d+/.exec(line)?.[0]);
    expect(listed).toEqual(['AA100', 'AA101', 'AA200']);
    expect(lastMailTo(t, reg.primaryEmail).text).toContain('You asked for airport transportation; our greeters will look out for you.');
    // departures only: nobody meets them at the airport, and the mail does not say someone will
    await submit({ registrationId: reg.id, needsTransportation: true, flights: [departure] }, { registrantToken });
    const onlyDeparture = lastMailTo(t, reg.primaryEmail).text;
    expect(onlyDeparture).toContain('the organisers have your departure flights to arrange your ride to the airport.');
    expect(onlyDeparture).not.toContain('greeters');
  });

  it("a visitor's form sent over and over mails the family five confirmations in a quarter of an hour, says so, and still saves each; staff corrections are mailed", async () => {
    const { reg, registrantToken } = await verifiedVisitor();
    const confirmations = () => mailsTo(t, reg.primaryEmail).filter((m) => /flight information/i.test(m.subject));
    const sent = [];
    for (let i = 1; i <= 7; i++) {
      const res = await submit(
        { registrationId: reg.id, needsTransportation: true, flights: [flightRow({ flightNumber: `AA${100 + i}` })] },
        { registrantToken },
      );
      expect(res.status).toBe(200);
      sent.push(res.body.confirmationSent);
    }
    expect(sent).toEqual([true, true, true, true, true, false, false]);
    expect(confirmations()).toHaveLength(5);
    expect((await liveFlights(t, reg.id)).map((f) => f.flightNumber)).toEqual(['AA107']);
    // an organiser's correction for the family is not counted against them
    const admin = await t.makeUser('admin');
    const fixed = await submit(
      { registrationId: reg.id, needsTransportation: true, flights: [flightRow({ flightNumber: 'AA200' })] },
      { token: admin.token },
    );
    expect(fixed.body.confirmationSent).toBe(true);
    expect(confirmations()).toHaveLength(6);
    // a greeter holding the family's token saves as the family: counted
    const greeter = await t.makeUser('greeter');
    const asFamily = await t.api('POST', '/api/flight-info/submit-verified', {
      token: greeter.token,
      registrantToken,
      body: { registrationId: reg.id, needsTransportation: true, flights: [flightRow({ flightNumber: 'AA300' })] },
    });
    expect(asFamily.status).toBe(200);
    expect(asFamily.body.confirmationSent).toBe(false);
  });

  it('with no transportation needed, an empty list clears the flights', async () => {
    const { reg, registrantToken } = await verifiedVisitor();
    await insertFlight(t, reg.id);
    const res = await submit({ registrationId: reg.id, needsTransportation: false, flights: [] }, { registrantToken });
    expect(res.status).toBe(200);
    expect(res.body.flights).toEqual([]);
    const [row] = await t.db.select().from(registrations).where(eq(registrations.id, reg.id));
    expect(row.needsTransportation).toBe(false);
    // soft-removed, not deleted
    const all = await t.db.select().from(flights).where(eq(flights.registrationId, reg.id));
    expect(all).toHaveLength(1);
    expect(all[0].removedAt).not.toBeNull();
    expect(lastMailTo(t, reg.primaryEmail).text).toContain('do not need airport transportation');
  });

  it('keeps the pickup of an unchanged flight, resets it for a changed one, removes what was left out', async () => {
    const { reg, registrantToken } = await verifiedVisitor();
    const pickedAt = new Date('2025-11-27T20:40:00Z');
    const pickup = { pickedUp: true, pickedUpAt: pickedAt, pickedUpBy: 'Admin' };
    const same = await insertFlight(t, reg.id, { flightNumber: 'UA1', adultsCount: 2, ...pickup });
    const moved = await insertFlight(t, reg.id, { flightNumber: 'UA2', ...pickup });
    const dropped = await insertFlight(t, reg.id, { flightType: 'departure', flightNumber: 'UA3', flightDate: '2025-11-30' });
    const res = await submit(
      {
        registrationId: reg.id,
        needsTransportation: true,
        flights: [
          // the same flight with one more adult and a note: still the flight the greeter met
          {
            id: same.id,
            flightType: 'arrival',
            airline: 'United Airlines',
            flightNumber: 'UA1',
            flightDate: '2025-11-27',
            flightTime: '14:30',
            airport: 'IAH',
            adultsCount: 3,
            specialInstructions: 'One more',
          },
          // another flight time: a different pickup
          {
            id: moved.id,
            flightType: 'arrival',
            airline: 'United Airlines',
            flightNumber: 'UA2',
            flightDate: '2025-11-27',
            flightTime: '16:00',
            airport: 'IAH',
            adultsCount: 2,
          },
          flightRow({ flightType: 'departure', flightNumber: 'AA9', flightDate: '2025-11-30' }),
        ],
      },
      { registrantToken },
    );
    expect(res.status).toBe(200);
    const byId = new Map(res.body.flights.map((f: any) => [f.id, f]));
    // kept (the visitor reads that they were met, not by whom: the row below keeps the greeter's name)
    expect(byId.get(same.id)).toMatchObject({
      picked_up: true,
      picked_up_at: pickedAt.toISOString(),
      picked_up_by: null,
      adults_count: 3,
      special_instructions: 'One more',
    });
    expect(byId.get(moved.id)).toMatchObject({ picked_up: false, picked_up_at: null, picked_up_by: null, flight_time: '16:00' });
    expect(byId.has(dropped.id)).toBe(false);
    expect(res.body.flights).toHaveLength(3);
    const rows = await t.db.select().from(flights).where(eq(flights.registrationId, reg.id));
    const row = (id: number) => rows.find((r) => r.id === id)!;
    expect(row(same.id).pickedUpBy).toBe('Admin');
    expect(row(dropped.id).removedAt).not.toBeNull();
    // every changed row carries a newer version, so offline devices download it
    expect(row(same.id).version).toBeGreaterThan(same.version);
    expect(row(moved.id).version).toBeGreaterThan(moved.version);
    expect(row(dropped.id).version).toBeGreaterThan(dropped.version);
  });

  it('a resubmission without ids (as an API client sends it) keeps each named flight, its pickup and its airport', async () => {
    const { reg, registrantToken } = await verifiedVisitor();
    const pickedAt = new Date('2025-11-27T20:40:00Z');
    const met = await insertFlight(t, reg.id, { flightNumber: 'UA1', pickedUp: true, pickedUpAt: pickedAt, pickedUpBy: 'Admin' });
    const leaving = await insertFlight(t, reg.id, { flightType: 'departure', flightNumber: 'UA3', flightDate: '2025-11-30' });
    const { airport: _airport, ...noAirport } = flightRow();
    const res = await submit(
      {
        registrationId: reg.id,
        needsTransportation: true,
        flights: [
          // the airline and number as written another way, no airport, one more adult: the flight the greeter met
          { ...noAirport, airline: 'United', flightNumber: 'ua 1', flightDate: '2025-11-27', flightTime: '14:30', adultsCount: 3 },
          {
            ...noAirport,
            airline: 'United Airlines',
            flightType: 'departure',
            flightNumber: 'UA3',
            flightDate: '2025-11-30',
            flightTime: '14:30',
          },
        ],
      },
      { registrantToken },
    );
    expect(res.status).toBe(200);
    const rows = await liveFlights(t, reg.id);
    expect(rows.map((r) => r.id).sort()).toEqual([met.id, leaving.id].sort());
    const row = (id: number) => rows.find((r) => r.id === id)!;
    expect(row(met.id)).toMatchObject({ pickedUp: true, pickedUpBy: 'Admin', adultsCount: 3, airport: 'IAH' });
    expect(row(leaving.id)).toMatchObject({ airport: 'IAH', removedAt: null });
  });

  it('an unchanged resubmission changes no row', async () => {
    const { reg, registrantToken } = await verifiedVisitor();
    const first = await submit({ registrationId: reg.id, needsTransportation: true, flights: [flightRow()] }, { registrantToken });
    const [before] = await liveFlights(t, reg.id);
    const again = await submit(
      { registrationId: reg.id, needsTransportation: true, flights: [flightRow({ id: first.body.flights[0].id })] },
      { registrantToken },
    );
    expect(again.status).toBe(200);
    const [after] = await liveFlights(t, reg.id);
    expect(after.id).toBe(before.id);
    expect(after.version).toBe(before.version);
  });

  it('a form opened before another phone changed the flights is refused (409) and writes nothing; a pickup meanwhile is no change; sent anyway, it replaces them', async () => {
    const { reg, registrantToken } = await verifiedVisitor();
    const admin = await t.makeUser('admin');
    const first = await submit(
      { registrationId: reg.id, needsTransportation: true, flights: [flightRow({ flightTime: '15:45' })] },
      { registrantToken },
    );
    expect(first.status).toBe(200);
    // both phones open the form on what is saved
    const opened = (await t.api('GET', `/api/flight-info/registration/${reg.id}`, { registrantToken })).body;
    const basedOn = flightsBase(opened.existingFlights, opened.registration.needsTransportation);
    const id = opened.existingFlights[0].id;
    // a greeter's tick changes nothing the form shows
    const tick = await t.api('POST', `/api/flight-info/admin/flight-pickups/${id}`, { token: admin.token, body: { picked_up: true } });
    expect(tick.status).toBe(200);
    // phone B moves the time, from the same form
    const bBody = (basedOn: string) => ({
      registrationId: reg.id,
      basedOn,
      needsTransportation: true,
      flights: [flightRow({ id, flightTime: '16:20' })],
    });
    const b = await submit(bBody(basedOn), { registrantToken });
    expect(b.status).toBe(200);
    // phone B's answer was lost and it sends the same form again: it changes nothing, so it is no conflict
    const resent = await submit(bBody(basedOn), { registrantToken });
    expect(resent.status).toBe(200);
    // phone A, still on the form it opened before, adds a note
    const stale = {
      registrationId: reg.id,
      needsTransportation: true,
      flights: [flightRow({ id, flightTime: '15:45', specialInstructions: 'Need a big van' })],
    };
    const a = await submit({ ...stale, basedOn }, { registrantToken });
    expect(a.status).toBe(409);
    expect(a.body.error).toBe(FLIGHT_MESSAGES.changedMeanwhile);
    expect((await liveFlights(t, reg.id)).map((f) => [f.flightTime, f.specialInstructions])).toEqual([
      ['16:20:00', 'Wheelchair at the gate'],
    ]);
    // Send mine anyway: no base, the form replaces them
    const anyway = await submit(stale, { registrantToken });
    expect(anyway.status).toBe(200);
    expect((await liveFlights(t, reg.id)).map((f) => [f.flightTime, f.specialInstructions])).toEqual([['15:45:00', 'Need a big van']]);
  });

  it("a registrant cannot write another registration's flights, nor take over its flight rows", async () => {
    const a = await verifiedVisitor();
    const b = await verifiedVisitor();
    const bFlight = await insertFlight(t, b.reg.id, { flightNumber: 'UA777' });
    const cross = await submit(
      { registrationId: b.reg.id, needsTransportation: false, flights: [] },
      { registrantToken: a.registrantToken },
    );
    expect(cross.status).toBe(403);
    expect(await liveFlights(t, b.reg.id)).toHaveLength(1);
    // A sends B's flight id in A's own form: it becomes a new row of A, B's row is untouched
    const res = await submit(
      { registrationId: a.reg.id, needsTransportation: true, flights: [flightRow({ id: bFlight.id, flightNumber: 'AA1' })] },
      { registrantToken: a.registrantToken },
    );
    expect(res.status).toBe(200);
    expect(res.body.flights[0].id).not.toBe(bFlight.id);
    const [bRow] = await t.db.select().from(flights).where(eq(flights.id, bFlight.id));
    expect(bRow).toMatchObject({ registrationId: b.reg.id, flightNumber: 'UA777', removedAt: null });
  });

  it('is 401 anonymously, 403 for a greeter, allowed for an admin', async () => {
    const admin = await t.makeUser('admin');
    const greeter = await t.makeUser('greeter');
    const reg = await makeRegistration(t.db);
    const body = { registrationId: reg.id, needsTransportation: true, flights: [flightRow()] };
    expect((await submit(body, {})).status).toBe(401);
    expect((await submit(body, { token: greeter.token })).status).toBe(403);
    const res = await submit({ ...body, registrationId: reg.registrationNumber }, { token: admin.token });
    expect(res.status).toBe(200);
    expect(await liveFlights(t, reg.id)).toHaveLength(1);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'flights.replace'), eq(auditLog.entityId, String(reg.id))));
    expect(audit.actorUserId).toBe(admin.id);
  });
});
