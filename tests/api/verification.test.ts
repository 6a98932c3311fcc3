import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp } from '../helpers/app';
import { makeRegistration } from '../helpers/factories';
import { registrantTokens, verificationCodes } from '../../server/db/schema';
import { CODE_ALPHABET } from '../../server/lib/tokens';
import { SENDS_PER_ADDRESS } from '../../server/services/registrants/verification';
import { codeFor, insertFlight, lastMailTo, mailsTo, verifyAs, whileMailFails } from './verification-fixtures';

const t = await createTestApp();
const guarded = await createTestApp({ CHALLENGE_PROVIDER: 'altcha' });

const send = (email: string, flow = 'registrations') =>
  t.api('POST', `/api/${flow}/send-verification`, { body: { email, turnstileToken: 'ok' } });
const verify = (email: string, code: string, flow = 'registrations') =>
  t.api('POST', `/api/${flow}/verify-code`, { body: { email, code } });

/** a code of the right shape that is not `code` */
const wrongCode = (code: string) => (code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA');

describe('POST /api/registrations/send-verification', () => {
  it('mails a 6-character code from the look-alike-free alphabet and stores only its hash', async () => {
    const reg = await makeRegistration(t.db);
    const res = await send(reg.primaryEmail);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Verification code sent' });
    const mail = lastMailTo(t, reg.primaryEmail);
    const code = codeFor(t, reg.primaryEmail);
    expect(code).toHaveLength(6);
    for (const ch of code) expect(CODE_ALPHABET).toContain(ch);
    expect(mail.html).toContain(code);
    const rows = await t.db.select().from(verificationCodes).where(eq(verificationCodes.email, reg.primaryEmail));
    expect(rows).toHaveLength(1);
    expect(rows[0].purpose).toBe('registration');
    expect(JSON.stringify(rows)).not.toContain(code);
    const minutes = (rows[0].expiresAt.getTime() - Date.now()) / 60000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
  });

  it('finds the registration whatever the case of the email', async () => {
    const reg = await makeRegistration(t.db, { columns: { primaryEmail: `Mixed.Case${Date.now()}@Test.example` } });
    const res = await send(reg.primaryEmail.toUpperCase());
    expect(res.status).toBe(200);
    expect(mailsTo(t, reg.primaryEmail)).toHaveLength(1);
  });

  it("answers 404 with the spec's sentence for an unknown email and for a cancelled registration", async () => {
    const unknown = await send('nobody-here@test.example');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('No registration found with this email');
    const cancelled = await makeRegistration(t.db, { status: 'cancelled' });
    const res = await send(cancelled.primaryEmail);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('No registration found with this email');
    expect(mailsTo(t, cancelled.primaryEmail)).toHaveLength(0);
  });

  it('validates the email with sentences', async () => {
    const missing = await t.api('POST', '/api/registrations/send-verification', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.fields.email).toBe('Email is required');
    const bad = await t.api('POST', '/api/registrations/send-verification', { body: { email: 'not-an-email' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.email).toBe('Invalid email');
    const flight = await t.api('POST', '/api/flight-info/send-verification', { body: { email: '' } });
    expect(flight.status).toBe(400);
    expect(flight.body.error).toBe('Please enter your email and complete the verification');
  });

  it('allows 3 codes per email in 15 minutes, then 429 with Retry-After and no mail', async () => {
    const reg = await makeRegistration(t.db);
    for (let i = 0; i < 3; i++) expect((await send(reg.primaryEmail)).status).toBe(200);
    const res = await send(reg.primaryEmail);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    expect(res.body.error).toMatch(/try again/);
    expect(mailsTo(t, reg.primaryEmail)).toHaveLength(3);
  });

  it("counts every mail a visitor asks for against the email's 3: either flow's code and the flight-info link", async () => {
    const reg = await makeRegistration(t.db);
    expect((await send(reg.primaryEmail)).status).toBe(200);
    expect((await send(reg.primaryEmail, 'flight-info')).status).toBe(200);
    const link = await t.api('POST', '/api/flight-info/lookup', { body: { email: reg.primaryEmail, captchaToken: 'ok' } });
    expect(link.status).toBe(200);
    for (const flow of ['registrations', 'flight-info']) {
      const res = await send(reg.primaryEmail, flow);
      expect(res.status).toBe(429);
      expect(res.body.error).toBe('Too many requests for this email. Please wait a few minutes and try again.');
    }
    expect(mailsTo(t, reg.primaryEmail)).toHaveLength(3);
  });

  it('an email no registration has is told so every time, not "too many": no mail went out', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    for (const flow of ['registrations', 'flight-info', 'registrations', 'flight-info']) {
      const res = await send(email, flow);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('No registration found with this email');
    }
    for (let i = 0; i < 2; i++) {
      const res = await t.api('POST', '/api/flight-info/lookup', { body: { email, captchaToken: 'ok' } });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('No registration found with this email address.');
    }
  });

  it('limits sends per client address too', async () => {
    const reg = await makeRegistration(t.db);
    // app.request() has no socket, so every test request comes from the address 'unknown'
    await t.db.execute(
      sql`insert into rate_limits (key, window_start, count) values ('code-send:flight-info:ip:unknown', now(), ${SENDS_PER_ADDRESS})
          on conflict (key) do update set count = ${SENDS_PER_ADDRESS}, window_start = now()`,
    );
    const res = await send(reg.primaryEmail, 'flight-info');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
    await t.db.execute(sql`delete from rate_limits where key = 'code-send:flight-info:ip:unknown'`);
    expect((await send(reg.primaryEmail, 'flight-info')).status).toBe(200);
  });
});

describe('POST /api/registrations/verify-code', () => {
  it('accepts the code in any case with the email in any case and returns the registration and a 24 h token', async () => {
    const reg = await makeRegistration(t.db, {
      firstName: 'Lena',
      lastName: 'Okafor',
      attendees: [{ firstName: 'Tobi', lastName: 'Okafor', ageCategory: 'child', relationship: 'child' }],
    });
    await send(reg.primaryEmail);
    const res = await verify(reg.primaryEmail.toUpperCase(), codeFor(t, reg.primaryEmail).toLowerCase());
    expect(res.status).toBe(200);
    expect(res.body.registration).toMatchObject({
      id: reg.id,
      registration_number: reg.registrationNumber,
      registrationNumber: reg.registrationNumber,
      primary_first_name: 'Lena',
      primary_last_name: 'Okafor',
      primaryName: 'Lena Okafor',
      email: reg.primaryEmail,
      attendees: [
        { firstName: 'Lena', lastName: 'Okafor', ageCategory: 'adult' },
        { firstName: 'Tobi', lastName: 'Okafor', ageCategory: 'child' },
      ],
    });
    expect(res.body.registrantToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // and in the header it is sent back in (docs/product.md: X-Registrant-Token)
    expect(res.headers.get('x-registrant-token')).toBe(res.body.registrantToken);
    const hours = (new Date(res.body.expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const stored = await t.db.select().from(registrantTokens).where(eq(registrantTokens.registrationId, reg.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).not.toBe(res.body.registrantToken);
    // the token opens this registration's flight info
    const mine = await t.api('GET', `/api/flight-info/registration/${reg.id}`, { registrantToken: res.body.registrantToken });
    expect(mine.status).toBe(200);
  });

  it('a code works once', async () => {
    const reg = await makeRegistration(t.db);
    await send(reg.primaryEmail);
    const code = codeFor(t, reg.primaryEmail);
    expect((await verify(reg.primaryEmail, code)).status).toBe(200);
    const again = await verify(reg.primaryEmail, code);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('Invalid or expired verification code');
  });

  it('a Verify sent again under its Idempotency-Key (its answer lost on a bad signal) is answered again; under another key, or none, the code is spent', async () => {
    const reg = await makeRegistration(t.db);
    await send(reg.primaryEmail, 'flight-info');
    const code = codeFor(t, reg.primaryEmail);
    const keyed = (key?: string, body = { email: reg.primaryEmail, code }) =>
      t.api('POST', '/api/flight-info/verify-code', { body, headers: key ? { 'Idempotency-Key': key } : {} });
    const key = 'verify-key-0001';
    // a wrong code under the key first: it spends a try, not the key
    expect((await keyed(key, { email: reg.primaryEmail, code: wrongCode(code) })).status).toBe(400);
    const first = await keyed(key);
    expect(first.status).toBe(200);
    const again = await keyed(key);
    expect(again.status).toBe(200);
    expect(again.body.registration.registration_number).toBe(reg.registrationNumber);
    expect(again.body.registrantToken).not.toBe(first.body.registrantToken);
    for (const other of [undefined, 'verify-key-0002']) {
      const spent = await keyed(other);
      expect(spent.status).toBe(400);
      expect(spent.body.error).toBe('Invalid or expired verification code');
    }
    // not past the code's own 10 minutes
    await t.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.email, reg.primaryEmail));
    expect((await keyed(key)).status).toBe(400);
    const bad = await keyed('no spaces allowed here');
    expect(bad.status).toBe(400);
  });

  it('the same Verify sent twice at once (a double send on a bad signal) is answered twice', async () => {
    const reg = await makeRegistration(t.db);
    await send(reg.primaryEmail, 'flight-info');
    const code = codeFor(t, reg.primaryEmail);
    const both = await Promise.all(
      [1, 2].map(() =>
        t.api('POST', '/api/flight-info/verify-code', {
          body: { email: reg.primaryEmail, code },
          headers: { 'Idempotency-Key': 'verify-twice-0001' },
        }),
      ),
    );
    expect(both.map((r) => r.status)).toEqual([200, 200]);
  });

  it('a wrong code is 400 with the sentence; after 5 wrong tries the right code is dead too', async () => {
    const reg = await makeRegistration(t.db);
    await send(reg.primaryEmail);
    const code = codeFor(t, reg.primaryEmail);
    for (let i = 0; i < 5; i++) {
      const res = await verify(reg.primaryEmail, wrongCode(code));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Invalid or expired verification code');
    }
    const right = await verify(reg.primaryEmail, code);
    expect(right.status).toBe(400);
    expect(right.body.error).toBe('Invalid or expired verification code');
  });

  it('4 wrong tries still leave the right code usable', async () => {
    const reg = await makeRegistration(t.db);
    await send(reg.primaryEmail);
    const code = codeFor(t, reg.primaryEmail);
    for (let i = 0; i < 4; i++) expect((await verify(reg.primaryEmail, wrongCode(code))).status).toBe(400);
    expect((await verify(reg.primaryEmail, code)).status).toBe(200);
  });

  it('a code no code can be (too short, a look-alike character) is refused without using up a try', async () => {
    const reg = await makeRegistration(t.db);
    expect((await send(reg.primaryEmail)).status).toBe(200);
    const code = codeFor(t, reg.primaryEmail);
    for (const malformed of [code.slice(0, 5), `${code.slice(0, 5)}0`, `${code.slice(0, 5)}O`.replace(/^./, '1')]) {
      for (let i = 0; i < 2; i++) {
        const res = await verify(reg.primaryEmail, malformed);
        expect(res.status).toBe(400);
        expect(res.body.error).toBe('Invalid or expired verification code');
      }
    }
    // six refusals, more than the five wrong tries a code allows: the right code still works
    expect((await verify(reg.primaryEmail, code)).status).toBe(200);
  });

  it('a new code voids the previous one', async () => {
    const reg = await makeRegistration(t.db);
    expect((await send(reg.primaryEmail)).status).toBe(200);
    const first = codeFor(t, reg.primaryEmail);
    expect((await send(reg.primaryEmail)).status).toBe(200);
    const second = codeFor(t, reg.primaryEmail);
    expect(second).not.toBe(first); // two draws of 6 from 32 characters: equal once in a billion
    const old = await verify(reg.primaryEmail, first);
    expect(old.status).toBe(400);
    expect(old.body.error).toBe('Invalid or expired verification code');
    expect((await verify(reg.primaryEmail, second)).status).toBe(200);
  });

  it('a code mail the mail server refuses is not counted against the email, and its code is withdrawn', async () => {
    const reg = await makeRegistration(t.db);
    expect((await send(reg.primaryEmail)).status).toBe(200);
    const failed = await whileMailFails(t, () => send(reg.primaryEmail));
    expect(failed.status).toBe(502);
    expect(failed.body.error).toBe('We could not send the email right now. Please try again in a few minutes.');
    // two more sends fit in the three of 15 minutes: the failed one did not count
    expect((await send(reg.primaryEmail)).status).toBe(200);
    expect((await send(reg.primaryEmail)).status).toBe(200);
    expect((await send(reg.primaryEmail)).status).toBe(429);
    const rows = await t.db.select().from(verificationCodes).where(eq(verificationCodes.email, reg.primaryEmail.toLowerCase()));
    expect(rows).toHaveLength(3);
    expect((await verify(reg.primaryEmail, codeFor(t, reg.primaryEmail))).status).toBe(200);
  });

  it('a code mail that fails leaves the code already mailed working', async () => {
    const reg = await makeRegistration(t.db);
    await send(reg.primaryEmail);
    const mailed = codeFor(t, reg.primaryEmail);
    expect((await whileMailFails(t, () => send(reg.primaryEmail))).status).toBe(502);
    expect((await verify(reg.primaryEmail, mailed)).status).toBe(200);
  });

  it('an expired code is refused', async () => {
    const reg = await makeRegistration(t.db);
    await send(reg.primaryEmail);
    await t.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.email, reg.primaryEmail));
    const res = await verify(reg.primaryEmail, codeFor(t, reg.primaryEmail));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid or expired verification code');
  });

  it("the flight-info flow's verify-code answers the token in the body and in the X-Registrant-Token header", async () => {
    const reg = await makeRegistration(t.db);
    await send(reg.primaryEmail, 'flight-info');
    const res = await verify(reg.primaryEmail, codeFor(t, reg.primaryEmail), 'flight-info');
    expect(res.status).toBe(200);
    expect(res.body.registrantToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(res.headers.get('x-registrant-token')).toBe(res.body.registrantToken);
    expect(res.body.existingFlights).toEqual([]);
  });

  it('a code is bound to its email and its purpose', async () => {
    const a = await makeRegistration(t.db);
    const b = await makeRegistration(t.db);
    await send(a.primaryEmail);
    await send(b.primaryEmail);
    const codeA = codeFor(t, a.primaryEmail);
    expect((await verify(b.primaryEmail, codeA)).status).toBe(400);
    // the registration flow's code does not open the flight-info flow
    expect((await verify(a.primaryEmail, codeA, 'flight-info')).status).toBe(400);
    expect((await verify(a.primaryEmail, codeA)).status).toBe(200);
  });

  it('limits wrong codes per client address', async () => {
    const reg = await makeRegistration(t.db);
    await send(reg.primaryEmail);
    await t.db.execute(
      sql`insert into rate_limits (key, window_start, count) values ('code-verify:ip:unknown', now(), 100)
          on conflict (key) do update set count = 100, window_start = now()`,
    );
    const res = await verify(reg.primaryEmail, codeFor(t, reg.primaryEmail));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
    await t.db.execute(sql`delete from rate_limits where key = 'code-verify:ip:unknown'`);
    // the refused attempt did not spend the code
    expect((await verify(reg.primaryEmail, codeFor(t, reg.primaryEmail))).status).toBe(200);
  });

  it('validates the code step', async () => {
    const missing = await t.api('POST', '/api/registrations/verify-code', { body: { email: 'a@test.example' } });
    expect(missing.status).toBe(400);
    expect(missing.body.fields.code).toBe('Please enter the verification code');
    const long = await verify('a@test.example', 'ABCDEFGH');
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('Invalid or expired verification code');
  });

  it('with several registrations for one email, verifies the newest one that is not cancelled', async () => {
    const email = `family-${Date.now()}@test.example`;
    const older = await makeRegistration(t.db, { email, createdAt: new Date('2025-03-01T10:00:00Z') });
    const newer = await makeRegistration(t.db, { email, createdAt: new Date('2025-04-01T10:00:00Z') });
    await makeRegistration(t.db, { email, status: 'cancelled', createdAt: new Date('2025-05-01T10:00:00Z') });
    const body = await verifyAs(t, email, 'registrations');
    expect(body.registration.id).toBe(newer.id);
    expect(body.registration.id).not.toBe(older.id);
  });

  it('an expired registrant token is 401', async () => {
    const reg = await makeRegistration(t.db);
    const { registrantToken } = await verifyAs(t, reg.primaryEmail, 'registrations');
    await t.db
      .update(registrantTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(registrantTokens.registrationId, reg.id));
    const res = await t.api('GET', `/api/flight-info/registration/${reg.id}`, { registrantToken });
    expect(res.status).toBe(401);
  });
});

describe('POST /api/flight-info/verify-code', () => {
  it('returns the registration, the token and the existing flights', async () => {
    const reg = await makeRegistration(t.db, { firstName: 'Ravi', lastName: 'Shah' });
    const flight = await insertFlight(t, reg.id, { airline: 'Delta Air Lines', flightNumber: 'DL88', flightTime: '09:05:00' });
    await insertFlight(t, reg.id, { airline: 'N/A', flightNumber: '', removedAt: new Date() });
    const body = await verifyAs(t, reg.primaryEmail, 'flight-info');
    expect(body.registration).toMatchObject({ id: reg.id, registrationNumber: reg.registrationNumber, primaryName: 'Ravi Shah' });
    expect(body.registrantToken).toBeTruthy();
    expect(body.expiresAt).toBeTruthy();
    expect(body.existingFlights).toEqual([
      expect.objectContaining({
        id: flight.id,
        flight_type: 'arrival',
        airline: 'Delta Air Lines',
        flight_number: 'DL88',
        flight_date: '2025-11-27',
        flight_time: '09:05',
        adults_count: 2,
        picked_up: false,
      }),
    ]);
  });
});

describe('the bot challenge on the visitor steps', () => {
  it("refuses a missing challenge with each step's sentence", async () => {
    const reg = await makeRegistration(guarded.db);
    const flight = await guarded.api('POST', '/api/flight-info/send-verification', { body: { email: reg.primaryEmail } });
    expect(flight.status).toBe(400);
    expect(flight.body.error).toBe('Please enter your email and complete the verification');
    const check = await guarded.api('POST', '/api/registrations/send-verification', { body: { email: reg.primaryEmail } });
    expect(check.status).toBe(400);
    expect(check.body.error).toBe('Please complete the security verification.');
    const lookup = await guarded.api('POST', '/api/flight-info/lookup', { body: { email: reg.primaryEmail } });
    expect(lookup.status).toBe(400);
    expect(lookup.body.error).toBe('Please complete the security check');
    // under the field the lookup sends its solution in
    expect(lookup.body.fields).toEqual({ captchaToken: 'Please complete the security check' });
    expect(check.body.fields).toEqual({ turnstileToken: 'Please complete the security verification.' });
    const forged = await guarded.api('POST', '/api/registrations/send-verification', {
      body: { email: reg.primaryEmail, turnstileToken: 'bm90LWEtc29sdXRpb24=' },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.error).toBe('Security verification failed. Please try again.');
    expect(mailsTo(guarded, reg.primaryEmail)).toHaveLength(0);
  });
});
