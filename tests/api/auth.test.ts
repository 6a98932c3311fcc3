import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp } from '../helpers/app';
import { auditLog, sessions, users } from '../../server/db/schema';
import { updateUser } from '../../server/services/staff/users';

const t = await createTestApp();

describe('POST /api/auth/login', () => {
  it('signs in with the right password and returns a token and the user', async () => {
    const admin = await t.makeUser('admin', { first_name: 'Ana', last_name: 'Silva' });
    const res = await t.api('POST', '/api/auth/login', { body: { email: admin.email.toUpperCase(), password: admin.password } });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(res.body.user).toMatchObject({ email: admin.email, first_name: 'Ana', last_name: 'Silva', role: 'admin' });
    const me = await t.api('GET', '/api/auth/me', { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(admin.email);
    // when the session ends, as the sign-in said: the app warns in its last hour
    expect(me.body.expiresAt).toBe(res.body.expiresAt);
    // the token is stored hashed, never as given
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    expect(stored.some((s) => s.tokenHash === res.body.token)).toBe(false);
  });

  it('gives the same 401 for an unknown email and a wrong password', async () => {
    const admin = await t.makeUser('admin');
    const wrong = await t.api('POST', '/api/auth/login', { body: { email: admin.email, password: 'nope-nope' } });
    const unknown = await t.api('POST', '/api/auth/login', { body: { email: 'nobody@test.example', password: 'nope-nope' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error).toBe('Invalid email or password');
  });

  it('uses the spec sentences for missing and invalid fields', async () => {
    const empty = await t.api('POST', '/api/auth/login', { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toMatchObject({ email: 'Email is required', password: 'Password is required' });
    const bad = await t.api('POST', '/api/auth/login', { body: { email: 'not-an-email', password: 'x' } });
    expect(bad.body.fields.email).toBe('Invalid email');
    const blank = await t.api('POST', '/api/auth/login', { body: { email: 'someone@example.com', password: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.fields.password).toBe('Password is required');
  });

  it('answers malformed JSON with 400 and a sentence', async () => {
    const res = await t.api('POST', '/api/auth/login', { raw: '{"email":' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Malformed JSON body');
  });

  it('refuses a disabled user: with the right password it says the account is disabled, with a wrong one as for any account', async () => {
    const admin = await t.makeUser('admin');
    const other = await t.makeUser('greeter');
    await t.api('PUT', `/api/users/${other.id}`, { token: admin.token, body: { disabled: true } });
    const res = await t.api('POST', '/api/auth/login', { body: { email: other.email, password: other.password } });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('This account is disabled. Ask an organiser to enable it on the Users page.');
    const wrong = await t.api('POST', '/api/auth/login', { body: { email: other.email, password: `${other.password}x` } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('Invalid email or password');
  });

  it('throttles an account after 100 failures in an hour with 429 and Retry-After, for an address that failed on it', async () => {
    const admin = await t.makeUser('admin');
    // simulate earlier failures cheaply by filling the counters (the account's, and this address's on it),
    // then one more attempt; an address with no failure still signs in (tests/api/throttle-bursts.test.ts)
    await t.db.execute(
      `insert into rate_limits (key, window_start, count) values ('login:account:${admin.email}', now(), 100), ('login:account:${admin.email}:ip:unknown', now(), 1)` as never,
    );
    const res = await t.api('POST', '/api/auth/login', { body: { email: admin.email, password: admin.password } });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('sessions', () => {
  it('logout revokes the token on the server at once', async () => {
    const admin = await t.makeUser('admin');
    expect((await t.api('POST', '/api/auth/logout', { token: admin.token })).status).toBe(200);
    const me = await t.api('GET', '/api/auth/me', { token: admin.token });
    expect(me.status).toBe(401);
  });

  it('a forged token is 401', async () => {
    const me = await t.api('GET', '/api/auth/me', { token: 'forged-token-value' });
    expect(me.status).toBe(401);
    expect(me.body.error).toBeTruthy();
  });

  it('changing the password keeps this session and revokes the others', async () => {
    const admin = await t.makeUser('admin');
    const second = await t.api('POST', '/api/auth/login', { body: { email: admin.email, password: admin.password } });
    const res = await t.api('POST', '/api/auth/change-password', {
      token: admin.token,
      body: { current_password: admin.password, new_password: 'brand-new-pass' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Password changed successfully!');
    expect((await t.api('GET', '/api/auth/me', { token: admin.token })).status).toBe(200);
    expect((await t.api('GET', '/api/auth/me', { token: second.body.token })).status).toBe(401);
    const login = await t.api('POST', '/api/auth/login', { body: { email: admin.email, password: 'brand-new-pass' } });
    expect(login.status).toBe(200);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'auth.change-password'));
    expect(audits.length).toBeGreaterThan(0);
  });

  it('change-password validates with the spec sentences and refuses a wrong current password', async () => {
    const admin = await t.makeUser('admin');
    const short = await t.api('POST', '/api/auth/change-password', {
      token: admin.token,
      body: { current_password: admin.password, new_password: '123' },
    });
    expect(short.status).toBe(400);
    expect(short.body.fields.new_password).toBe('Password must be at least 6 characters');
    const missing = await t.api('POST', '/api/auth/change-password', { token: admin.token, body: {} });
    expect(missing.body.fields).toMatchObject({
      current_password: 'Current password is required',
      new_password: 'New password is required',
    });
    const wrong = await t.api('POST', '/api/auth/change-password', {
      token: admin.token,
      body: { current_password: 'wrong-one', new_password: 'another-pass' },
    });
    expect(wrong.status).toBe(400);
    expect((await t.api('GET', '/api/auth/me', { token: admin.token })).status).toBe(200);
    // the confirmation is optional; sent and different, nothing changes
    const mismatch = await t.api('POST', '/api/auth/change-password', {
      token: admin.token,
      body: { current_password: admin.password, new_password: 'another-pass', confirm_password: 'another-typo' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatchObject({ error: 'Passwords must match', fields: { confirm_password: 'Passwords must match' } });
    // six spaces are six characters, but no password: refused, the old one kept
    const spaces = await t.api('POST', '/api/auth/change-password', {
      token: admin.token,
      body: { current_password: admin.password, new_password: '      ' },
    });
    expect(spaces.status).toBe(400);
    expect(spaces.body.error).toBe('New password is required');
    const login = await t.api('POST', '/api/auth/login', { body: { email: admin.email, password: admin.password, turnstileToken: 'ok' } });
    expect(login.status).toBe(200);
  });
});

describe('/api/users', () => {
  it('an admin creates a greeter who can sign in; a greeter cannot manage users', async () => {
    const admin = await t.makeUser('admin');
    const created = await t.api('POST', '/api/users', {
      token: admin.token,
      body: { email: 'Greeter.One@Test.example', password: 'greet-me-1', role: 'greeter', first_name: 'Gia', last_name: 'Lee' },
    });
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({ email: 'greeter.one@test.example', role: 'greeter' });
    const login = await t.api('POST', '/api/auth/login', { body: { email: 'greeter.one@test.example', password: 'greet-me-1' } });
    expect(login.status).toBe(200);
    const asGreeter = await t.api('GET', '/api/users', { token: login.body.token });
    expect(asGreeter.status).toBe(403);
    const dup = await t.api('POST', '/api/users', {
      token: admin.token,
      body: { email: 'greeter.one@test.example', password: 'greet-me-1', role: 'greeter', first_name: 'G', last_name: 'L' },
    });
    expect(dup.status).toBe(409);
    // said of the email: the form marks that box
    expect(dup.body.fields).toEqual({ email: 'This email already belongs to a user' });
    // a disabled user's email: the way back is to enable them
    const gone = await t.makeUser('greeter');
    await t.api('PUT', `/api/users/${gone.id}`, { token: admin.token, body: { disabled: true } });
    const again = await t.api('POST', '/api/users', {
      token: admin.token,
      body: { email: gone.email.toUpperCase(), password: 'greet-me-1', role: 'greeter', first_name: 'G', last_name: 'L' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This email belongs to a disabled user: enable them instead');
    expect(again.body.fields).toEqual({ email: 'A disabled user has this email' });
  });

  it('two admins creating the same email at once: one 201, one 409 with its sentence, one user', async () => {
    const admin = await t.makeUser('admin');
    const email = `twice.${Date.now()}@test.example`;
    const body = { email, password: 'greet-me-2', role: 'greeter', first_name: 'Tae', last_name: 'Kim' };
    const answers = await Promise.all([1, 2, 3].map(() => t.api('POST', '/api/users', { token: admin.token, body })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.error).toBe('A user with this email already exists');
    const all = await t.api('GET', '/api/users', { token: admin.token });
    expect(all.body.users.filter((u: { email: string }) => u.email === email)).toHaveLength(1);
  });

  it('lists staff by name a page at a time, as every list does (?page&limit → pagination)', async () => {
    const admin = await t.makeUser('admin');
    const all = await t.api('GET', '/api/users', { token: admin.token });
    expect(all.status).toBe(200);
    const total = all.body.pagination.total;
    expect(all.body.users).toHaveLength(total);
    expect(all.body.pagination).toEqual({ page: 1, limit: 100, total, pages: 1 });
    expect(all.body.users.map((u: any) => u.email)).toContain(admin.email);
    expect(all.body.users[0]).not.toHaveProperty('password_hash');
    const second = await t.api('GET', '/api/users?page=2&limit=1', { token: admin.token });
    expect(second.body.users).toEqual([all.body.users[1]]);
    expect(second.body.pagination).toEqual({ page: 2, limit: 1, total, pages: total });
    const bad = await t.api('GET', '/api/users?limit=0', { token: admin.token });
    expect(bad.status).toBe(400);
  });

  it('an admin creates check-in staff who can sign in and use the desk, and no other admin screen', async () => {
    const admin = await t.makeUser('admin');
    const created = await t.api('POST', '/api/users', {
      token: admin.token,
      body: { email: 'desk.one@test.example', password: 'desk-me-1', role: 'checkin', first_name: 'Dana', last_name: 'Desk' },
    });
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({ email: 'desk.one@test.example', role: 'checkin' });
    const login = await t.api('POST', '/api/auth/login', { body: { email: 'desk.one@test.example', password: 'desk-me-1' } });
    expect(login.status).toBe(200);
    expect((await t.api('GET', '/api/sync/registrations?since=0', { token: login.body.token })).status).toBe(200);
    expect((await t.api('GET', '/api/users', { token: login.body.token })).status).toBe(403);
    expect((await t.api('GET', '/api/registrations', { token: login.body.token })).status).toBe(403);
  });

  it("a refused session's answer says whether it reached its end or was ended before (the device keeps its copy only after an end)", async () => {
    const refusal = async (token: string) => {
      const res = await t.api('GET', '/api/auth/me', { token });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('Your session has expired. Please sign in again.');
      return res.headers.get('x-session-refused');
    };
    const ended = await t.makeUser('greeter');
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, ended.id));
    expect(await refusal(ended.token)).toBe('expired');
    const signedOut = await t.makeUser('greeter');
    await t.api('POST', '/api/auth/logout', { token: signedOut.token });
    expect(await refusal(signedOut.token)).toBe('revoked');
    // disabled, then its session ran out too: still a revocation, so the lost phone wipes its copy
    const admin = await t.makeUser('admin');
    const lost = await t.makeUser('greeter');
    await t.db.update(users).set({ disabled: true }).where(eq(users.id, lost.id));
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, lost.id));
    expect(await refusal(lost.token)).toBe('revoked');
    expect(await refusal('never-issued-token')).toBe('revoked');
    expect((await t.api('GET', '/api/auth/me', { token: admin.token })).headers.get('x-session-refused')).toBeNull();
  });

  it('disabling a user revokes their sessions on the very next request', async () => {
    const admin = await t.makeUser('admin');
    const greeter = await t.makeUser('greeter');
    expect((await t.api('GET', '/api/auth/me', { token: greeter.token })).status).toBe(200);
    const res = await t.api('PUT', `/api/users/${greeter.id}`, { token: admin.token, body: { disabled: true } });
    expect(res.status).toBe(200);
    expect((await t.api('GET', '/api/auth/me', { token: greeter.token })).status).toBe(401);
  });

  it('two admins demoting each other at the same moment leave one admin: the second is no longer one', async () => {
    const a = await t.makeUser('admin');
    const b = await t.makeUser('admin');
    const [ab, ba] = await Promise.all([
      t.api('PUT', `/api/users/${b.id}`, { token: a.token, body: { role: 'greeter' } }),
      t.api('PUT', `/api/users/${a.id}`, { token: b.token, body: { role: 'greeter' } }),
    ]);
    expect([ab.status, ba.status].sort()).toEqual([200, 403]);
    const roles = (
      await t.db
        .select()
        .from(users)
        .where(inArray(users.id, [a.id, b.id]))
    )
      .map((u) => u.role)
      .sort();
    expect(roles).toEqual(['admin', 'greeter']);
  });

  it("a change made for an admin who lost the role meanwhile is refused; the operators' CLI is not held back", async () => {
    const a = await t.makeUser('admin');
    const b = await t.makeUser('admin');
    await t.db.update(users).set({ role: 'greeter' }).where(eq(users.id, a.id));
    await expect(
      t.db.transaction((tx) => updateUser(tx, b.id, { disabled: true }, { userId: a.id, label: a.email })),
    ).rejects.toMatchObject({
      status: 403,
    });
    expect((await t.db.select().from(users).where(eq(users.id, b.id)))[0]).toMatchObject({ role: 'admin', disabled: false });
    // no signed-in admin behind the change (the CLI): not held back, an emergency lock-out works
    await t.db.transaction((tx) => updateUser(tx, b.id, { disabled: true }, { userId: null, label: 'cli' }));
    expect((await t.db.select().from(users).where(eq(users.id, b.id)))[0]).toMatchObject({ disabled: true });
  });

  it('bad input writes nothing', async () => {
    const admin = await t.makeUser('admin');
    const before = (await t.api('GET', '/api/users', { token: admin.token })).body.users.length;
    const res = await t.api('POST', '/api/users', { token: admin.token, body: { email: 'x@y.z', role: 'king' } });
    expect(res.status).toBe(400);
    expect(res.body.fields.role).toBeTruthy();
    expect((await t.api('GET', '/api/users', { token: admin.token })).body.users.length).toBe(before);
  });
});

describe('server basics', () => {
  it('health reports the database', async () => {
    for (const path of ['/health', '/api/health']) {
      const res = await t.api('GET', path);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'ok', database: 'ok' });
      expect(res.body.version).toBeTruthy();
    }
  });

  it('unknown API routes are a JSON 404; bodies over 1 MB are 413', async () => {
    const res = await t.api('GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Not found');
    const big = await t.api('POST', '/api/auth/login', { raw: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_100_000) }) });
    expect(big.status).toBe(413);
    expect(big.body.error).toMatch(/too large/);
  });

  it('sends security headers', async () => {
    const res = await t.api('GET', '/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('referrer-policy')).toBeTruthy();
  });
});
