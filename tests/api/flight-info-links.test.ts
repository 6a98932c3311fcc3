import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp } from '../helpers/app';
import { makeRegistration } from '../helpers/factories';
import { auditLog, flightInfoRequests, registrations } from '../../server/db/schema';
import { sha256 } from '../../server/lib/tokens';
import { flightRow, insertFlight, lastMailTo, linkTokenFor, liveFlights, mailsTo, whileMailFails } from './verification-fixtures';

const t = await createTestApp({ PUBLIC_URL: 'https://reunion.example.org' });

const request = (id: number | string, token?: string) => t.api('POST', `/api/registrations/${id}/request-flight-info`, { token });
const lookup = (email: string) => t.api('POST', '/api/flight-info/lookup', { body: { email, captchaToken: 'ok' } });
const submitWithToken = (body: Record<string, unknown>) =>
  t.api('POST', '/api/flight-info/submit', { body: { needsTransportation: true, turnstileToken: 'ok', ...body } });

async function expireLinks(registrationId: number) {
  await t.db
    .update(flightInfoRequests)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(flightInfoRequests.registrationId, registrationId));
}

describe('POST /api/registrations/{id}/request-flight-info', () => {
  it('mails the registrant a 14-day link, stamps the registration and audits it', async () => {
    const admin = await t.makeUser('admin');
    const reg = await makeRegistration(t.db, { firstName: 'Nia', lastName: 'Brooks' });
    const res = await request(reg.id, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Flight info request sent successfully!');
    const mail = lastMailTo(t, reg.primaryEmail);
    expect(mail.text).toContain('Nia Brooks');
    expect(mail.text).toMatch(/https:\/\/reunion\.example\.org\/flight-info\/[A-Za-z0-9_-]{43}/);
    const token = linkTokenFor(t, reg.primaryEmail);
    expect(mail.html).toContain(`https://reunion.example.org/flight-info/${token}`);
    const [stored] = await t.db.select().from(flightInfoRequests).where(eq(flightInfoRequests.registrationId, reg.id));
    expect(stored.tokenHash).toBe(sha256(token));
    expect(stored.createdBy).toBe(admin.id);
    const days = (stored.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    const [row] = await t.db.select().from(registrations).where(eq(registrations.id, reg.id));
    expect(row.flightInfoRequestedAt).not.toBeNull();
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'flight-info.request'), eq(auditLog.entityId, String(reg.id))));
    expect(audits[0].actorUserId).toBe(admin.id);
    // by registration number too
    expect((await request(reg.registrationNumber, admin.token)).status).toBe(200);
  });

  it('is for admins only and 404 for an unknown registration', async () => {
    const greeter = await t.makeUser('greeter');
    const admin = await t.makeUser('admin');
    const reg = await makeRegistration(t.db);
    expect((await request(reg.id)).status).toBe(401);
    expect((await request(reg.id, greeter.token)).status).toBe(403);
    expect(mailsTo(t, reg.primaryEmail)).toHaveLength(0);
    const missing = await request(999999, admin.token);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Registration not found');
  });
});

