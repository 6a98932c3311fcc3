/**
 * "Hostile input and access" (docs/quality.md; docs/product.md#roles-and-access):
 *   - security headers on every response: every API endpoint (whatever it answers), JSON 404s, the 413,
 *     CSV downloads, static files, the SPA fallback and static 404s (a temporary STATIC_DIR stands in for
 *     the build);
 *   - sessions revoked on sign-out, password change, admin password reset and user disable, proven on
 *     the very next request to an ordinary endpoint (tests/api/auth.test.ts checks /auth/me; this adds
 *     the rest: other endpoints, re-enabling, role changes);
 *   - brute-force limits: what one email's codes allow in a window, for both code flows, and the
 *     unguessability of links and tokens (tests/api/verification.test.ts and flight-info-links.test.ts
 *     cover the single limits).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type ApiResponse } from '../helpers/app';
import { makeRegistration } from '../helpers/factories';
import { endpointsOf } from '../helpers/route-table';
import { flightInfoRequests, registrantTokens, sessions, verificationCodes } from '../../server/db/schema';
import { sha256 } from '../../server/lib/tokens';
import { codeFor, linkTokenFor } from './verification-fixtures';

const STATIC = path.resolve('.tmp', `static-${process.pid}-${Date.now()}`);
mkdirSync(path.join(STATIC, 'assets'), { recursive: true });
writeFileSync(
  path.join(STATIC, 'index.html'),
  '<!doctype html><html><head><title>Reunion Desk</title></head><body><div id="root"></div></body></html>',
);
writeFileSync(path.join(STATIC, 'assets', 'app-1a2b3c.js'), 'console.log("app");');
writeFileSync(path.join(STATIC, 'sw.js'), 'self.addEventListener("fetch", () => {});');
afterAll(() => rmSync(STATIC, { recursive: true, force: true }));

const t = await createTestApp({ STATIC_DIR: STATIC });
const admin = await t.makeUser('admin');

/** The security headers of every response (docs/architecture.md#a-request names CSP, frame denial, no-sniff, referrer policy). */
function expectSecurityHeaders(res: ApiResponse, what: string) {
  const h = res.headers;
  expect(h.get('x-content-type-options'), what).toBe('nosniff');
  expect(h.get('x-frame-options'), what).toBe('DENY');
  expect(h.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  const csp = h.get('content-security-policy') ?? '';
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).toContain('https://challenges.cloudflare.com');
  expect(h.get('strict-transport-security'), what).toMatch(/max-age=\d+/);
  expect(h.get('cross-origin-opener-policy'), what).toBeTruthy();
  expect(h.get('x-powered-by'), what).toBeNull();
}

