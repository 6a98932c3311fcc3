/**
 * Small fixtures for the visitor API tests: a flight row written straight into the table, readers for the
 * mail sink (codes and links), a verified visitor. Registrations come from tests/helpers/factories.ts.
 */
import { eq } from 'drizzle-orm';
import { flights } from '../../server/db/schema';
import type { TestApp } from '../helpers/app';

/** A flight row for `registrationId`, straight into the table (as an admin import or an earlier submit would). */
export async function insertFlight(t: TestApp, registrationId: number, overrides: Partial<typeof flights.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(flights)
    .values({
      registrationId,
      flightType: 'arrival',
      airline: 'United Airlines',
      flightNumber: 'UA1234',
      flightDate: '2025-11-27',
      flightTime: '14:30',
      airport: 'IAH',
      airportName: 'George Bush Intercontinental',
      adultsCount: 2,
      ...overrides,
    })
    .returning();
  return row;
}

/** Runs `fn` while the mail server refuses every mail, and answers what `fn` answers. */
export async function whileMailFails<T>(t: TestApp, fn: () => Promise<T>): Promise<T> {
  const send = t.deps.mailer.send;
  t.deps.mailer.send = async () => {
    throw new Error('SMTP down');
  };
  try {
    return await fn();
  } finally {
    t.deps.mailer.send = send;
  }
}

export const mailsTo = (t: TestApp, email: string) => t.mail.filter((m) => m.to.toLowerCase() === email.toLowerCase());

export function lastMailTo(t: TestApp, email: string) {
  const all = mailsTo(t, email);
  if (!all.length) throw new Error(`no mail to ${email}`);
  return all[all.length - 1];
}

/** The code in the last code mail to `email`. */
export function codeFor(t: TestApp, email: string): string {
  const m = /verification code is: ([A-Z0-9]{6})/.exec(lastMailTo(t, email).text);
  if (!m) throw new Error('no code in the mail');
  return m[1];
}

/** The token of the last flight-info link mailed to `email`. */
export function linkTokenFor(t: TestApp, email: string): string {
  const m = /\/flight-info\/([A-Za-z0-9_-]+)/.exec(lastMailTo(t, email).text);
  if (!m) throw new Error('no flight-info link in the mail');
  return m[1];
}

/** Verifies `email` through the given flow and returns the verify-code answer (registrant token included). */
export async function verifyAs(t: TestApp, email: string, flow: 'registrations' | 'flight-info' = 'flight-info') {
  const sent = await t.api('POST', `/api/${flow}/send-verification`, { body: { email, turnstileToken: 'x' } });
  if (sent.status !== 200) throw new Error(`send-verification ${sent.status} ${JSON.stringify(sent.body)}`);
  const res = await t.api('POST', `/api/${flow}/verify-code`, { body: { email, code: codeFor(t, email) } });
  if (res.status !== 200) throw new Error(`verify-code ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export const flightRow = (overrides: Record<string, unknown> = {}) => ({
  flightType: 'arrival',
  airline: 'American Airlines',
  flightNumber: 'AA100',
  flightDate: '2025-11-27',
  flightTime: '15:45',
  airport: 'IAH',
  adultsCount: 2,
  childrenCount: 1,
  childSeatsNeeded: 1,
  specialInstructions: 'Wheelchair at the gate',
  ...overrides,
});

export async function liveFlights(t: TestApp, registrationId: number) {
  return (await t.db.select().from(flights).where(eq(flights.registrationId, registrationId))).filter((f) => !f.removedAt);
}