describe('POST /api/flight-info/lookup', () => {
  it('two families on one email: each is mailed the link to its own form', async () => {
    const email = `two-links-${Date.now()}@test.example`;
    const older = await makeRegistration(t.db, { email, createdAt: new Date('2025-03-01T10:00:00Z') });
    const newer = await makeRegistration(t.db, { email, createdAt: new Date('2025-04-01T10:00:00Z') });
    const before = mailsTo(t, email).length;
    const res = await lookup(email);
    expect(res.status).toBe(200);
    const mails = mailsTo(t, email).slice(before);
    expect(mails).toHaveLength(2);
    const opened = [];
    for (const mail of mails) {
      const token = /\/flight-info\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
      opened.push((await t.api('GET', `/api/flight-info/verify/${token}`)).body.request.registrationNumber);
    }
    expect(opened).toEqual([newer.registrationNumber, older.registrationNumber]);
  });

  it('refuses a cancelled registration with a sentence, and mails and records nothing', async () => {
    const admin = await t.makeUser('admin');
    const reg = await makeRegistration(t.db, { status: 'cancelled' });
    const before = t.mail.length;
    const res = await request(reg.id, admin.token);
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('This registration is cancelled: reactivate it before asking for flight information');
    expect(t.mail.length).toBe(before);
    expect(await t.db.select().from(flightInfoRequests).where(eq(flightInfoRequests.registrationId, reg.id))).toHaveLength(0);
  });

  it('holds nothing while the mail server is slow: the family can be changed meanwhile, and the request is audited once the mail is accepted', async () => {
    const admin = await t.makeUser('admin');
    const reg = await makeRegistration(t.db);
    const send = t.deps.mailer.send;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const atMailServer = new Promise<void>((resolve) => (reached = resolve));
    t.deps.mailer.send = async (...args) => {
      reached();
      await held;
      return send.apply(t.deps.mailer, args);
    };
    try {
      const asked = request(reg.id, admin.token);
      await atMailServer;
      // another admin saves the family's phone while the mail server has not answered yet
      const edit = t.api('PUT', `/api/registrations/${reg.id}`, { token: admin.token, body: { primary_phone: '+1 555 0142' } });
      const first = await Promise.race([edit.then((r) => r.status), new Promise((r) => setTimeout(() => r('still waiting'), 5_000))]);
      expect(first).toBe(200);
      const audited = () =>
        t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'flight-info.request'), eq(auditLog.entityId, String(reg.id))));
      expect(await audited()).toHaveLength(0);
      release();
      expect((await asked).status).toBe(200);
      expect(await audited()).toHaveLength(1);
      const [row] = await t.db.select().from(registrations).where(eq(registrations.id, reg.id));
      expect(row.primaryPhone).toBe('+1 555 0142');
      expect(row.flightInfoRequestedAt).not.toBeNull();
    } finally {
      release();
      t.deps.mailer.send = send;
    }
  });

  it('two requests at once whose mails are both refused leave the family as asked by its last link that went out', async () => {
    const admin = await t.makeUser('admin');
    const reg = await makeRegistration(t.db);
    expect((await request(reg.id, admin.token)).status).toBe(200);
    const [{ flightInfoRequestedAt: asked }] = await t.db.select().from(registrations).where(eq(registrations.id, reg.id));
    expect(asked).not.toBeNull();
    const send = t.deps.mailer.send;
    // each mail waits until the test refuses it
    const gates = [0, 1].map(() => {
      let arrive!: () => void;
      let refuse!: () => void;
      const reached = new Promise<void>((resolve) => (arrive = resolve));
      const refused = new Promise<void>((resolve) => (refuse = resolve));
      return { reached, arrive, refused, refuse };
    });
    let calls = 0;
    t.deps.mailer.send = async () => {
      const gate = gates[calls++];
      gate.arrive();
      await gate.refused;
      throw new Error('SMTP down');
    };
    try {
      const first = request(reg.id, admin.token);
      await gates[0].reached;
      const second = request(reg.id, admin.token);
      await gates[1].reached;
      // the first claim's mail fails while the second's is still out, then the second's
      gates[0].refuse();
      expect((await first).status).toBe(502);
      gates[1].refuse();
      expect((await second).status).toBe(502);
    } finally {
      gates.forEach((g) => g.refuse());
      t.deps.mailer.send = send;
    }
    expect(await t.db.select().from(flightInfoRequests).where(eq(flightInfoRequests.registrationId, reg.id))).toHaveLength(1);
    const [row] = await t.db.select().from(registrations).where(eq(registrations.id, reg.id));
    expect(row.flightInfoRequestedAt).toEqual(asked);
  });

  it('records nothing when the mail server refuses the link mail', async () => {
    const reg = await makeRegistration(t.db);
    const res = await whileMailFails(t, () => lookup(reg.primaryEmail));
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('We could not send the email right now. Please try again in a few minutes.');
    expect(await t.db.select().from(flightInfoRequests).where(eq(flightInfoRequests.registrationId, reg.id))).toHaveLength(0);
    const [row] = await t.db.select().from(registrations).where(eq(registrations.id, reg.id));
    expect(row.flightInfoRequestedAt).toBeNull();
    // nor is the failed mail counted: three mails still fit in the email's 15 minutes
    for (let i = 0; i < 3; i++) expect((await lookup(reg.primaryEmail)).status).toBe(200);
    expect((await lookup(reg.primaryEmail)).status).toBe(429);
  });

  it('mails a link to the registration found by email', async () => {
    const reg = await makeRegistration(t.db);
    const res = await lookup(reg.primaryEmail.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Flight info link has been sent to your email!' });
    const token = linkTokenFor(t, reg.primaryEmail);
    expect((await t.api('GET', `/api/flight-info/verify/${token}`)).status).toBe(200);
  });

  it("answers 404 with the spec's sentence for an unknown email", async () => {
    const res = await lookup('no-such-family@test.example');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('No registration found with this email address.');
  });

  it('is limited to 3 links per email in 15 minutes', async () => {
    const reg = await makeRegistration(t.db);
    for (let i = 0; i < 3; i++) expect((await lookup(reg.primaryEmail)).status).toBe(200);
    const res = await lookup(reg.primaryEmail);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(mailsTo(t, reg.primaryEmail)).toHaveLength(3);
  });
});

