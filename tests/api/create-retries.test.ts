/**
 * The admins' creates sent again after a lost answer (docs/architecture.md "Security"): the screen sends
 * the same Idempotency-Key for the same thing until it has an answer, so pressing the button again does
 * it once: one attendee, one registration, the family's total changed once. A create's bot-challenge
 * token is single use and no part of the request: the retry's new token does not make it another.
 */
import { randomUUID } from 'node:crypto';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { makeRegistration } from '../helpers/factories';
import { registrations } from '../../server/db/schema';

const t = await createTestApp({ CHALLENGE_PROVIDER: 'altcha' });
const admin = await t.makeUser('admin');

/** What the altcha widget does: fetch a challenge, solve it, submit base64 JSON. */
async function solvedToken(): Promise<string> {
  const challenge = (await t.api('GET', '/api/challenge')).body as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  const payload = { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

const attendee = { first_name: 'Rosa', last_name: 'Torres', relationship: 'parent', age_category: 'adult' };

describe('a create sent again after a lost answer', () => {
  it('Add Attendee: the same key adds the attendee once and answers the retry as the first', async () => {
    const reg = await makeRegistration(t.db);
    const key = randomUUID();
    const add = (body: object, k: string = key) =>
      t.api('POST', `/api/registrations/${reg.id}/attendees`, { token: admin.token, headers: { 'Idempotency-Key': k }, body });
    const first = await add(attendee);
    expect(first.status).toBe(201);
    const again = await add(attendee);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const detail = await t.api('GET', `/api/registrations/${reg.id}`, { token: admin.token });
    expect(detail.body.attendees.filter((a: { first_name: string }) => a.first_name === 'Rosa')).toHaveLength(1);
    expect(detail.body.registration.total_amount).toBe(first.body.registration.total_amount);
    // the key of another attendee: refused, nothing added
    const other = await add({ ...attendee, first_name: 'Lupe' });
    expect([other.status, other.body.error]).toEqual([422, 'This Idempotency-Key was already used for a different request']);
    // without a key, each request is its own (as an API client sends them)
    expect((await add(attendee, '')).status).toBe(201);
  });

  it('Create Registration: the same key creates one registration, even with a new challenge token', { timeout: 90_000 }, async () => {
    const email = `retry-${randomUUID().slice(0, 8)}@family.test`;
    const form = {
      primary_email: email,
      primary_phone: '+1 555 0142',
      primary_first_name: 'Thandi',
      primary_last_name: 'Mbeki',
      primary_age_category: 'adult',
      attendees: [],
    };
    const key = randomUUID();
    const create = async (turnstileToken: string) =>
      t.api('POST', '/api/registrations', { token: admin.token, headers: { 'Idempotency-Key': key }, body: { ...form, turnstileToken } });
    const spent = await solvedToken();
    const first = await create(spent);
    expect(first.status).toBe(201);
    // the retry as the browser sends it, its token spent by the first delivery: found by its key before the token is checked
    const replay = await create(spent);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.registration.registration_number).toBe(first.body.registration.registration_number);
    // or with a new token, solved again
    const again = await create(await solvedToken());
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.registration.registration_number).toBe(first.body.registration.registration_number);
    expect(await t.db.select({ id: registrations.id }).from(registrations).where(eq(registrations.primaryEmail, email))).toHaveLength(1);
    // a new request (another key) still needs a solved challenge of its own: refused, nothing written
    const unsolved = await t.api('POST', '/api/registrations', {
      token: admin.token,
      headers: { 'Idempotency-Key': randomUUID() },
      body: { ...form, primary_email: `other-${email}`, turnstileToken: 'not-a-solution' },
    });
    expect(unsolved.status).toBe(400);
    expect(
      await t.db
        .select({ id: registrations.id })
        .from(registrations)
        .where(eq(registrations.primaryEmail, `other-${email}`)),
    ).toHaveLength(0);
  });
});
