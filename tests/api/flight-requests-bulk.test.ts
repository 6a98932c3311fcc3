/**
 * POST /api/registrations/request-flight-info with `limit` : the screen sends in batches and
 * shows progress, so each call asks at most `limit` registrations and says how many are left.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { makeRegistration } from '../helpers/factories';

const t = await createTestApp();
const admin = await t.makeUser('admin');

const ask = (body: Record<string, unknown>, path = '/api/registrations/request-flight-info') =>
  t.api('POST', path, { token: admin.token, body });

describe('bulk flight-info request in batches', () => {
  it('sends at most `limit` per call and counts down `remaining` until every registration is asked', async () => {
    const name = `Batch${randomBytes(3).toString('hex')}`;
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await makeRegistration(t.db, { lastName: name }));
    await makeRegistration(t.db, { lastName: name, columns: { flightInfoRequestedAt: new Date(Date.now() - 3600_000) } });
    await makeRegistration(t.db, { lastName: name, status: 'cancelled' });

    const first = await ask({ search: name, limit: 2 });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ sent: 2, skipped_recent: 1, failed: 0, total: 6, remaining: 3 });
    const second = await ask({}, `/api/registrations/request-flight-info?search=${name}&limit=2`);
    expect(second.body).toEqual({ sent: 2, skipped_recent: 3, failed: 0, total: 6, remaining: 1 });
    const third = await ask({ search: name, limit: '2' });
    expect(third.body).toEqual({ sent: 1, skipped_recent: 5, failed: 0, total: 6, remaining: 0 });
    // each registration got exactly one mail over the three calls
    for (const r of made) expect(t.mail.filter((m) => m.to === r.primaryEmail)).toHaveLength(1);
    const done = await ask({ search: name, limit: 10 });
    expect(done.body).toEqual({ sent: 0, skipped_recent: 6, failed: 0, total: 6, remaining: 0 });
  });

  it('dryRun says who would get the mail and shows it, sending and recording nothing', async () => {
    const name = `Preview${randomBytes(3).toString('hex')}`;
    const first = await makeRegistration(t.db, { lastName: name, firstName: 'Ana' });
    await makeRegistration(t.db, { lastName: name });
    await makeRegistration(t.db, { lastName: name, columns: { flightInfoRequestedAt: new Date(Date.now() - 3600_000) } });
    await makeRegistration(t.db, { lastName: name, status: 'cancelled' });
    const mails = t.mail.length;
    const res = await ask({ search: name, dryRun: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 3, recipients: 2, skipped_recent: 1 });
    expect(res.body.preview.to).toBe(first.primaryEmail);
    expect(res.body.preview.text).toContain(first.registrationNumber);
    expect(t.mail.length).toBe(mails);
    // '1' is a dry run too; a value that is neither yes nor no is refused, not read as "send"
    expect((await ask({ search: name, dryRun: '1' })).body).toMatchObject({ recipients: 2 });
    for (const dryRun of ['yes', '', 2, null]) {
      const refused = await ask({ search: name, dryRun });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('dryRun must be true or false');
    }
    expect(t.mail.length).toBe(mails);
    // nothing was asked: a real request still reaches both
    const sent = await ask({ search: name });
    expect(sent.body).toMatchObject({ sent: 2, skipped_recent: 1, total: 3 });
  });

  it('without limit answers as before, with no remaining', async () => {
    const name = `Nolimit${randomBytes(3).toString('hex')}`;
    await makeRegistration(t.db, { lastName: name });
    const res = await ask({ search: name });
    expect(res.body).toEqual({ sent: 1, skipped_recent: 0, failed: 0, total: 1 });
  });

  it('two requests at once (two admins, two tabs) mail each family once', async () => {
    const name = `Race${randomBytes(3).toString('hex')}`;
    const made = [];
    for (let i = 0; i < 6; i++) made.push(await makeRegistration(t.db, { lastName: name }));
    const answers = await Promise.all([1, 2, 3].map(() => ask({ search: name, flights: 'missing', limit: 10 })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.reduce((n, a) => n + a.body.sent, 0)).toBe(6);
    for (const a of answers) expect(a.body.sent + a.body.skipped_recent).toBe(6);
    for (const reg of made) expect(t.mail.filter((m) => m.to === reg.primaryEmail)).toHaveLength(1);
  });

  it('names the registrations whose mail the mail server refused', async () => {
    const name = `Refused${randomBytes(3).toString('hex')}`;
    const good = await makeRegistration(t.db, { lastName: name, firstName: 'Anh' });
    const bad = await makeRegistration(t.db, { lastName: name, firstName: 'Binh' });
    const send = t.deps.mailer.send;
    t.deps.mailer.send = async (mail) => {
      if (mail.to === bad.primaryEmail) throw new Error('550 mailbox unavailable');
      return send.call(t.deps.mailer, mail);
    };
    try {
      const res = await ask({ search: name, limit: 10 });
      expect(res.body).toEqual({
        sent: 1,
        skipped_recent: 0,
        failed: 1,
        total: 2,
        remaining: 0,
        failed_registrations: [{ registration_number: bad.registrationNumber, name: `Binh ${name}` }],
      });
    } finally {
      t.deps.mailer.send = send;
    }
    expect(t.mail.filter((m) => m.to === good.primaryEmail)).toHaveLength(1);
  });

  it('refuses a misspelt filter rather than mailing every active registration', async () => {
    const name = `Misspelt${randomBytes(3).toString('hex')}`;
    const reg = await makeRegistration(t.db, { lastName: name });
    const before = t.mail.length;
    const res = await ask({ search: name, flight: 'missing', stauts: 'active' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Unknown fields: flight, stauts');
    const query = await ask({}, `/api/registrations/request-flight-info?search=${name}&flight=missing`);
    expect(query.status).toBe(400);
    expect(query.body.error).toBe('Unknown field: flight');
    expect(t.mail.length).toBe(before);
    expect((await ask({ search: name, dryRun: true })).body.recipients).toBe(1);
    expect(t.mail.filter((m) => m.to === reg.primaryEmail)).toHaveLength(0);
  });

  it('refuses a limit outside 1–100 and sends nothing', async () => {
    const name = `Badlimit${randomBytes(3).toString('hex')}`;
    const reg = await makeRegistration(t.db, { lastName: name });
    for (const limit of [0, 101, 2.5, 'lots', -1]) {
      const res = await ask({ search: name, limit });
      expect(res.status).toBe(400);
      expect(res.body.fields.limit).toBe('limit must be a whole number from 1 to 100');
    }
    expect(t.mail.filter((m) => m.to === reg.primaryEmail)).toHaveLength(0);
  });
});