describe('GET /api/flight-info/verify/{token}', () => {
  it('shows the registration number, name, expiry and existing flights, never the email', async () => {
    const reg = await makeRegistration(t.db, { firstName: 'Omar', lastName: 'Haddad' });
    await insertFlight(t, reg.id, { flightNumber: 'UA55' });
    await lookup(reg.primaryEmail);
    const res = await t.api('GET', `/api/flight-info/verify/${linkTokenFor(t, reg.primaryEmail)}`);
    expect(res.status).toBe(200);
    expect(res.body.request).toMatchObject({ registrationNumber: reg.registrationNumber, name: 'Omar Haddad' });
    expect(new Date(res.body.request.expiresAt).getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    expect(res.body.existingFlights).toEqual([expect.objectContaining({ flight_number: 'UA55', flight_type: 'arrival' })]);
    expect(res.text.toLowerCase()).not.toContain(reg.primaryEmail.toLowerCase());
    const [mailbox, domain] = reg.primaryEmail.split('@');
    expect(res.body.request.emailHint).toBe(`${mailbox[0]}•••@${domain}`);
  });

  it('is 404 for a forged token and 410 once expired', async () => {
    const forged = await t.api('GET', `/api/flight-info/verify/${'x'.repeat(43)}`);
    expect(forged.status).toBe(404);
    expect(forged.body.error).toBe('This link is invalid. Please check the link in your email or request a new one.');
    expect((await t.api('GET', '/api/flight-info/verify/short')).status).toBe(404);
    const reg = await makeRegistration(t.db);
    await lookup(reg.primaryEmail);
    const token = linkTokenFor(t, reg.primaryEmail);
    await expireLinks(reg.id);
    const expired = await t.api('GET', `/api/flight-info/verify/${token}`);
    expect(expired.status).toBe(410);
    expect(expired.body.error).toBe('This link has expired. Please request a new one.');
  });

  it("dies when the registration's email is corrected, and when it is cancelled, even after a reactivation; a new link works", async () => {
    const admin = await t.makeUser('admin');
    const verify = (token: string) => t.api('GET', `/api/flight-info/verify/${token}`);
    const reg = await makeRegistration(t.db);
    await lookup(reg.primaryEmail);
    const mistyped = linkTokenFor(t, reg.primaryEmail);
    expect((await verify(mistyped)).status).toBe(200);
    const corrected = `fixed.${reg.primaryEmail}`;
    const edit = await t.api('PUT', `/api/registrations/${reg.id}`, { token: admin.token, body: { primary_email: corrected } });
    expect(edit.status).toBe(200);
    const dead = await verify(mistyped);
    expect(dead.status).toBe(404);
    expect(dead.body.error).toBe('This link is invalid. Please check the link in your email or request a new one.');
    // the same address in other letters is the same address
    await lookup(corrected);
    const current = linkTokenFor(t, corrected);
    await t.db.update(registrations).set({ primaryEmail: corrected.toUpperCase() }).where(eq(registrations.id, reg.id));
    expect((await verify(current)).status).toBe(200);

    const cancel = await t.api('POST', `/api/registrations/${reg.id}/cancel`, { token: admin.token, body: { reason: 'Duplicate' } });
    expect(cancel.status).toBe(200);
    expect((await verify(current)).status).toBe(404);
    expect((await t.api('POST', `/api/registrations/${reg.id}/reactivate`, { token: admin.token })).status).toBe(200);
    expect((await verify(current)).status).toBe(404);
    expect((await request(reg.id, admin.token)).status).toBe(200);
    expect((await verify(linkTokenFor(t, corrected.toUpperCase()))).status).toBe(200);
  });

  it('a family whose links died is no longer counted as asked: the list drops "Requested" and the bulk request asks them again', async () => {
    const admin = await t.makeUser('admin');
    const askedAt = async (id: number) =>
      (await t.api('GET', `/api/registrations/${id}`, { token: admin.token })).body.registration.flight_info_requested_at;
    const wouldAsk = async (number: string) =>
      (await t.api('POST', '/api/registrations/request-flight-info', { token: admin.token, body: { search: number, dryRun: true } })).body;
    const reg = await makeRegistration(t.db);
    const other = await makeRegistration(t.db);
    for (const r of [reg, other]) expect((await request(r.id, admin.token)).status).toBe(200);
    expect(await askedAt(reg.id)).not.toBeNull();
    expect(await wouldAsk(reg.registrationNumber)).toMatchObject({ recipients: 0, skipped_recent: 1 });

    // the address corrected: the mail went to the wrong one
    const corrected = await t.api('PUT', `/api/registrations/${reg.id}`, {
      token: admin.token,
      body: { primary_email: `new.${reg.primaryEmail}` },
    });
    expect(corrected.status).toBe(200);
    expect(await askedAt(reg.id)).toBeNull();
    expect(await wouldAsk(reg.registrationNumber)).toMatchObject({ recipients: 1, skipped_recent: 0 });
    // another field saved: still asked
    const phone = await t.api('PUT', `/api/registrations/${other.id}`, { token: admin.token, body: { primary_phone: '+1 555 0199' } });
    expect(phone.status).toBe(200);
    expect(await askedAt(other.id)).not.toBeNull();

    // cancelled and reactivated: the link sent before is dead
    expect(
      (await t.api('POST', `/api/registrations/${other.id}/cancel`, { token: admin.token, body: { reason: 'Duplicate' } })).status,
    ).toBe(200);
    expect((await t.api('POST', `/api/registrations/${other.id}/reactivate`, { token: admin.token })).status).toBe(200);
    expect(await askedAt(other.id)).toBeNull();
    expect(await wouldAsk(other.registrationNumber)).toMatchObject({ recipients: 1, skipped_recent: 0 });
  });
});

describe('POST /api/flight-info/submit', () => {
  it("replaces the flights when the email matches the registration's (any case) and mails a confirmation", async () => {
    const reg = await makeRegistration(t.db, { firstName: 'Zara', lastName: 'Idowu' });
    await insertFlight(t, reg.id, { flightNumber: 'UA1' });
    await lookup(reg.primaryEmail);
    const token = linkTokenFor(t, reg.primaryEmail);
    const res = await submitWithToken({
      token,
      email: `  ${reg.primaryEmail.toUpperCase()} `,
      flights: [flightRow({ flightDate: '2025-11-28T00:00:00.000Z', flightTime: '07:05:00' }), { airline: 'N/A' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Flight information submitted successfully!');
    const live = await liveFlights(t, reg.id);
    expect(live.map((f) => [f.flightNumber, f.flightDate, f.flightTime])).toEqual([['AA100', '2025-11-28', '07:05:00']]);
    const mail = lastMailTo(t, reg.primaryEmail);
    expect(mail.subject).toMatch(/flight information/i);
    expect(mail.text).toContain('Arrival: American Airlines AA100 on Nov 28, 2025 at 7:05 AM');
    const [stored] = await t.db.select().from(flightInfoRequests).where(eq(flightInfoRequests.registrationId, reg.id));
    expect(stored.usedAt).not.toBeNull();
    // the link stays usable until it expires, to correct the flights
    const again = await submitWithToken({ token, email: reg.primaryEmail, needsTransportation: false, flights: [] });
    expect(again.status).toBe(200);
    expect(await liveFlights(t, reg.id)).toHaveLength(0);
  });

  it('refuses another email and writes nothing', async () => {
    const reg = await makeRegistration(t.db);
    await insertFlight(t, reg.id);
    await lookup(reg.primaryEmail);
    const before = mailsTo(t, reg.primaryEmail).length;
    const res = await submitWithToken({
      token: linkTokenFor(t, reg.primaryEmail),
      email: 'someone.else@test.example',
      flights: [flightRow()],
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Email does not match this registration');
    expect(res.body.fields.email).toBe('Email does not match this registration');
    expect((await liveFlights(t, reg.id)).map((f) => f.flightNumber)).toEqual(['UA1234']);
    expect(mailsTo(t, reg.primaryEmail)).toHaveLength(before);
  });

  it('is 404 for a forged token, 410 for an expired one, and asks for a flight type', async () => {
    const reg = await makeRegistration(t.db);
    const forged = await submitWithToken({ token: 'A'.repeat(43), email: reg.primaryEmail, flights: [flightRow()] });
    expect(forged.status).toBe(404);
    await lookup(reg.primaryEmail);
    const token = linkTokenFor(t, reg.primaryEmail);
    const noType = await submitWithToken({ token, email: reg.primaryEmail, flights: [flightRow({ flightType: undefined })] });
    expect(noType.status).toBe(400);
    expect(noType.body.fields['flights.0.flightType']).toBe('Flight type is required');
    const badEmail = await submitWithToken({ token, email: 'nope', flights: [flightRow()] });
    expect(badEmail.body.fields.email).toBe('Invalid email address');
    const noEmail = await submitWithToken({ token, flights: [flightRow()] });
    expect(noEmail.body.fields.email).toBe('Email is required');
    const noFlight = await submitWithToken({ token, email: reg.primaryEmail, flights: [] });
    expect(noFlight.body.error).toBe('Please add at least one flight if you need transportation');
    const noToken = await submitWithToken({ email: reg.primaryEmail, flights: [flightRow()] });
    expect(noToken.status).toBe(400);
    expect(noToken.body.error).toBe('Invalid URL');
    await expireLinks(reg.id);
    const expired = await submitWithToken({ token, email: reg.primaryEmail, flights: [flightRow()] });
    expect(expired.status).toBe(410);
    expect(expired.body.error).toBe('This link has expired. Please request a new one.');
    expect(await liveFlights(t, reg.id)).toHaveLength(0);
  });
});