describe('security headers on every response', () => {
  it('every endpoint the app serves, called anonymously with placeholder ids, whatever it answers', async () => {
    const statuses = new Set<number>();
    for (const e of endpointsOf(t.app)) {
      const url = e.path.replace(/:[A-Za-z]+/g, '1');
      const res = await t.api(e.method, url, e.method === 'GET' || e.method === 'DELETE' ? {} : { body: {} });
      statuses.add(res.status);
      expectSecurityHeaders(res, `${e.key} → ${res.status}`);
    }
    // the sweep saw successes and refusals alike
    expect([...statuses].some((s) => s < 300)).toBe(true);
    expect([...statuses].some((s) => s >= 400)).toBe(true);
  });

  it('signed-in answers, 204s, CSV downloads, JSON 404s and the 413', async () => {
    const reg = await makeRegistration(t.db, { attendees: [{ firstName: 'Kid', lastName: 'A', ageCategory: 'child' }] });
    const member = reg.attendees.find((a) => !a.is_primary)!.id;
    const cases: [string, Promise<ApiResponse>][] = [
      ['GET list', t.api('GET', '/api/registrations', { token: admin.token })],
      ['GET detail', t.api('GET', `/api/registrations/${reg.id}`, { token: admin.token })],
      ['CSV export', t.api('GET', '/api/registrations/export', { token: admin.token })],
      ['arrivals CSV', t.api('GET', '/api/flight-info/admin/flight-arrivals/export', { token: admin.token })],
      ['204 delete', t.api('DELETE', `/api/registrations/${reg.id}/attendees/${member}`, { token: admin.token })],
      ['unknown API route', t.api('GET', '/api/no-such-thing')],
      ['unknown API method', t.api('PATCH', '/api/registrations')],
      ['malformed JSON', t.api('POST', '/api/auth/login', { raw: '{' })],
      ['body over 1 MB', t.api('POST', '/api/auth/login', { raw: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_100_000) }) })],
      ['health', t.api('GET', '/health')],
    ];
    for (const [what, pending] of cases) {
      const res = await pending;
      expectSecurityHeaders(res, `${what} → ${res.status}`);
    }
    expect((await cases[4][1]).status).toBe(204);
    expect((await cases[8][1]).status).toBe(413);
  });

  it('no API answer may be kept by a browser or a proxy cache: a signed-in one holds personal data', async () => {
    const reg = await makeRegistration(t.db);
    for (const e of endpointsOf(t.app)) {
      if (e.method !== 'GET' || e.path.startsWith('/api/live')) continue;
      const url = e.path.replace(/:[A-Za-z]+/g, String(reg.id));
      const res = await t.api('GET', url, { token: admin.token });
      expect(res.headers.get('cache-control'), `${e.key} → ${res.status}`).toMatch(/no-store/);
    }
  });

  it('static files, the SPA fallback and static 404s', async () => {
    const file = await t.api('GET', '/assets/app-1a2b3c.js');
    expect(file.status).toBe(200);
    expect(file.text).toContain('console.log');
    expect(file.headers.get('cache-control')).toContain('immutable');
    expectSecurityHeaders(file, 'asset');

    const root = await t.api('GET', '/');
    expect(root.status).toBe(200);
    expect(root.text).toContain('<div id="root">');
    expectSecurityHeaders(root, 'index.html at /');

    const spa = await t.api('GET', '/flight-arrivals');
    expect(spa.status).toBe(200);
    expect(spa.headers.get('content-type')).toMatch(/^text\/html/);
    expect(spa.text).toContain('<div id="root">');
    expect(spa.headers.get('cache-control')).toBe('no-cache');
    expectSecurityHeaders(spa, 'SPA fallback');

    const sw = await t.api('GET', '/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expectSecurityHeaders(sw, 'service worker');

    for (const missing of ['/assets/gone-123.js', '/logo.png', '/api/nothing/here']) {
      const res = await t.api('GET', missing);
      expect(res.status, missing).toBe(404);
      expect(res.body).toEqual({ error: 'Not found' });
      expectSecurityHeaders(res, `404 ${missing}`);
    }
  });
});

