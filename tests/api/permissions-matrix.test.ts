/**
 * The permission matrix (docs/product.md#roles-and-access; docs/architecture.md#tests): EVERY endpoint the app serves ×
 * anonymous, the registrant of registration A, the registrant of registration B, a greeter, check-in staff and an
 * admin, always acting on A, with the status each must get. The table is keyed by `METHOD path` exactly as the
 * app routes them, and the first test compares those keys with the built app's routes: an endpoint added
 * without a row (or a row left behind by a removed endpoint) fails the suite.
 *
 * Every cell builds its own world (A and B with attendees, flights and hotel bookings, fresh sessions
 * and registrant tokens), so a cell that signs out, cancels or consumes a code cannot change another.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { makeRegistration, type MadeRegistration } from '../helpers/factories';
import { makeHotelAssignment } from '../helpers/staff-fixtures';
import { compareWithApp } from '../helpers/route-table';
import { flightInfoRequests, registrations } from '../../server/db/schema';
import { eq } from 'drizzle-orm';
import { newToken, sha256 } from '../../server/lib/tokens';
import { issueRegistrantToken } from '../../server/services/registrants/registrant-tokens';
import { createSession } from '../../server/services/staff/sessions';
import { issueCode } from '../../server/services/registrants/verification-codes';
import { OP_SENDERS } from '../../pwa/offline/senders';
import type { OpKind } from '../../pwa/offline/types';
import { ROLES } from '../../shared/constants';

const t = await createTestApp();
const admin = await t.makeUser('admin');
const greeter = await t.makeUser('greeter');
const desk = await t.makeUser('checkin');
/** the user admins edit in PUT /api/users/:id */
const target = await t.makeUser('greeter');

const ACTORS = ['anonymous', 'registrantA', 'registrantB', 'greeter', 'checkin', 'admin'] as const;
type Actor = (typeof ACTORS)[number];
type Expect = Record<Actor, number>;

/** The world of one cell. */
interface World {
  a: MadeRegistration;
  b: MadeRegistration;
  /** A's arrival flight */
  flightA: number;
  /** A's second attendee (not the primary contact) */
  memberA: number;
  /** a booking linked to A */
  linked: number;
  /** a booking linked to nobody */
  unmatched: number;
  /** what the row's `prepare` produced (a code, a link token...) */
  extra: Record<string, string>;
  seq: number;
}

interface Row {
  url: (w: World) => string;
  body?: (w: World) => unknown;
  raw?: (w: World) => string;
  headers?: Record<string, string>;
  /** extra state the call needs; may hand out staff tokens of its own (`adminToken`, `greeterToken`) */
  prepare?: (w: World) => Promise<Record<string, string>>;
  /** the answer is a stream that never ends: only its status is read */
  stream?: boolean;
  expect: Expect;
}

const everyone = (status: number): Expect => ({
  anonymous: status,
  registrantA: status,
  registrantB: status,
  greeter: status,
  checkin: status,
  admin: status,
});
/** every staff member: their own account, the live stream */
const staffOnly = (status: number): Expect => ({
  anonymous: 401,
  registrantA: 401,
  registrantB: 401,
  greeter: status,
  checkin: status,
  admin: status,
});
/** the airport team: greeters and admins */
const airportOnly = (status: number): Expect => ({ ...staffOnly(status), checkin: 403 });
/** the check-in desk: check-in staff and admins */
const deskOnly = (status: number): Expect => ({ ...staffOnly(status), greeter: 403 });
const adminOnly = (status: number): Expect => ({
  anonymous: 401,
  registrantA: 401,
  registrantB: 401,
  greeter: 403,
  checkin: 403,
  admin: status,
});
/** the airport team, and the registrant of A (B is refused) */
const readA = (status: number): Expect => ({
  anonymous: 401,
  registrantA: status,
  registrantB: 403,
  greeter: status,
  checkin: 403,
  admin: status,
});

const arrival = {
  flightType: 'arrival',
  airline: 'United Airlines',
  flightNumber: 'UA 512',
  flightDate: '2025-11-27',
  flightTime: '14:30',
  airport: 'IAH',
  adultsCount: 2,
};

