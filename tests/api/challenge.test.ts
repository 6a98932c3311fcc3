import { describe, expect, it } from 'vitest';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { createChallenge, TURNSTILE_VERIFY_URL } from '../../server/challenge';
import { createTestApp } from '../helpers/app';

const t = await createTestApp({ CHALLENGE_PROVIDER: 'altcha' });
const plain = await createTestApp();

/** What the altcha widget does: fetch a challenge, solve it, submit base64 JSON. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no solution found');
  const payload = { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

async function solvedToken(): Promise<string> {
  const res = await t.api('GET', '/api/challenge');
  return solve(res.body);
}

const decode = (token: string) => JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64');

describe('GET /api/challenge (altcha)', () => {
  it('returns a signed, expiring challenge in the format of the altcha widget, never cached', async () => {
    const res = await t.api('GET', '/api/challenge');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', keyPrefix: expect.any(String) });
    const secondsLeft = res.body.parameters.expiresAt - Date.now() / 1000;
    expect(secondsLeft).toBeGreaterThan(9 * 60);
    expect(secondsLeft).toBeLessThanOrEqual(10 * 60);
    // each request gets a fresh challenge
    const again = await t.api('GET', '/api/challenge');
    expect(again.body.parameters.nonce).not.toBe(res.body.parameters.nonce);
  });
});

describe('altcha verification', () => {
  const verify = (token: string | null | undefined) => t.deps.challenge.verify(token);

  it('accepts a real solution once, and refuses it when replayed', async () => {
    const token = await solvedToken();
    expect(await verify(token)).toBe('ok');
    expect(await verify(token)).toBe('failed');
  });

  it('lets only one of two simultaneous uses of a solution through', async () => {
    const token = await solvedToken();
    const outcomes = await Promise.all([verify(token), verify(token)]);
    expect(outcomes.sort()).toEqual(['failed', 'ok']);
  });

  it('treats an absent solution as missing', async () => {
    for (const empty of [undefined, null, '', '   ']) expect(await verify(empty)).toBe('missing');
  });

  it('fails a tampered or forged solution', { timeout: 90_000 }, async () => {
    const token = await solvedToken();
    const payload = decode(token);
    // a wrong answer
    const wrongKey = structuredClone(payload);
    wrongKey.solution.derivedKey = wrongKey.solution.derivedKey.replace(/^./, (c: string) => (c === 'a' ? 'b' : 'a'));
    expect(await verify(encode(wrongKey))).toBe('failed');
    // an easier challenge than the one the server signed
    const easier = structuredClone(payload);
    easier.challenge.parameters.cost = 1;
    expect(await verify(encode(easier))).toBe('failed');
    // a longer life than the server signed
    const longer = structuredClone(payload);
    longer.challenge.parameters.expiresAt += 3600;
    expect(await verify(encode(longer))).toBe('failed');
    // a challenge signed with another server's secret
    const other = createChallenge({ provider: 'altcha' }, 'another-secret-another-secret-0000', { db: t.db });
    expect(await verify(await solve((await other.create()) as Challenge))).toBe('failed');
    // the widget's test mode, garbage, and JSON that is not a payload
    expect(await verify(encode({ challenge: null, solution: null, test: true }))).toBe('failed');
    expect(await verify('not a payload')).toBe('failed');
    expect(await verify(encode({ hello: 'world' }))).toBe('failed');
    // the untouched original still works (none of the above consumed it)
    expect(await verify(token)).toBe('ok');
  });

  it('reports a solution of an expired challenge as expired', async () => {
    const elevenMinutesAgo = () => Date.now() - 11 * 60 * 1000;
    const past = createChallenge(t.config.challenge, t.config.secret, { db: t.db, now: elevenMinutesAgo });
    const token = await solve((await past.create()) as Challenge);
    expect(await verify(token)).toBe('expired');
  });
});

describe('login with CHALLENGE_PROVIDER=altcha', () => {
  it('needs a solved challenge, accepts it once, and says why it refuses', { timeout: 90_000 }, async () => {
    const admin = await t.makeUser('admin');
    const creds = { email: admin.email, password: admin.password };

    const none = await t.api('POST', '/api/auth/login', { body: creds });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('Please complete the security verification.');
    expect(none.body.fields.turnstileToken).toBe('Please complete the security verification.');

    // null is no answer, as on every other form; an answer that is not text failed the check
    const nulled = await t.api('POST', '/api/auth/login', { body: { ...creds, turnstileToken: null } });
    expect([nulled.status, nulled.body.error]).toEqual([400, 'Please complete the security verification.']);
    for (const [url, field] of [
      ['/api/auth/login', 'turnstileToken'],
      ['/api/registrations/send-verification', 'turnstileToken'],
      ['/api/flight-info/lookup', 'captchaToken'],
    ]) {
      for (const answer of [42, true, ['x'], { a: 1 }]) {
        const res = await t.api('POST', url, { body: { ...creds, [field]: answer } });
        expect([res.status, res.body.error], `${url} ${JSON.stringify(answer)}`).toEqual([
          400,
          'Security verification failed. Please try again.',
        ]);
      }
    }

    const token = await solvedToken();
    const ok = await t.api('POST', '/api/auth/login', { body: { ...creds, turnstileToken: token } });
    expect(ok.status).toBe(200);
    expect(ok.body.token).toBeTruthy();

    const replay = await t.api('POST', '/api/auth/login', { body: { ...creds, turnstileToken: token } });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('Security verification failed. Please try again.');

    const past = createChallenge(t.config.challenge, t.config.secret, { db: t.db, now: () => Date.now() - 11 * 60 * 1000 });
    const stale = await solve((await past.create()) as Challenge);
    const expired = await t.api('POST', '/api/auth/login', { body: { ...creds, turnstileToken: stale } });
    expect(expired.status).toBe(400);
    expect(expired.body.error).toBe('Security verification expired. Please try again.');
  });
});

describe('turnstile', () => {
  function fakeCloudflare(answer: unknown, status = 200) {
    const calls: { url: string; body: URLSearchParams }[] = [];
    const fetchFn = (async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), body: new URLSearchParams(init?.body as URLSearchParams) });
      return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const verifier = createChallenge({ provider: 'turnstile', turnstileSecret: 'ts-secret' }, t.config.secret, {
      db: t.db,
      fetch: fetchFn,
    });
    return { verifier, calls };
  }

  it("sends the token and the secret to Cloudflare's siteverify and accepts its success", async () => {
    const { verifier, calls } = fakeCloudflare({ success: true, 'error-codes': [] });
    expect(verifier.provider).toBe('turnstile');
    expect(await verifier.create()).toBeNull();
    expect(await verifier.verify('token-from-widget')).toBe('ok');
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe(TURNSTILE_VERIFY_URL);
    expect(calls[0].body.get('secret')).toBe('ts-secret');
    expect(calls[0].body.get('response')).toBe('token-from-widget');
  });

  it('maps Cloudflare refusals to failed or expired', async () => {
    expect(await fakeCloudflare({ success: false, 'error-codes': ['invalid-input-response'] }).verifier.verify('x')).toBe('failed');
    expect(await fakeCloudflare({ success: false, 'error-codes': ['timeout-or-duplicate'] }).verifier.verify('x')).toBe('expired');
    expect(await fakeCloudflare({ oops: true }, 500).verifier.verify('x')).toBe('failed');
  });

  it('does not call Cloudflare without a token, and fails closed when it cannot reach it', async () => {
    const { verifier, calls } = fakeCloudflare({ success: true });
    expect(await verifier.verify('')).toBe('missing');
    expect(await verifier.verify(undefined)).toBe('missing');
    expect(await verifier.verify('x'.repeat(3000))).toBe('failed');
    expect(calls).toHaveLength(0);
    const offline = createChallenge({ provider: 'turnstile', turnstileSecret: 's' }, 'secret', {
      db: t.db,
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as typeof fetch,
    });
    expect(await offline.verify('token')).toBe('failed');
  });
});

describe('CHALLENGE_PROVIDER=none', () => {
  it('passes every request and serves no challenge', async () => {
    const none = createChallenge({ provider: 'none' }, 'secret', { db: t.db });
    expect(await none.verify(undefined)).toBe('ok');
    expect(await none.verify('anything')).toBe('ok');
    const res = await plain.api('GET', '/api/challenge');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ provider: 'none' });
  });
});