describe('sessions end on the very next request', () => {
  const login = async (email: string, password: string) => {
    const res = await t.api('POST', '/api/auth/login', { body: { email, password } });
    expect(res.status).toBe(200);
    return res.body.token as string;
  };

  it('sign-out: the token is refused by every kind of endpoint at once, and only that session ends', async () => {
    const greeter = await t.makeUser('greeter');
    const other = await login(greeter.email, greeter.password);
    expect((await t.api('GET', '/api/flight-info/admin/flight-arrivals', { token: greeter.token })).status).toBe(200);
    expect((await t.api('POST', '/api/auth/logout', { token: greeter.token })).status).toBe(200);
    for (const [method, url] of [
      ['GET', '/api/flight-info/admin/flight-arrivals'],
      ['GET', '/api/sync/arrivals'],
      ['POST', '/api/flight-info/admin/flight-pickups/1'],
      ['POST', '/api/auth/logout'],
    ]) {
      const res = await t.api(method, url, { token: greeter.token, body: method === 'POST' ? { picked_up: true } : undefined });
      expect(res.status, url).toBe(401);
      expect(res.body.error).toBe('Your session has expired. Please sign in again.');
    }
    expect((await t.api('GET', '/api/flight-info/admin/flight-arrivals', { token: other })).status).toBe(200);
  });

  it('a dead token does not stand in the way of signing in or verifying again: those calls ignore it', async () => {
    const greeter = await t.makeUser('greeter');
    expect((await t.api('POST', '/api/auth/logout', { token: greeter.token })).status).toBe(200);
    // a device still holding the ended session signs in again, and is answered as anonymous where no one need be known
    const again = await t.api('POST', '/api/auth/login', {
      token: greeter.token,
      body: { email: greeter.email, password: greeter.password },
    });
    expect(again.status).toBe(200);
    expect((await t.api('GET', '/api/auth/me', { token: again.body.token })).status).toBe(200);
    expect((await t.api('GET', '/api/health', { token: greeter.token })).status).toBe(200);
    const code = await t.api('POST', '/api/flight-info/send-verification', { token: greeter.token, body: { email: 'nobody@example.com' } });
    expect(code.status).not.toBe(401);
    const visitor = await t.api('POST', '/api/registrations/send-verification', {
      headers: { 'X-Registrant-Token': 'a'.repeat(64) },
      body: { email: 'nobody@example.com' },
    });
    expect(visitor.status).not.toBe(401);
    // anywhere else it is still refused at once, so the device drops it
    expect((await t.api('GET', '/api/config', { token: greeter.token })).status).toBe(200);
    for (const url of ['/api/auth/me', '/api/registrations/stats/summary']) {
      const res = await t.api('GET', url, { token: greeter.token });
      expect(res.status, url).toBe(401);
      expect(res.body.error).toBe('Your session has expired. Please sign in again.');
    }
  });

  it('password change: every other session of the user is refused on its next request, on any endpoint', async () => {
    const user = await t.makeUser('admin');
    const laptop = await login(user.email, user.password);
    const phone = await login(user.email, user.password);
    const res = await t.api('POST', '/api/auth/change-password', {
      token: user.token,
      body: { current_password: user.password, new_password: 'a-new-password-9' },
    });
    expect(res.status).toBe(200);
    expect((await t.api('GET', '/api/registrations', { token: laptop })).status).toBe(401);
    expect((await t.api('GET', '/api/users', { token: phone })).status).toBe(401);
    expect((await t.api('GET', '/api/registrations', { token: user.token })).status).toBe(200);
  });

  it("an admin's password reset ends all of the user's sessions", async () => {
    const greeter = await t.makeUser('greeter');
    const second = await login(greeter.email, greeter.password);
    const res = await t.api('PUT', `/api/users/${greeter.id}`, { token: admin.token, body: { password: 'reset-by-admin-1' } });
    expect(res.status).toBe(200);
    expect((await t.api('GET', '/api/flight-info/admin/flight-arrivals', { token: greeter.token })).status).toBe(401);
    expect((await t.api('GET', '/api/flight-info/admin/flight-arrivals', { token: second })).status).toBe(401);
    expect((await t.api('POST', '/api/auth/login', { body: { email: greeter.email, password: 'reset-by-admin-1' } })).status).toBe(200);
  });

  it('disable: refused at once everywhere, signing in is refused, and enabling again does not revive old sessions', async () => {
    const greeter = await t.makeUser('greeter');
    expect((await t.api('GET', '/api/sync/arrivals', { token: greeter.token })).status).toBe(200);
    expect((await t.api('PUT', `/api/users/${greeter.id}`, { token: admin.token, body: { disabled: true } })).status).toBe(200);
    expect((await t.api('GET', '/api/sync/arrivals', { token: greeter.token })).status).toBe(401);
    const refused = await t.api('POST', '/api/auth/login', { body: { email: greeter.email, password: greeter.password } });
    expect(refused.status).toBe(401);
    // the right password is told why (the account exists for whoever knows it); a wrong one is told nothing more
    expect(refused.body.error).toBe('This account is disabled. Ask an organiser to enable it on the Users page.');
    expect((await t.api('PUT', `/api/users/${greeter.id}`, { token: admin.token, body: { disabled: false } })).status).toBe(200);
    expect((await t.api('GET', '/api/sync/arrivals', { token: greeter.token })).status).toBe(401);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(greeter.token)));
    expect(row.revokedAt).not.toBeNull();
    expect((await t.api('POST', '/api/auth/login', { body: { email: greeter.email, password: greeter.password } })).status).toBe(200);
  });

  it('a role taken away applies on the very next request', async () => {
    const demoted = await t.makeUser('admin');
    expect((await t.api('GET', '/api/users', { token: demoted.token })).status).toBe(200);
    expect((await t.api('PUT', `/api/users/${demoted.id}`, { token: admin.token, body: { role: 'greeter' } })).status).toBe(200);
    expect((await t.api('GET', '/api/users', { token: demoted.token })).status).toBe(403);
    expect((await t.api('GET', '/api/flight-info/admin/flight-arrivals', { token: demoted.token })).status).toBe(200);
  });
});

