/**
 * An airline outside the list of 18: "Other" asks for its name, and the name is what is stored, so the
 * flight record, the greeters' arrivals, the CSV and the mail all show it; the form reopens it as Other
 * with the name.
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
  it('Other without a name is refused with a sentence and writes nothing', async () => {
    const { reg, registrantToken } = await verified();
    const res = await submit(registrantToken, reg.id, [flightRow({ airline: 'Other' })]);
    expect(res.status).toBe(400);
    expect(res.body.fields['flights.0.airlineName']).toBe('Please type the name of the airline');
    expect(await liveFlights(t, reg.id)).toHaveLength(0);
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
