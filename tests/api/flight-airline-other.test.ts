/**
 * The airline as written: a listed one stays as the client wrote it ('Delta') and is the same flight
 * as its long name; "Other" with a name stores the name, so the flight record, the greeters' arrivals,
 * the CSV and the mail all show it, and the form reopens it as Other with the name.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { makeRegistration } from '../helpers/factories';
import { flightRow, lastMailTo, liveFlights, verifyAs } from './verification-fixtures';
import { formRowsFromExisting } from '../../shared/schemas/flight';

const t = await createTestApp();
const greeter = await t.makeUser('greeter');

async function verified() {
  const reg = await makeRegistration(t.db);
  const { registrantToken } = await verifyAs(t, reg.primaryEmail);
  return { reg, registrantToken };
}

const submit = (registrantToken: string, registrationId: number, flights: unknown[]) =>
  t.api('POST', '/api/flight-info/submit-verified', { registrantToken, body: { registrationId, needsTransportation: true, flights } });

describe('an airline by name', () => {
  it('Other without a name is taken from an API client as Other (the forms ask for the name)', async () => {
    const { reg, registrantToken } = await verified();
    const res = await submit(registrantToken, reg.id, [flightRow({ airline: 'Other', flightNumber: 'XY 12' })]);
    expect(res.status).toBe(200);
    expect(res.body.flights[0].airline).toBe('Other');
    expect((await liveFlights(t, reg.id)).map((f) => f.airline)).toEqual(['Other']);
  });

  it('a listed airline is kept as written, and is still the same flight when written the long way', async () => {
    const { reg, registrantToken } = await verified();
    const first = await submit(registrantToken, reg.id, [flightRow({ airline: 'Delta', flightNumber: 'DL 7' })]);
    expect(first.status).toBe(200);
    expect(first.body.flights[0].airline).toBe('Delta');
    const pickup = await t.api('POST', `/api/flight-info/admin/flight-pickups/${first.body.flights[0].id}`, {
      token: greeter.token,
      body: { picked_up: true, picked_up_by: 'Ana' },
    });
    expect(pickup.status).toBe(200);
    // the same landing written the long way: the airline as now written, the pickup kept
    const again = await submit(registrantToken, reg.id, [
      flightRow({ id: first.body.flights[0].id, airline: 'Delta Air Lines', flightNumber: 'DL7' }),
    ]);
    expect(again.status).toBe(200);
    expect(again.body.flights[0]).toMatchObject({ airline: 'Delta Air Lines', flight_number: 'DL7', picked_up: true });
  });

  it('Other with a name stores the name: record, greeters’ arrivals, mail; the form reopens it as Other', async () => {
    const { reg, registrantToken } = await verified();
    const res = await submit(registrantToken, reg.id, [flightRow({ airline: 'Other', airlineName: 'Aeroméxico', flightNumber: 'AM 480' })]);
    expect(res.status).toBe(200);
    const [record] = res.body.flights;
    expect(record.airline).toBe('Aeroméxico');
    const board = await t.api('GET', '/api/flight-info/admin/flight-arrivals', { token: greeter.token });
    expect(board.body.arrivals.find((a: { registrationId: number }) => a.registrationId === reg.id)).toMatchObject({
      airline: 'Aeroméxico',
      flightNumber: 'AM 480',
    });
    expect(lastMailTo(t, reg.primaryEmail)?.text).toContain('Aeroméxico');
    expect(formRowsFromExisting(res.body.flights)[0]).toMatchObject({ airline: 'Other', airlineName: 'Aeroméxico' });
  });
});