describe('brute force', () => {
  const wrong = (code: string) => (code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA');

  for (const flow of ['registrations', 'flight-info'] as const) {
    it(`${flow}: one email gets at most 3 codes × 5 tries per 15 minutes, then nothing works`, async () => {
      const reg = await makeRegistration(t.db);
      const email = reg.primaryEmail;
      const send = () => t.api('POST', `/api/${flow}/send-verification`, { body: { email, turnstileToken: 'ok' } });
      const verify = (code: string) => t.api('POST', `/api/${flow}/verify-code`, { body: { email, code } });
      for (let round = 0; round < 3; round++) {
        expect((await send()).status).toBe(200);
        const code = codeFor(t, email);
        for (let i = 0; i < 5; i++) expect((await verify(wrong(code))).status).toBe(400);
        // the sixth try is refused even with the right code: the code is dead
        const dead = await verify(code);
        expect(dead.status).toBe(400);
        expect(dead.body.error).toBe('Invalid or expired verification code');
      }
      const fourth = await send();
      expect(fourth.status).toBe(429);
      expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
      const used = await t.db.select().from(verificationCodes).where(eq(verificationCodes.email, email));
      expect(used).toHaveLength(3);
      expect(used.every((c) => c.attempts >= 5 || c.invalidatedAt !== null)).toBe(true);
      await t.db.execute(sql`delete from rate_limits`);
    });
  }

  it('wrong codes count against the client address across emails until 429', async () => {
    await t.db.execute(sql`delete from rate_limits`);
    const reg = await makeRegistration(t.db);
    let status = 0;
    let tries = 0;
    while (status !== 429 && tries < 150) {
      tries += 1;
      status = (await t.api('POST', '/api/registrations/verify-code', { body: { email: `guess-${tries}@test.example`, code: 'ABCDEF' } }))
        .status;
    }
    expect(status).toBe(429);
    expect(tries).toBe(101);
    // the limit holds for a real email with its real code too, until the window passes
    await t.api('POST', '/api/registrations/send-verification', { body: { email: reg.primaryEmail, turnstileToken: 'ok' } });
    expect(
      (await t.api('POST', '/api/registrations/verify-code', { body: { email: reg.primaryEmail, code: codeFor(t, reg.primaryEmail) } }))
        .status,
    ).toBe(429);
    await t.db.execute(sql`delete from rate_limits`);
  });

  it('links and tokens are unguessable: 256-bit, stored only as hashes, a near-miss is refused', async () => {
    const reg = await makeRegistration(t.db);
    expect((await t.api('POST', '/api/flight-info/lookup', { body: { email: reg.primaryEmail, captchaToken: 'ok' } })).status).toBe(200);
    const token = linkTokenFor(t, reg.primaryEmail);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/); // 32 random bytes, base64url
    const stored = await t.db.select().from(flightInfoRequests).where(eq(flightInfoRequests.registrationId, reg.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    for (const guess of [
      token.slice(0, -1) + last,
      token.slice(1),
      token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase(),
    ]) {
      const res = await t.api('GET', `/api/flight-info/verify/${guess}`);
      expect(res.status, guess).toBe(404);
      expect(res.body.error).toBe('This link is invalid. Please check the link in your email or request a new one.');
    }
    expect((await t.api('GET', `/api/flight-info/verify/${token}`)).status).toBe(200);

    await t.api('POST', '/api/registrations/send-verification', { body: { email: reg.primaryEmail, turnstileToken: 'ok' } });
    const code = codeFor(t, reg.primaryEmail);
    const [codeRow] = await t.db.select().from(verificationCodes).where(eq(verificationCodes.email, reg.primaryEmail));
    expect(codeRow.codeHash).not.toContain(code);
    expect(codeRow.codeHash.length).toBeGreaterThanOrEqual(32);
    const verified = await t.api('POST', '/api/registrations/verify-code', { body: { email: reg.primaryEmail, code } });
    const registrantToken = verified.body.registrantToken as string;
    expect(registrantToken).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    const [kept] = await t.db
      .select()
      .from(registrantTokens)
      .where(eq(registrantTokens.tokenHash, sha256(registrantToken)));
    expect(kept.registrationId).toBe(reg.id);
    const near = registrantToken.slice(0, -1) + (registrantToken.at(-1) === 'A' ? 'B' : 'A');
    expect((await t.api('GET', `/api/registrations/${reg.id}`, { registrantToken: near })).status).toBe(401);
  });
});
