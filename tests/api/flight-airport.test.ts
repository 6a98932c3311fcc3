/**
 * Flights name their airport: one of the event's airports (EVENT_AIRPORTS, IAH and HOU by default) or
 * Other with a name, required by both flight forms (tests/unit/flight-schema.test.ts) and optional in the
 * API (the airport came after its first flight fields); stored with its name;
 * in the flight record, the arrivals answer, the arrivals CSV (last column) and the confirmation mail.
 * Flights without one (stored before airports were asked, or sent without it) read "airport not given".
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { createTestApp } from '../helpers/app';
import { makeRegistration } from '../helpers/factories';
import { flightRow, insertFlight, lastMailTo, linkTokenFor, liveFlights, verifyAs } from './verification-fixtures';

const t = await createTestApp();
const admin = await t.makeUser('admin');
const greeter = await t.makeUser('greeter');

async function verified() {
  const reg = await makeRegistration(t.db);
  const { registrantToken } = await verifyAs(t, reg.primaryEmail);
  return { reg, registrantToken };
}

const submitVerified = (registrantToken: string, registrationId: number, flights: unknown[]) =>
  t.api('POST', '/api/flight-info/submit-verified', { registrantToken, body: { registrationId, needsTransportation: true, flights } });

async function submitWithLink(email: string, registrationId: number, flights: unknown[]) {
  await t.api('POST', `/api/registrations/${registrationId}/request-flight-info`, { token: admin.token });
  const token = linkTokenFor(t, email);
  return t.api('POST', '/api/flight-info/submit', { body: { token, email, needsTransportation: true, flights, turnstileToken: 'ok' } });
}

describe('the airport of a submitted flight', () => {
  it('may be left out by an API client: stored as "airport not given"', async () => {
    for (const flightType of ['arrival', 'departure']) {
      const { reg, registrantToken } = await verified();
      const verifiedForm = await submitVerified(registrantToken, reg.id, [flightRow({ flightType, airport: undefined })]);
      expect(verifiedForm.status).toBe(200);
      expect(verifiedForm.body.flights[0]).toMatchObject({ flight_type: flightType, airport: null, airport_name: null });
      const linkForm = await submitWithLink(reg.primaryEmail, reg.id, [flightRow({ flightType, airport: '', flightNumber: 'AA 7' })]);
      expect(linkForm.status).toBe(200);
      expect((await liveFlights(t, reg.id)).map((f) => [f.flightNumber, f.airport])).toEqual([['AA 7', null]]);
    }
  });

  it('stays as stored when a resubmission of the same flight leaves it out, and the pickup is kept', async () => {
    const { reg, registrantToken } = await verified();
    const first = await submitVerified(registrantToken, reg.id, [flightRow({ airport: 'HOU' })]);
    const id = first.body.flights[0].id;
    const tick = await t.api('POST', `/api/flight-info/admin/flight-pickups/${id}`, { token: greeter.token, body: { picked_up: true } });
    expect(tick.status).toBe(200);
    const again = await submitVerified(registrantToken, reg.id, [flightRow({ id, airport: undefined, adultsCount: 3 })]);
    expect(again.status).toBe(200);
    expect(again.body.flights[0]).toMatchObject({ id, airport: 'HOU', airport_name: 'William P. Hobby', adults_count: 3, picked_up: true });
  });

  it("is one of the event's airports or Other with a name", async () => {
    const { reg, registrantToken } = await verified();
    const unknown = await submitVerified(registrantToken, reg.id, [flightRow({ airport: 'DFW' })]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields['flights.0.airport']).toBe('Please choose an airport from the list (or Other)');
    const unnamed = await submitVerified(registrantToken, reg.id, [flightRow({ airport: 'OTHER' })]);
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.fields['flights.0.airportName']).toBe('Airport name is required');
    expect(await liveFlights(t, reg.id)).toHaveLength(0);
  });

  it('is stored with its name and answered in the flight record; the mail names it', async () => {
    const { reg, registrantToken } = await verified();
    const res = await submitVerified(registrantToken, reg.id, [
      flightRow({ airport: 'hou', flightNumber: 'WN 10' }),
      flightRow({
        flightType: 'departure',
        airport: 'OTHER',
        airportName: 'Conroe-North Houston Regional',
        flightNumber: 'XX 1',
        flightDate: '2025-11-30',
      }),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.flights.map((f: any) => [f.airport, f.airport_name])).toEqual([
      ['HOU', 'William P. Hobby'],
      ['OTHER', 'Conroe-North Houston Regional'],
    ]);
    const mail = lastMailTo(t, reg.primaryEmail).text;
    expect(mail).toContain('landing at William P. Hobby (HOU)');
    expect(mail).toContain('taking off from Conroe-North Houston Regional');
  });

  it('is in the arrivals answer, not in the thirteen columns of the arrivals CSV; an older flight has none', async () => {
    const reg = await makeRegistration(t.db);
    const hou = await insertFlight(t, reg.id, {
      flightNumber: 'WN 22',
      flightDate: '2025-11-29',
      airport: 'HOU',
      airportName: 'William P. Hobby',
    });
    const old = await insertFlight(t, reg.id, { flightNumber: 'UA 23', flightDate: '2025-11-29', airport: null, airportName: null });
    const board = await t.api('GET', '/api/flight-info/admin/flight-arrivals?date=2025-11-29', { token: greeter.token });
    const byId = new Map(board.body.arrivals.map((a: any) => [a.id, a]));
    expect(byId.get(hou.id)).toMatchObject({ airport: 'HOU', airportName: 'William P. Hobby' });
    expect(byId.get(old.id)).toMatchObject({ airport: null, airportName: null });
    const csv = await t.api('GET', '/api/flight-info/admin/flight-arrivals/export?date=2025-11-29', { token: greeter.token });
    const rows = parse(csv.text, { bom: true }) as string[][];
    // the written thirteen columns: the airport is the board's, not the export's
    expect(rows[0]).toHaveLength(13);
    expect(rows[0].at(-1)).toBe('Special Instructions');
    expect(rows.filter((r) => r[5] === 'WN 22' || r[5] === 'UA 23')).toHaveLength(2);
    // the board's airport filter exports its own flights: an airport's, or those with none given
    const exported = async (airport: 'hou' | 'none' | 'IAH') => {
      const res = await t.api('GET', `/api/flight-info/admin/flight-arrivals/export?date=2025-11-29&airport=${airport}`, {
        token: greeter.token,
      });
      expect(res.status).toBe(200);
      // named by the airport too: one airport's file does not take the name of the whole day's
      const named = { hou: 'HOU', none: 'none', IAH: 'IAH' }[airport];
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="flight-arrivals-2025-11-29-${named}.csv"`);
      return (parse(res.text, { bom: true }) as string[][]).slice(1).map((r) => r[5]);
    };
    expect(await exported('hou')).toEqual(['WN 22']);
    expect(await exported('none')).toContain('UA 23');
    expect(await exported('none')).not.toContain('WN 22');
    expect(await exported('IAH')).not.toContain('WN 22');
    // an airport the board does not offer is a mistake, not an empty file
    const unknown = await t.api('GET', '/api/flight-info/admin/flight-arrivals/export?date=2025-11-29&airport=XYZ', {
      token: greeter.token,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      error: 'Unknown airport "XYZ": choose one of IAH, HOU, OTHER, none',
      fields: { airport: 'Must be one of IAH, HOU, OTHER, none' },
    });
  });

  it('serves the configured airports in GET /api/config', async () => {
    const res = await t.api('GET', '/api/config');
    expect(res.body.event.airports).toEqual([
      { code: 'IAH', name: 'George Bush Intercontinental' },
      { code: 'HOU', name: 'William P. Hobby' },
    ]);
  });
});
