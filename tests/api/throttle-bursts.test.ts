/**
 * Throttles under a burst: every attempt is counted before the expensive check, so simultaneous wrong
 * passwords or codes get no more answers than the limit allows (the rest are 429), and an attacker from
 * one address cannot lock the account's owner out. Client addresses come from X-Forwarded-For
 * (TRUST_PROXY=true), as behind the production proxy.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { makeRegistration } from '../helpers/factories';
import { ADDRESS_FAILURES_PER_15_MIN, CHANGE_PASSWORD_FAILURES_PER_15_MIN } from '../../server/services/staff/sign-in';
import { MAX_WRONG_TRIES } from '../../server/services/registrants/verification-codes';
import { WRONG_CODES_PER_ADDRESS } from '../../server/services/registrants/verification';
import { codeFor } from './verification-fixtures';

const t = await createTestApp({ TRUST_PROXY: 'true' });

const from = (address: string) => ({ 'x-forwarded-for': address });
const statuses = (answers: { status: number }[]) =>
  answers.reduce<Record<number, number>>((n, a) => ({ ...n, [a.status]: (n[a.status] ?? 0) + 1 }), {});

describe('sign-in under a burst of wrong passwords', () => {
  it('simultaneous wrong passwords from one address, on several accounts: at most the limit are checked, the rest 429', async () => {
    const owner = await t.makeUser('admin');
    // spread over three accounts, so no account reaches its own hourly limit (100) first
    const others = [await t.makeUser('greeter'), await t.makeUser('checkin')];
    const accounts = [owner, ...others];
    const attempts = ADDRESS_FAILURES_PER_15_MIN + 30;
    const burst = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        t.api('POST', '/api/auth/login', {
          body: { email: accounts[i % accounts.length].email, password: 'wrong-guess' },
          headers: from('203.0.113.7'),
        }),
      ),
    );
    const counts = statuses(burst);
    expect(Object.keys(counts).sort()).toEqual(['401', '429']);
    expect(counts[401]).toBeLessThanOrEqual(ADDRESS_FAILURES_PER_15_MIN);
    expect(counts[429]).toBeGreaterThanOrEqual(attempts - ADDRESS_FAILURES_PER_15_MIN);
    const limited = burst.find((a) => a.status === 429)!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.error).toBe('Too many sign-in attempts. Please try again later.');

    // the right password from the attacking address is refused too, without being checked
    const attacker = await t.api('POST', '/api/auth/login', {
      body: { email: owner.email, password: owner.password },
      headers: from('203.0.113.7'),
    });
    expect(attacker.status).toBe(429);
    // the owner, from another address, still signs in
    const ownerLogin = await t.api('POST', '/api/auth/login', {
      body: { email: owner.email, password: owner.password },
      headers: from('198.51.100.20'),
    });
    expect(ownerLogin.status).toBe(200);
    expect(ownerLogin.body.token).toBeTruthy();
  });

  it('an account over its hourly limit still lets an address with no failure sign in, and refuses one that failed', async () => {
    const owner = await t.makeUser('admin');
    // 100 failures an hour on the account, spread over many addresses
    for (let i = 0; i < 100; i++) {
      const res = await t.api('POST', '/api/auth/login', {
        body: { email: owner.email, password: 'wrong-guess' },
        headers: from(`192.0.2.${i}`),
      });
      expect(res.status).toBe(401);
    }
    // an address that already failed on this account is refused, even with the right password
    const failedBefore = await t.api('POST', '/api/auth/login', {
      body: { email: owner.email, password: owner.password },
      headers: from('192.0.2.5'),
    });
    expect(failedBefore.status).toBe(429);
    // a fresh address with a wrong password is checked once, then refused
    expect(
      (await t.api('POST', '/api/auth/login', { body: { email: owner.email, password: 'wrong' }, headers: from('192.0.2.200') })).status,
    ).toBe(401);
    expect(
      (await t.api('POST', '/api/auth/login', { body: { email: owner.email, password: 'wrong' }, headers: from('192.0.2.200') })).status,
    ).toBe(429);
    // the owner from their own address signs in
    const ownerLogin = await t.api('POST', '/api/auth/login', {
      body: { email: owner.email, password: owner.password },
      headers: from('198.51.100.99'),
    });
    expect(ownerLogin.status).toBe(200);
  });

  it("from one address, an account's 100 failures an hour are each answered 401, and the next 429", async () => {
    const owner = await t.makeUser('greeter');
    const wrong = () =>
      t.api('POST', '/api/auth/login', { body: { email: owner.email, password: 'wrong-guess' }, headers: from('198.51.100.77') });
    for (let i = 0; i < 100; i++) expect((await wrong()).status).toBe(401);
    const refused = await wrong();
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('Too many sign-in attempts. Please try again later.');
  });

  it('successful sign-ins do not use up the address limit', async () => {
    const staff = await t.makeUser('greeter');
    for (let i = 0; i < ADDRESS_FAILURES_PER_15_MIN + 5; i++) {
      const res = await t.api('POST', '/api/auth/login', {
        body: { email: staff.email, password: staff.password },
        headers: from('198.51.100.50'),
      });
      expect(res.status).toBe(200);
    }
    // 205 sign-ins, each a deliberately slow password hash: 30 s on a busy two-core machine was once too little
  }, 120_000);
});

describe('change password', () => {
  it('a burst of wrong current passwords from a stolen session is throttled like sign-in', async () => {
    const user = await t.makeUser('greeter');
    const burst = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.api('POST', '/api/auth/change-password', {
          token: user.token,
          body: { current_password: 'guess-guess', new_password: 'new-password-1' },
        }),
      ),
    );
    const counts = statuses(burst);
    expect(counts[400]).toBeLessThanOrEqual(CHANGE_PASSWORD_FAILURES_PER_15_MIN);
    expect(counts[429]).toBe(40 - counts[400]);
    // the right current password is not even checked now
    const right = await t.api('POST', '/api/auth/change-password', {
      token: user.token,
      body: { current_password: user.password, new_password: 'new-password-1' },
    });
    expect(right.status).toBe(429);
  });

  it('the same value as current and new answers the same whether or not it is the current password', async () => {
    const user = await t.makeUser('greeter');
    const right = await t.api('POST', '/api/auth/change-password', {
      token: user.token,
      body: { current_password: user.password, new_password: user.password },
    });
    const wrong = await t.api('POST', '/api/auth/change-password', {
      token: user.token,
      body: { current_password: 'not-my-password', new_password: 'not-my-password' },
    });
    expect(right.status).toBe(400);
    expect(wrong.status).toBe(right.status);
    expect(wrong.body).toEqual(right.body);
    expect(right.body.error).toBe('New password must be different from the current password');
  });
});

describe('verification codes under a burst of wrong codes', () => {
  it('a burst of guesses at one code gets at most MAX_WRONG_TRIES compares; the code then dies', async () => {
    const reg = await makeRegistration(t.db);
    await t.api('POST', '/api/registrations/send-verification', { body: { email: reg.primaryEmail }, headers: from('203.0.113.40') });
    const code = codeFor(t, reg.primaryEmail);
    const guesses = ['AAAAAA', 'BBBBBB', 'CCCCCC', 'DDDDDD', 'EEEEEE', 'FFFFFF', 'GGGGGG', 'HHHHHH'].filter((g) => g !== code);
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.api('POST', '/api/registrations/verify-code', {
          body: { email: reg.primaryEmail, code: guesses[i % guesses.length] },
          headers: from(`203.0.113.${100 + i}`),
        }),
      ),
    );
    expect(burst.every((a) => a.status === 400)).toBe(true);
    const attempts = await t.db.query.verificationCodes.findFirst({ where: (v, { eq }) => eq(v.email, reg.primaryEmail) });
    expect(attempts?.attempts).toBe(MAX_WRONG_TRIES);
    // the right code is dead now
    const late = await t.api('POST', '/api/registrations/verify-code', {
      body: { email: reg.primaryEmail, code },
      headers: from('203.0.113.41'),
    });
    expect(late.status).toBe(400);
  });

  it('a burst of wrong codes from one address across many emails stops at the address limit', async () => {
    const burst = await Promise.all(
      Array.from({ length: WRONG_CODES_PER_ADDRESS + 30 }, (_, i) =>
        t.api('POST', '/api/registrations/verify-code', {
          body: { email: `nobody${i}@test.example`, code: 'AAAAAA' },
          headers: from('203.0.113.250'),
        }),
      ),
    );
    const counts = statuses(burst);
    expect(counts[400]).toBeLessThanOrEqual(WRONG_CODES_PER_ADDRESS);
    expect(counts[429]).toBeGreaterThanOrEqual(30);
    // another address is not affected
    const other = await t.api('POST', '/api/registrations/verify-code', {
      body: { email: 'someone@test.example', code: 'AAAAAA' },
      headers: from('203.0.113.251'),
    });
    expect(other.status).toBe(400);
  });
});

describe('the client address behind the proxy', () => {
  it('is the hop the proxy appended: a client naming a new address in front of it on every request stays one address', async () => {
    const burst = await Promise.all(
      Array.from({ length: WRONG_CODES_PER_ADDRESS + 10 }, (_, i) =>
        t.api('POST', '/api/registrations/verify-code', {
          body: { email: `spoof${i}@test.example`, code: 'AAAAAA' },
          headers: from(`198.51.100.${i % 250}, 203.0.113.99`),
        }),
      ),
    );
    const counts = statuses(burst);
    expect(counts[400]).toBeLessThanOrEqual(WRONG_CODES_PER_ADDRESS);
    expect(counts[429]).toBeGreaterThanOrEqual(10);
  });

  it('a header that is no address (the client sent it, the proxy passed it on) is not a throttle key, and no request fails on it', async () => {
    const res = await t.api('POST', '/api/registrations/verify-code', {
      body: { email: 'long-header@test.example', code: 'AAAAAA' },
      headers: from(`x${'y'.repeat(8000)}`),
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid or expired verification code');
  });
});