async function linkToken(w: World) {
  const token = newToken(32);
  await t.db.insert(flightInfoRequests).values({
    registrationId: w.a.id,
    tokenHash: sha256(token),
    sentTo: w.a.primaryEmail,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return { token };
}

/** Keyed by `METHOD path` exactly as app.routes lists it. */
const TABLE: Record<string, Row> = {
  'GET /health': { url: () => '/health', expect: everyone(200) },
  'GET /api/health': { url: () => '/api/health', expect: everyone(200) },
  'GET /api/config': { url: () => '/api/config', expect: everyone(200) },
  'GET /api/challenge': { url: () => '/api/challenge', expect: everyone(200) },
  'GET /api/sync/time': { url: () => '/api/sync/time', expect: everyone(200) },

  // ---- staff accounts
  'POST /api/auth/login': {
    url: () => '/api/auth/login',
    body: () => ({ email: admin.email, password: admin.password }),
    expect: everyone(200),
  },
  'GET /api/auth/me': { url: () => '/api/auth/me', expect: staffOnly(200) },
  'POST /api/auth/change-password': {
    url: () => '/api/auth/change-password',
    body: () => ({ current_password: 'first-pass-123', new_password: 'second-pass-456' }),
    // users of their own, so the shared admin's password never changes
    prepare: async () => ({
      adminToken: (await t.makeUser('admin', { password: 'first-pass-123' })).token,
      greeterToken: (await t.makeUser('greeter', { password: 'first-pass-123' })).token,
      checkinToken: (await t.makeUser('checkin', { password: 'first-pass-123' })).token,
    }),
    expect: staffOnly(200),
  },
  'POST /api/auth/logout': { url: () => '/api/auth/logout', expect: staffOnly(200) },
  'GET /api/live': { url: () => '/api/live', stream: true, expect: staffOnly(200) },
  'GET /api/users': { url: () => '/api/users', expect: adminOnly(200) },
  'POST /api/users': {
    url: () => '/api/users',
    body: (w) => ({
      email: `new-user-${w.seq}@test.example`,
      password: 'welcome-123',
      role: 'greeter',
      first_name: 'New',
      last_name: 'User',
    }),
    expect: adminOnly(201),
  },
  'PUT /api/users/:id': {
    url: () => `/api/users/${target.id}`,
    body: (w) => ({ first_name: `Renamed ${w.seq}` }),
    expect: adminOnly(200),
  },
  'GET /api/admin/backup': { url: () => '/api/admin/backup', expect: adminOnly(200) },

  // ---- visitor self-service (public: the challenge, the codes and the limits guard them)
  'POST /api/registrations/send-verification': {
    url: () => '/api/registrations/send-verification',
    body: (w) => ({ email: w.a.primaryEmail, turnstileToken: 'ok' }),
    expect: everyone(200),
  },
  'POST /api/registrations/verify-code': {
    url: () => '/api/registrations/verify-code',
    prepare: async (w) => ({ code: (await issueCode(t.db, w.a.primaryEmail, 'registration')).code }),
    body: (w) => ({ email: w.a.primaryEmail, code: w.extra.code }),
    expect: everyone(200),
  },
  // a visitor ends their own token; a staff session has none to end
  'POST /api/registrations/sign-out': {
    url: () => '/api/registrations/sign-out',
    expect: { anonymous: 401, registrantA: 200, registrantB: 200, greeter: 401, checkin: 401, admin: 401 },
  },
  'POST /api/flight-info/send-verification': {
    url: () => '/api/flight-info/send-verification',
    body: (w) => ({ email: w.a.primaryEmail, turnstileToken: 'ok' }),
    expect: everyone(200),
  },
  'POST /api/flight-info/verify-code': {
    url: () => '/api/flight-info/verify-code',
    prepare: async (w) => ({ code: (await issueCode(t.db, w.a.primaryEmail, 'flight-info')).code }),
    body: (w) => ({ email: w.a.primaryEmail, code: w.extra.code }),
    expect: everyone(200),
  },
  'POST /api/flight-info/lookup': {
    url: () => '/api/flight-info/lookup',
    body: (w) => ({ email: w.a.primaryEmail, captchaToken: 'ok' }),
    expect: everyone(200),
  },
  'GET /api/flight-info/verify/:token': {
    url: (w) => `/api/flight-info/verify/${w.extra.token}`,
    prepare: linkToken,
    expect: everyone(200),
  },
  'POST /api/flight-info/submit': {
    url: () => '/api/flight-info/submit',
    prepare: linkToken,
    body: (w) => ({ token: w.extra.token, email: w.a.primaryEmail, needsTransportation: true, flights: [arrival], turnstileToken: 'ok' }),
    expect: everyone(200),
  },
  'GET /api/flight-info/registration/:id': { url: (w) => `/api/flight-info/registration/${w.a.registrationNumber}`, expect: readA(200) },
  'POST /api/flight-info/submit-verified': {
    url: () => '/api/flight-info/submit-verified',
    body: (w) => ({ registrationId: w.a.id, needsTransportation: true, flights: [arrival] }),
    // a greeter reads flights but does not write them
    expect: { anonymous: 401, registrantA: 200, registrantB: 403, greeter: 403, checkin: 403, admin: 200 },
  },

  // ---- registrations
  'POST /api/registrations': {
    url: () => '/api/registrations',
    body: (w) => ({
      primary_email: `created-${w.seq}@test.example`,
      primary_phone: '+1 555 0199',
      primary_first_name: 'Nia',
      primary_last_name: 'Okafor',
      attendees: [{ first_name: 'Ike', last_name: 'Okafor', age_category: 'child' }],
    }),
    expect: adminOnly(201),
  },
  'GET /api/registrations': { url: () => '/api/registrations?search=Family', expect: adminOnly(200) },
  'GET /api/registrations/stats/summary': { url: () => '/api/registrations/stats/summary', expect: adminOnly(200) },
  'GET /api/registrations/export': { url: (w) => `/api/registrations/export?search=${w.a.registrationNumber}`, expect: adminOnly(200) },
  'POST /api/registrations/request-flight-info': {
    url: () => '/api/registrations/request-flight-info',
    body: (w) => ({ search: w.a.registrationNumber }),
    expect: adminOnly(200),
  },
  'POST /api/registrations/:id/request-flight-info': {
    url: (w) => `/api/registrations/${w.a.id}/request-flight-info`,
    expect: adminOnly(200),
  },
  // docs/product.md: reading a registration with another's registrant token is 401, as with none; the desk reads its view
  'GET /api/registrations/:id': {
    url: (w) => `/api/registrations/${w.a.registrationNumber}`,
    expect: { ...readA(200), registrantB: 401, checkin: 200 },
  },
  'PUT /api/registrations/:id': { url: (w) => `/api/registrations/${w.a.id}`, body: () => ({ city: 'Conroe' }), expect: adminOnly(200) },
  'POST /api/registrations/:id/cancel': {
    url: (w) => `/api/registrations/${w.a.id}/cancel`,
    body: () => ({ reason: 'Plans changed' }),
    expect: adminOnly(200),
  },
  'POST /api/registrations/:id/reactivate': {
    url: (w) => `/api/registrations/${w.a.id}/reactivate`,
    prepare: async (w) => {
      const res = await t.api('POST', `/api/registrations/${w.a.id}/cancel`, { token: admin.token, body: { reason: 'Plans changed' } });
      expect(res.status).toBe(200);
      return {};
    },
    expect: adminOnly(200),
  },
  'POST /api/registrations/:id/confirm': {
    url: (w) => `/api/registrations/${w.a.id}/confirm`,
    prepare: async (w) => {
      await t.db.update(registrations).set({ status: 'waitlist' }).where(eq(registrations.id, w.a.id));
      return {};
    },
    expect: adminOnly(200),
  },
  'POST /api/registrations/:id/attendees': {
    url: (w) => `/api/registrations/${w.a.id}/attendees`,
    body: () => ({ first_name: 'Tobi', last_name: 'Family', relationship: 'child', age_category: 'child' }),
    expect: adminOnly(201),
  },
  'PUT /api/registrations/:id/attendees/:attendeeId': {
    url: (w) => `/api/registrations/${w.a.id}/attendees/${w.memberA}`,
    body: () => ({ age: 40 }),
    expect: adminOnly(200),
  },
  'DELETE /api/registrations/:id/attendees/:attendeeId': {
    url: (w) => `/api/registrations/${w.a.id}/attendees/${w.memberA}`,
    expect: adminOnly(204),
  },
  'POST /api/registrations/:id/payments': {
    url: (w) => `/api/registrations/${w.a.id}/payments`,
    body: () => ({ amount: 100, method: 'cash', note: 'At the desk' }),
    expect: deskOnly(201),
  },
  // the check-in desk: admins and check-in staff (check-in staff's own answers: check-in.test.ts)
  'POST /api/registrations/:id/check-in': {
    url: (w) => `/api/registrations/${w.a.id}/check-in`,
    body: (w) => ({ attendee_ids: [w.memberA], checked_in: true }),
    headers: { 'idempotency-key': 'perm-matrix-desk-key' },
    expect: deskOnly(200),
  },
  'POST /api/registrations/check-in/batch': {
    url: () => '/api/registrations/check-in/batch',
    body: (w) => ({ ops: [{ opId: 'perm-matrix-desk-op', registration_id: w.a.id, attendee_ids: [w.memberA], checked_in: true }] }),
    expect: deskOnly(200),
  },
  'POST /api/registrations/:id/send-pass': {
    url: (w) => `/api/registrations/${w.a.id}/send-pass`,
    expect: { anonymous: 401, registrantA: 200, registrantB: 403, greeter: 403, checkin: 403, admin: 200 },
  },
  'POST /api/registrations/send-passes': {
    url: () => '/api/registrations/send-passes',
    body: () => ({ limit: 1 }),
    expect: adminOnly(200),
  },
  'GET /api/registrations/:id/payments': { url: (w) => `/api/registrations/${w.a.id}/payments`, expect: adminOnly(200) },
  'GET /api/registrations/:id/history': { url: (w) => `/api/registrations/${w.a.id}/history`, expect: adminOnly(200) },

  // ---- the airport team
  'GET /api/flight-info/admin/flight-arrivals': {
    url: () => '/api/flight-info/admin/flight-arrivals?date=2025-11-27',
    expect: airportOnly(200),
  },
  'GET /api/flight-info/admin/flight-arrivals/export': {
    url: () => '/api/flight-info/admin/flight-arrivals/export?date=2025-11-27',
    expect: airportOnly(200),
  },
  'GET /api/flight-info/admin/flight-departures/export': {
    url: () => '/api/flight-info/admin/flight-departures/export?date=2025-11-30',
    expect: airportOnly(200),
  },
  'POST /api/flight-info/admin/flight-pickups/batch': {
    url: () => '/api/flight-info/admin/flight-pickups/batch',
    body: (w) => ({
      ops: [
        {
          opId: 'perm-matrix-batch-op',
          flightId: w.flightA,
          picked_up: true,
          picked_up_by: null,
          clientTime: new Date().toISOString(),
          deviceId: 'phone-1',
        },
      ],
    }),
    expect: airportOnly(200),
  },
  'POST /api/flight-info/admin/flight-pickups/:id': {
    url: (w) => `/api/flight-info/admin/flight-pickups/${w.flightA}`,
    body: () => ({ picked_up: true, deviceId: 'phone-1' }),
    headers: { 'idempotency-key': 'perm-matrix-key' },
    expect: airportOnly(200),
  },

  // ---- hotel (admins)
  'GET /api/hotel-assignments': { url: () => '/api/hotel-assignments', expect: adminOnly(200) },
  'GET /api/hotel-assignments/unmatched': { url: () => '/api/hotel-assignments/unmatched', expect: adminOnly(200) },
  'GET /api/hotel-assignments/search-matches': {
    url: (w) => `/api/hotel-assignments/search-matches?name=Ana&assignmentId=${w.unmatched}`,
    expect: adminOnly(200),
  },
  'POST /api/hotel-assignments/import': {
    url: () => '/api/hotel-assignments/import?dryRun=true',
    raw: (w) => `Guest,Confirmation\nPreview Person,PREVIEW-${w.seq}\n`,
    headers: { 'content-type': 'text/csv' },
    expect: adminOnly(200),
  },
  'POST /api/hotel-assignments/:id/match': {
    url: (w) => `/api/hotel-assignments/${w.unmatched}/match`,
    body: (w) => ({ registrationId: w.b.id }),
    expect: adminOnly(200),
  },
  'POST /api/hotel-assignments/:id/unmatch': { url: (w) => `/api/hotel-assignments/${w.linked}/unmatch`, expect: adminOnly(200) },
  'DELETE /api/hotel-assignments/:id': { url: (w) => `/api/hotel-assignments/${w.unmatched}`, expect: adminOnly(204) },

  // ---- offline downloads
  'GET /api/sync/arrivals': { url: () => '/api/sync/arrivals?since=0&limit=50', expect: airportOnly(200) },
  'GET /api/sync/hotel': { url: () => '/api/sync/hotel?since=0&limit=50', expect: adminOnly(200) },
  'GET /api/sync/registrations': { url: () => '/api/sync/registrations?since=0&limit=50', expect: deskOnly(200) },
};

let seq = 0;
async function world(): Promise<World> {
  seq += 1;
  const a = await makeRegistration(t.db, {
    attendees: [{ firstName: 'Member', lastName: 'A', ageCategory: 'adult', relationship: 'spouse' }],
    flights: [{ flightType: 'arrival' }, { flightType: 'departure', flightDate: '2025-11-30', flightTime: '10:00' }],
  });
  const b = await makeRegistration(t.db, { flights: [{ flightType: 'arrival', flightNumber: 'AA77' }] });
  const linked = await makeHotelAssignment(t.db, {
    guestName: `${a.primaryFirstName} ${a.primaryLastName}`,
    registrationId: a.id,
    matchedAt: new Date(),
  });
  const unmatched = await makeHotelAssignment(t.db, { guestName: `${b.primaryFirstName} ${b.primaryLastName}` });
  return {
    a,
    b,
    flightA: a.flights.find((f) => f.flightType === 'arrival')!.id,
    memberA: a.attendees.find((x) => !x.is_primary)!.id,
    linked: linked.id,
    unmatched: unmatched.id,
    extra: {},
    seq,
  };
}

async function credentials(actor: Actor, w: World): Promise<{ token?: string; registrantToken?: string }> {
  switch (actor) {
    case 'anonymous':
      return {};
    case 'registrantA':
      return { registrantToken: (await issueRegistrantToken(t.db, w.a.id, w.a.primaryEmail)).registrantToken };
    case 'registrantB':
      return { registrantToken: (await issueRegistrantToken(t.db, w.b.id, w.b.primaryEmail)).registrantToken };
    // a session of its own per cell: the logout cell revokes only its own
    case 'greeter':
      return { token: w.extra.greeterToken ?? (await createSession(t.db, greeter.id)).token };
    case 'checkin':
      return { token: w.extra.checkinToken ?? (await createSession(t.db, desk.id)).token };
    case 'admin':
      return { token: w.extra.adminToken ?? (await createSession(t.db, admin.id)).token };
  }
}

describe('permission matrix: every endpoint × every kind of caller', () => {
  it('has a row for every endpoint the app serves, and no row for one it does not', () => {
    expect(compareWithApp(t.app, Object.keys(TABLE))).toEqual({ missingRows: [], staleRows: [] });
  });

  for (const [key, row] of Object.entries(TABLE)) {
    const method = key.split(' ')[0];
    describe(key, () => {
      for (const actor of ACTORS) {
        it(`${actor} → ${row.expect[actor]}`, async () => {
          const w = await world();
          w.extra = (await row.prepare?.(w)) ?? {};
          const res = await t.api(method, row.url(w), {
            ...(await credentials(actor, w)),
            body: row.body?.(w),
            raw: row.raw?.(w),
            stream: row.stream,
            headers: { ...row.headers, ...(row.headers?.['idempotency-key'] && { 'idempotency-key': `perm-${w.seq}-${actor}` }) },
          });
          expect(res.status, `${key} as ${actor}: ${res.text.slice(0, 300)}`).toBe(row.expect[actor]);
          if (res.status >= 400) expect(res.body.error, 'a refusal says why').toEqual(expect.any(String));
        });
      }
    });
  }
});

describe("the offline outbox's senders (pwa/offline/senders.ts) are the roles this matrix lets through", () => {
  const ROUTE_OF: Record<OpKind, string> = {
    pickup: 'POST /api/flight-info/admin/flight-pickups/:id',
    'check-in': 'POST /api/registrations/:id/check-in',
    payment: 'POST /api/registrations/:id/payments',
    'hotel-link': 'POST /api/hotel-assignments/:id/match',
  };
  for (const [kind, key] of Object.entries(ROUTE_OF) as [OpKind, string][]) {
    it(`${kind}: ${key}`, () => {
      const staff = ROLES.filter((role) => TABLE[key]!.expect[role] !== 403);
      expect([...OP_SENDERS[kind]].sort()).toEqual(staff.sort());
    });
  }
});
