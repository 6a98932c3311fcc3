/**
 * The permission matrix of /api/registrations (docs/product.md#roles-and-access): every endpoint × anonymous,
 * greeter, admin, the registrant of registration A and the registrant of another registration B, always
 * acting on A. Each cell gets fresh registrations so no cell depends on another.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { makeRegistration, type MadeRegistration } from '../helpers/factories';
import { issueRegistrantToken } from '../../server/services/registrants/registrant-tokens';

const t = await createTestApp();
const admin = await t.makeUser('admin');
const greeter = await t.makeUser('greeter');

type Actor = 'anonymous' | 'greeter' | 'admin' | 'registrantA' | 'registrantB';
const ACTORS: Actor[] = ['anonymous', 'greeter', 'admin', 'registrantA', 'registrantB'];

interface Case {
  name: string;
  method: string;
  path: (a: MadeRegistration) => string;
  body?: (a: MadeRegistration) => unknown;
  /** bring A into the state the call needs (e.g. cancelled before reactivate) */
  prepare?: (a: MadeRegistration) => Promise<void>;
  expect: Record<Actor, number>;
}

const ADMIN_ONLY = (ok: number): Record<Actor, number> => ({
  anonymous: 401,
  greeter: 403,
  admin: ok,
  registrantA: 401,
  registrantB: 401,
});

const other = (a: MadeRegistration) => a.attendees.find((x) => !x.is_primary)!.id;

const CASES: Case[] = [
  {
    name: 'create',
    method: 'POST',
    path: () => '/api/registrations',
    body: () => ({
      primary_email: 'new@test.example',
      primary_phone: '555',
      primary_first_name: 'New',
      primary_last_name: 'Person',
      primary_age_category: 'adult',
      turnstileToken: 'ok',
    }),
    expect: ADMIN_ONLY(201),
  },
  { name: 'list', method: 'GET', path: () => '/api/registrations', expect: ADMIN_ONLY(200) },
  { name: 'stats', method: 'GET', path: () => '/api/registrations/stats/summary', expect: ADMIN_ONLY(200) },
  { name: 'export', method: 'GET', path: (a) => `/api/registrations/export?search=${a.registrationNumber}`, expect: ADMIN_ONLY(200) },
  {
    name: 'bulk flight-info request',
    method: 'POST',
    path: () => '/api/registrations/request-flight-info',
    body: (a) => ({ search: a.registrationNumber }),
    expect: ADMIN_ONLY(200),
  },
  {
    name: 'detail',
    method: 'GET',
    path: (a) => `/api/registrations/${a.registrationNumber}`,
    expect: { anonymous: 401, greeter: 200, admin: 200, registrantA: 200, registrantB: 401 },
  },
  { name: 'edit', method: 'PUT', path: (a) => `/api/registrations/${a.id}`, body: () => ({ city: 'Conroe' }), expect: ADMIN_ONLY(200) },
  {
    name: 'cancel',
    method: 'POST',
    path: (a) => `/api/registrations/${a.id}/cancel`,
    body: () => ({ reason: 'Test' }),
    expect: ADMIN_ONLY(200),
  },
  {
    name: 'reactivate',
    method: 'POST',
    path: (a) => `/api/registrations/${a.id}/reactivate`,
    prepare: async (a) => {
      await t.api('POST', `/api/registrations/${a.id}/cancel`, { token: admin.token, body: { reason: 'Test' } });
    },
    expect: ADMIN_ONLY(200),
  },
  {
    name: 'add attendee',
    method: 'POST',
    path: (a) => `/api/registrations/${a.id}/attendees`,
    body: () => ({ first_name: 'Kid', last_name: 'X', relationship: 'child', age_category: 'child' }),
    expect: ADMIN_ONLY(201),
  },
  {
    name: 'edit attendee',
    method: 'PUT',
    path: (a) => `/api/registrations/${a.id}/attendees/${other(a)}`,
    body: () => ({ age: 10 }),
    expect: ADMIN_ONLY(200),
  },
  { name: 'remove attendee', method: 'DELETE', path: (a) => `/api/registrations/${a.id}/attendees/${other(a)}`, expect: ADMIN_ONLY(204) },
  {
    name: 'record payment',
    method: 'POST',
    path: (a) => `/api/registrations/${a.id}/payments`,
    body: () => ({ amount: 10, method: 'cash' }),
    expect: ADMIN_ONLY(201),
  },
  { name: 'payment ledger', method: 'GET', path: (a) => `/api/registrations/${a.id}/payments`, expect: ADMIN_ONLY(200) },
  { name: 'history', method: 'GET', path: (a) => `/api/registrations/${a.id}/history`, expect: ADMIN_ONLY(200) },
];

async function credentials(actor: Actor, a: MadeRegistration, b: MadeRegistration) {
  switch (actor) {
    case 'anonymous':
      return {};
    case 'greeter':
      return { token: greeter.token };
    case 'admin':
      return { token: admin.token };
    case 'registrantA':
      return { registrantToken: (await issueRegistrantToken(t.db, a.id, a.primaryEmail)).registrantToken };
    case 'registrantB':
      return { registrantToken: (await issueRegistrantToken(t.db, b.id, b.primaryEmail)).registrantToken };
  }
}

describe('registrations permission matrix', () => {
  for (const c of CASES) {
    for (const actor of ACTORS) {
      it(`${c.method} ${c.name} as ${actor} → ${c.expect[actor]}`, async () => {
        const a = await makeRegistration(t.db, { attendees: [{ firstName: 'Member', lastName: 'A', ageCategory: 'adult' }] });
        const b = await makeRegistration(t.db);
        await c.prepare?.(a);
        const res = await t.api(c.method, c.path(a), { ...(await credentials(actor, a, b)), body: c.body?.(a) });
        expect(res.status, res.text).toBe(c.expect[actor]);
        if (res.status === 401 || res.status === 403) expect(res.body.error).toBeTruthy();
      });
    }
  }
});
