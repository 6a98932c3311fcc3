/**
 * Hostile input, property-tested (docs/product.md#api: never a 500 for bad input, every
 * bad input writes nothing). For every endpoint that reads a JSON body, a query, a CSV upload or a path
 * parameter, fast-check sends random and malformed JSON, wrong types, huge strings (under the 1 MB
 * limit, sometimes over it), unicode, SQL and HTML metacharacters and control characters, and checks:
 *   - never a 5xx;
 *   - every 4xx is the JSON `{error}` envelope with a sentence;
 *   - a 4xx changes nothing: a fingerprint of the database (row counts, highest version or id of every
 *     table the API writes, the audit log) is the same before and after.
 * rate_limits is left out of the fingerprint on purpose: counting refused attempts is what it is for
 * (and it is emptied before each run so the limits do not hide the deeper code paths). A refusal with a
 * well-formed Idempotency-Key is stored in client_operations by design (services/sync/idempotency.ts), so
 * that table may change only in that case.
 *
 * Every endpoint must appear in TARGETS or in NO_INPUT (with the reason), compared with app.routes.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../helpers/app';
import { makeRegistration } from '../helpers/factories';
import { makeHotelAssignment } from '../helpers/staff-fixtures';
import { compareWithApp } from '../helpers/route-table';
import { rowsOf } from '../../server/db/rows';
import { flightInfoRequests } from '../../server/db/schema';
import { newToken, sha256 } from '../../server/lib/tokens';
import { issueRegistrantToken } from '../../server/services/registrants/registrant-tokens';

const t = await createTestApp();
const admin = await t.makeUser('admin');
const greeter = await t.makeUser('greeter');
/** the account PUT /api/users/:id edits, so admin and greeter keep working whatever a run changes */
const target = await t.makeUser('greeter');

const RUNS = Number(process.env.HOSTILE_RUNS ?? 30);

// ---- the database fingerprint ---------------------------------------------------------------------

const FINGERPRINT = sql`select
  (select count(*) from users)::text || '/' || coalesce((select max(updated_at)::text from users), '') || '/' || (select count(*) filter (where disabled) from users)::text as users,
  (select count(*) from sessions)::text || '/' || (select count(revoked_at) from sessions)::text as sessions,
  (select count(*) from registrations)::text || '/' || coalesce((select max(version) from registrations), 0)::text as registrations,
  (select count(*) from attendees)::text || '/' || coalesce((select max(version) from attendees), 0)::text as attendees,
  (select count(*) from cultural_programs)::text || '/' || coalesce((select max(id) from cultural_programs), 0)::text as cultural_programs,
  (select count(*) from flights)::text || '/' || coalesce((select max(version) from flights), 0)::text as flights,
  (select count(*) from hotel_assignments)::text || '/' || coalesce((select max(version) from hotel_assignments), 0)::text as hotel_assignments,
  (select count(*) from payments)::text || '/' || coalesce((select max(id) from payments), 0)::text as payments,
  (select count(*) from flight_info_requests)::text || '/' || (select count(used_at) from flight_info_requests)::text as flight_info_requests,
  (select count(*) from verification_codes)::text || '/' || (select count(consumed_at) from verification_codes)::text as verification_codes,
  (select count(*) from registrant_tokens)::text as registrant_tokens,
  (select count(*) from audit_log)::text as audit_log,
  (select count(*) from client_operations)::text as client_operations`;

async function fingerprint(): Promise<Record<string, string>> {
  return rowsOf<Record<string, string>>(await t.db.execute(FINGERPRINT))[0];
}

// ---- hostile values -------------------------------------------------------------------------------

const NASTY = [
  "' OR '1'='1",
  "'; DROP TABLE registrations; --",
  '1; select pg_sleep(5)',
  '" onmouseover="alert(1)',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '=HYPERLINK("http://evil.example","x")',
  '+1+1',
  '-2+3',
  '@SUM(A1)',
  '\t',
  '\r\n',
  'line one\nline two',
  'a\r=1+2',
  'Gate 4\r\n=HYPERLINK("http://evil.example")',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '😀👨‍👩‍👧',
  'Ω≈ç√∫ النص 中文 עברית',
  '\u202eevil',
  '\u200b',
  '%00',
  '%zz',
  '../../etc/passwd',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '__proto__',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '2025-02-30',
  '2025-11-27T25:61:00Z',
  '99999999999999999999',
  ' ',
  '',
];

/** 1 KB to 300 KB of one character (ASCII, 2-byte, 4-byte or a metacharacter) */
const hugeString = fc
  .tuple(fc.integer({ min: 1_000, max: 300_000 }), fc.constantFrom('x', 'é', '😀', '<', "'", '\u0000', '9'))
  .map(([n, ch]) => ch.repeat(ch.length === 2 ? Math.floor(n / 2) : n));

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string() },
  { weight: 1, arbitrary: hugeString },
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 1, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, 1e21, -1e-7, 0.001, 123.456),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** JSON nested thousands deep in about 16 KB: a recursive walk over it runs out of stack. */
const DEEP_ARRAY = '['.repeat(8_000) + ']'.repeat(8_000);
const DEEP_OBJECT = '{"a":'.repeat(2_700) + '1' + '}'.repeat(2_700);
const deepJson = fc
  .tuple(fc.integer({ min: 33, max: 8_000 }), fc.constantFrom('[', '{"a":', '{"flights":['))
  .map(([n, open]) => open.repeat(n) + (open === '[' ? '' : '1') + (open === '[' ? ']' : open === '{"a":' ? '}' : ']}').repeat(n));

/** Text that is not JSON, or JSON a parser may choke on. */
const malformedJson = fc.oneof(
  deepJson,
  fc.constantFrom(
    '{',
    '{"a":',
    '[1,2',
    '{"a":1,}',
    "{'a':1}",
    '{"a":1}garbage',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '{"a":1,"a":2}',
    'NaN',
    '\u0000',
    '\ufeff{}',
    '"\\ud800"',
    '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
    'null',
    'true',
    '123',
    '"a string"',
    '[]',
  ),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
);

/** Writes `value` at a dotted path into a deep copy of `base`. */
function setPath(base: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(base) as Record<string, unknown>;
  const keys = path.split('.');
  let node: any = copy;
  for (const k of keys.slice(0, -1)) {
    if (node[k] === null || typeof node[k] !== 'object') node[k] = {};
    node = node[k];
  }
  node[keys[keys.length - 1]] = value;
  return copy;
}

/** The dotted paths of every leaf of a valid body (plus a few keys nobody expects). */
function leafPaths(body: unknown, prefix = ''): string[] {
  if (body === null || typeof body !== 'object') return [prefix];
  const out: string[] = [];
  for (const [k, v] of Object.entries(body)) out.push(...leafPaths(v, prefix ? `${prefix}.${k}` : k));
  return out;
}

/** A JSON body: a valid body with one field made hostile, a body of hostile fields, any JSON, or not JSON. */
function bodyArbitrary(valid: Record<string, unknown>): fc.Arbitrary<{ raw: string }> {
  const paths = [...leafPaths(valid), 'id', 'version', 'role', 'registration_id'];
  const topKeys = Object.keys(valid);
  const mutate = fc
    .array(fc.tuple(fc.constantFrom(...paths), hostileValue), { minLength: 1, maxLength: 3 })
    .map((edits) => edits.reduce<unknown>((body, [p, v]) => setPath(body, p, v), valid));
  const dropped = fc.subarray(topKeys).map((keep) => Object.fromEntries(topKeys.filter((k) => keep.includes(k)).map((k) => [k, valid[k]])));
  const structured = fc.record(Object.fromEntries(topKeys.map((k) => [k, hostileValue])), { requiredKeys: [] });
  return fc.oneof(
    { weight: 5, arbitrary: mutate.map((b) => ({ raw: JSON.stringify(b) })) },
    { weight: 1, arbitrary: dropped.map((b) => ({ raw: JSON.stringify(b) })) },
    { weight: 2, arbitrary: structured.map((b) => ({ raw: JSON.stringify(b) })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((b) => ({ raw: JSON.stringify(b) })) },
    { weight: 2, arbitrary: malformedJson.map((raw) => ({ raw })) },
  );
}

/** A query string: the endpoint's parameters (and strangers) with hostile values, sometimes malformed escapes. */
function queryArbitrary(keys: string[]): fc.Arbitrary<string> {
  const value = fc.oneof(
    hostileString.filter((s) => s.length < 5_000),
    hostileNumber.map(String),
    fc.constantFrom('', 'all', '0', '-1', '1.5'),
  );
  return fc
    .tuple(
      fc.array(fc.tuple(fc.constantFrom(...keys, 'page', 'limit', '__proto__', 'x'), value), { maxLength: 5 }),
      fc.option(fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%AF', '&&&', '=', 'search', '%00', '%FF%FE'), { nil: undefined }),
    )
    .map(([pairs, rawTail]) => {
      const qs = new URLSearchParams();
      for (const [k, v] of pairs) qs.append(k, v.toWellFormed());
      const text = qs.toString();
      return rawTail ? `${text}${text ? '&' : ''}${rawTail}` : text;
    });
}

/** A path segment: hostile text (escaped), numbers out of range, or raw broken escapes. */
const segmentArbitrary = fc.oneof(
  { weight: 3, arbitrary: hostileString.filter((s) => s.length > 0 && s.length < 2_000).map((s) => encodeURIComponent(s.toWellFormed())) },
  { weight: 2, arbitrary: hostileNumber.map((n) => encodeURIComponent(String(n))) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '%',
      '%zz',
      '%E0%A4%A',
      '0',
      '-1',
      '1.5',
      '99999999999',
      '1e3',
      '0x10',
      '%2e%2e',
      '%2F',
      '%00',
      'R25-AAAAAA',
    ),
  },
);

// ---- the world --------------------------------------------------------------------------------------

type Caller = 'anonymous' | 'admin' | 'greeter' | 'registrant';

interface Target {
  key: string;
  as: Caller;
  /** the URL; `{seg}` is replaced by a hostile path segment for path targets */
  url: string;
  /** a valid body: JSON targets fuzz around it */
  body?: Record<string, unknown>;
  /** query parameter names: query targets fuzz them */
  query?: string[];
  /** the CSV upload */
  csv?: boolean;
  /** path targets: fuzz `{seg}` in `url` */
  path?: boolean;
  /** a body sent along with path targets */
  pathBody?: Record<string, unknown>;
}

const reg = () =>
  makeRegistration(t.db, {
    attendees: [{ firstName: 'Kemi', lastName: 'Bello', ageCategory: 'youth', relationship: 'child' }],
    flights: [{ flightType: 'arrival' }],
    notes: 'Arrives early',
  });
const a = await reg();
const registrant = (await issueRegistrantToken(t.db, a.id, a.primaryEmail)).registrantToken;
const link = newToken(32);
await t.db.insert(flightInfoRequests).values({
  registrationId: a.id,
  tokenHash: sha256(link),
  sentTo: a.primaryEmail,
  expiresAt: new Date(Date.now() + 86_400_000),
});
const member = a.attendees.find((x) => !x.is_primary)!.id;
const flight = a.flights[0].id;
const booking = await makeHotelAssignment(t.db, { guestName: 'Kemi Bello' });

const flightRow = {
  flightType: 'arrival',
  airline: 'United Airlines',
  flightNumber: 'UA 512',
  flightDate: '2025-11-27',
  flightTime: '14:30',
  airport: 'IAH',
  adultsCount: 2,
  childrenCount: 1,
  childSeatsNeeded: 0,
  specialInstructions: 'Wheelchair at the gate',
};
const person = {
  first_name: 'Tobi',
  last_name: 'Bello',
  relationship: 'child',
  age_category: 'child',
  age: 9,
  gender: 'male',
  dietary_restrictions: 'none',
};
const contact = {
  primary_email: 'hostile@test.example',
  primary_phone: '+1 555 0100',
  primary_first_name: 'Ada',
  primary_last_name: 'Obi',
  primary_age_category: 'adult',
  address_line1: '1 Main St',
  city: 'Houston',
  state: 'TX',
  zip_code: '77001',
  country: 'USA',
  notes: 'Note',
};
const filters = ['search', 'status', 'payment_status', 'state', 'flights', 'checked_in', 'sort', 'order'];

const TARGETS: Target[] = [
  // staff accounts
  {
    key: 'POST /api/auth/login',
    as: 'anonymous',
    url: '/api/auth/login',
    body: { email: admin.email, password: 'not-the-password', turnstileToken: 'x' },
  },
  {
    key: 'POST /api/auth/change-password',
    as: 'greeter',
    url: '/api/auth/change-password',
    body: { current_password: 'wrong-password', new_password: 'new-password-1' },
  },
  {
    key: 'POST /api/users',
    as: 'admin',
    url: '/api/users',
    body: { email: 'new@test.example', password: 'welcome-123', role: 'greeter', first_name: 'N', last_name: 'U' },
  },
  {
    key: 'PUT /api/users/:id',
    as: 'admin',
    url: `/api/users/${target.id}`,
    body: { first_name: 'Renamed', last_name: 'User', role: 'greeter', disabled: false, password: 'another-pass' },
  },
  { key: 'PUT /api/users/:id', as: 'admin', url: '/api/users/{seg}', path: true, pathBody: { first_name: 'Renamed' } },
  // visitors
  {
    key: 'POST /api/registrations/send-verification',
    as: 'anonymous',
    url: '/api/registrations/send-verification',
    body: { email: a.primaryEmail, turnstileToken: 'x' },
  },
  {
    key: 'POST /api/registrations/verify-code',
    as: 'anonymous',
    url: '/api/registrations/verify-code',
    body: { email: a.primaryEmail, code: 'ABCDEF' },
  },
  {
    key: 'POST /api/flight-info/send-verification',
    as: 'anonymous',
    url: '/api/flight-info/send-verification',
    body: { email: a.primaryEmail, turnstileToken: 'x' },
  },
  {
    key: 'POST /api/flight-info/verify-code',
    as: 'anonymous',
    url: '/api/flight-info/verify-code',
    body: { email: a.primaryEmail, code: 'ABCDEF' },
  },
  {
    key: 'POST /api/flight-info/lookup',
    as: 'anonymous',
    url: '/api/flight-info/lookup',
    body: { email: 'nobody@test.example', captchaToken: 'x' },
  },
  {
    key: 'POST /api/flight-info/submit-verified',
    as: 'registrant',
    url: '/api/flight-info/submit-verified',
    body: { registrationId: a.id, needsTransportation: true, flights: [flightRow] },
  },
  {
    key: 'POST /api/flight-info/submit',
    as: 'anonymous',
    url: '/api/flight-info/submit',
    body: { token: link, email: a.primaryEmail, needsTransportation: true, flights: [flightRow], turnstileToken: 'x' },
  },
  { key: 'GET /api/flight-info/verify/:token', as: 'anonymous', url: '/api/flight-info/verify/{seg}', path: true },
  { key: 'GET /api/flight-info/registration/:id', as: 'registrant', url: '/api/flight-info/registration/{seg}', path: true },
  // registrations
  { key: 'POST /api/registrations', as: 'admin', url: '/api/registrations', body: { ...contact, attendees: [person] } },
  { key: 'POST /api/registrations', as: 'admin', url: '/api/registrations', body: { ...contact, turnstileToken: 'x' } },
  {
    key: 'PUT /api/registrations/:id',
    as: 'admin',
    url: `/api/registrations/${a.id}`,
    body: { ...contact, waive_fees: false, discount_percentage: 10, fixed_discount_amount: '5.50', remove_late_fee: true },
  },
  {
    key: 'POST /api/registrations/:id/cancel',
    as: 'admin',
    url: `/api/registrations/${(await reg()).id}/cancel`,
    body: { reason: 'Plans changed' },
  },
  { key: 'POST /api/registrations/:id/attendees', as: 'admin', url: `/api/registrations/${a.id}/attendees`, body: person },
  {
    key: 'PUT /api/registrations/:id/attendees/:attendeeId',
    as: 'admin',
    url: `/api/registrations/${a.id}/attendees/${member}`,
    body: person,
  },
  {
    key: 'POST /api/registrations/:id/payments',
    as: 'admin',
    url: `/api/registrations/${a.id}/payments`,
    body: { amount: '25.50', method: 'cash', note: 'desk' },
  },
  {
    key: 'POST /api/registrations/request-flight-info',
    as: 'admin',
    url: '/api/registrations/request-flight-info?search=zz-nobody',
    body: { search: 'zz-nobody', status: 'active' },
  },
  { key: 'GET /api/registrations', as: 'admin', url: '/api/registrations', query: filters },
  { key: 'GET /api/registrations/export', as: 'admin', url: '/api/registrations/export', query: filters },
  { key: 'GET /api/registrations/:id/history', as: 'admin', url: `/api/registrations/${a.id}/history`, query: [] },
  { key: 'GET /api/registrations/:id', as: 'admin', url: '/api/registrations/{seg}', path: true },
  { key: 'GET /api/registrations/:id', as: 'registrant', url: '/api/registrations/{seg}', path: true },
  { key: 'GET /api/registrations/:id/payments', as: 'admin', url: '/api/registrations/{seg}/payments', path: true },
  { key: 'GET /api/registrations/:id/payments', as: 'admin', url: `/api/registrations/${a.id}/payments`, query: [] },
  { key: 'POST /api/registrations/:id/reactivate', as: 'admin', url: '/api/registrations/{seg}/reactivate', path: true },
  { key: 'POST /api/registrations/:id/confirm', as: 'admin', url: '/api/registrations/{seg}/confirm', path: true },
  { key: 'POST /api/registrations/:id/request-flight-info', as: 'admin', url: '/api/registrations/{seg}/request-flight-info', path: true },
  {
    key: 'DELETE /api/registrations/:id/attendees/:attendeeId',
    as: 'admin',
    url: `/api/registrations/${a.id}/attendees/{seg}`,
    path: true,
  },
  {
    key: 'DELETE /api/registrations/:id/attendees/:attendeeId',
    as: 'admin',
    url: `/api/registrations/{seg}/attendees/${member}`,
    path: true,
  },
  // the airport team
  { key: 'GET /api/flight-info/admin/flight-arrivals', as: 'greeter', url: '/api/flight-info/admin/flight-arrivals', query: ['date'] },
  {
    key: 'GET /api/flight-info/admin/flight-arrivals/export',
    as: 'greeter',
    url: '/api/flight-info/admin/flight-arrivals/export',
    query: ['date'],
  },
  {
    key: 'GET /api/flight-info/admin/flight-departures/export',
    as: 'greeter',
    url: '/api/flight-info/admin/flight-departures/export',
    query: ['date', 'airport'],
  },
  {
    key: 'POST /api/flight-info/admin/flight-pickups/batch',
    as: 'greeter',
    url: '/api/flight-info/admin/flight-pickups/batch',
    body: {
      ops: [
        {
          opId: 'hostile-batch-op-1',
          flightId: flight,
          picked_up: true,
          picked_up_by: 'Ana',
          clientTime: new Date().toISOString(),
          deviceId: 'phone-1',
        },
      ],
    },
  },
  {
    key: 'POST /api/flight-info/admin/flight-pickups/:id',
    as: 'greeter',
    url: `/api/flight-info/admin/flight-pickups/${flight}`,
    body: { picked_up: true, picked_up_by: 'Ana', clientTime: new Date().toISOString(), deviceId: 'phone-1' },
  },
  {
    key: 'POST /api/flight-info/admin/flight-pickups/:id',
    as: 'greeter',
    url: '/api/flight-info/admin/flight-pickups/{seg}',
    path: true,
    pathBody: { picked_up: false },
  },
  // the check-in desk
  {
    key: 'POST /api/registrations/check-in/batch',
    as: 'admin',
    url: '/api/registrations/check-in/batch',
    body: {
      ops: [
        {
          opId: 'hostile-desk-op-1',
          registration_id: a.id,
          attendee_ids: [member],
          checked_in: true,
          client_time: new Date().toISOString(),
          device_id: 'desk-1',
        },
      ],
    },
  },
  {
    key: 'POST /api/registrations/:id/check-in',
    as: 'admin',
    url: `/api/registrations/${a.id}/check-in`,
    body: { attendee_ids: [member], checked_in: true, client_time: new Date().toISOString(), device_id: 'desk-1' },
  },
  {
    key: 'POST /api/registrations/:id/check-in',
    as: 'admin',
    url: '/api/registrations/{seg}/check-in',
    path: true,
    pathBody: { attendee_ids: [member], checked_in: false },
  },
  { key: 'POST /api/registrations/:id/send-pass', as: 'admin', url: '/api/registrations/{seg}/send-pass', path: true },
  { key: 'POST /api/registrations/send-passes', as: 'admin', url: '/api/registrations/send-passes', body: { after_id: 0, limit: 1 } },
  // hotel
  { key: 'GET /api/hotel-assignments', as: 'admin', url: '/api/hotel-assignments', query: ['registrationId'] },
  { key: 'GET /api/hotel-assignments/unmatched', as: 'admin', url: '/api/hotel-assignments/unmatched', query: [] },
  {
    key: 'GET /api/hotel-assignments/search-matches',
    as: 'admin',
    url: '/api/hotel-assignments/search-matches',
    query: ['name', 'assignmentId'],
  },
  { key: 'POST /api/hotel-assignments/import', as: 'admin', url: '/api/hotel-assignments/import', csv: true },
  {
    key: 'POST /api/hotel-assignments/:id/match',
    as: 'admin',
    url: `/api/hotel-assignments/${booking.id}/match`,
    body: { registrationId: a.id },
  },
  { key: 'POST /api/hotel-assignments/:id/unmatch', as: 'admin', url: '/api/hotel-assignments/{seg}/unmatch', path: true },
  { key: 'DELETE /api/hotel-assignments/:id', as: 'admin', url: '/api/hotel-assignments/{seg}', path: true },
  // offline downloads
  { key: 'GET /api/sync/arrivals', as: 'greeter', url: '/api/sync/arrivals', query: ['since', 'limit'] },
  { key: 'GET /api/sync/hotel', as: 'admin', url: '/api/sync/hotel', query: ['since', 'limit'] },
  { key: 'GET /api/sync/registrations', as: 'admin', url: '/api/sync/registrations', query: ['since', 'limit'] },
];

/** Endpoints that read no body, query or path parameter: nothing to fuzz but the headers (below). */
const NO_INPUT: Record<string, string> = {
  'GET /health': 'no input',
  'GET /api/health': 'no input',
  'GET /api/config': 'no input',
  'GET /api/challenge': 'no input',
  'GET /api/sync/time': 'no input',
  'GET /api/live': 'no input (a stream for staff; the permission matrix covers who may open it)',
  'GET /api/auth/me': 'no input',
  'POST /api/auth/logout': 'no input (fuzzing it would sign the fuzzer out)',
  'POST /api/registrations/sign-out': 'no input but the registrant token header (fuzzed below with every endpoint)',
  'GET /api/users': 'no input',
  'GET /api/admin/backup': 'no input',
  'GET /api/registrations/stats/summary': 'no input',
};

function credentials(as: Caller) {
  if (as === 'admin') return { token: admin.token };
  if (as === 'greeter') return { token: greeter.token };
  if (as === 'registrant') return { registrantToken: registrant };
  return {};
}

type Sent = { method: string; url: string; raw?: string; headers?: Record<string, string>; as: Caller };

function arbitraryFor(target: Target): fc.Arbitrary<Sent> {
  const method = target.key.split(' ')[0];
  const base = { method, as: target.as };
  if (target.body) return bodyArbitrary(target.body).map(({ raw }) => ({ ...base, url: target.url, raw }));
  if (target.query) return queryArbitrary(target.query).map((qs) => ({ ...base, url: qs ? `${target.url}?${qs}` : target.url }));
  if (target.path) {
    return segmentArbitrary.map((seg) => ({
      ...base,
      url: target.url.replace('{seg}', seg),
      raw: target.pathBody ? JSON.stringify(target.pathBody) : undefined,
    }));
  }
  if (target.csv) {
    const line = fc
      .array(
        hostileString.filter((s) => s.length < 2_000),
        { minLength: 1, maxLength: 6 },
      )
      .map((cells) => cells.join(','));
    const csv = fc.oneof(
      fc.array(line, { minLength: 1, maxLength: 6 }).map((lines) => lines.join('\n')),
      fc.array(line, { maxLength: 4 }).map((lines) => ['Guest,Confirmation,Check-in Date,Nights', ...lines].join('\r\n')),
      fc.string({ unit: 'binary', maxLength: 500 }),
      hugeString,
    );
    return fc
      .tuple(
        csv,
        fc.constantFrom('true', '1', 'false', 'maybe', ''),
        fc.constantFrom('text/csv', 'text/plain', 'application/json', 'image/png', ''),
      )
      .map(([raw, dryRun, type]): Sent => ({
        ...base,
        url: `${target.url}?dryRun=${dryRun}`,
        raw,
        headers: type ? { 'content-type': type } : {},
      }));
  }
  throw new Error(`target ${target.key} has nothing to fuzz`);
}

async function check(sent: Sent) {
  await t.db.execute(sql`delete from rate_limits`);
  const before = await fingerprint();
  const res = await t.api(sent.method, sent.url, {
    ...credentials(sent.as),
    raw: sent.raw,
    headers: sent.headers,
  });
  const what = `${sent.method} ${sent.url.slice(0, 200)} ${sent.raw?.slice(0, 200) ?? ''} → ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, what).toBeLessThan(500);
  if (res.status >= 400) {
    expect(res.headers.get('content-type') ?? '', what).toMatch(/^application\/json/);
    expect(typeof res.body?.error === 'string' && res.body.error.length > 0, what).toBe(true);
    const after = await fingerprint();
    const keyed = /^[A-Za-z0-9_-]{8,100}$/.test(sent.headers?.['idempotency-key'] ?? '');
    if (keyed) {
      delete before.client_operations;
      delete after.client_operations;
    }
    expect(after, `a ${res.status} changed the database: ${what}`).toEqual(before);
  }
}

describe('what the property test found (kept as fixed examples)', () => {
  it('U+0000 in a body field is a 400 naming the field, not a database error', async () => {
    const before = await fingerprint();
    const res = await t.api('POST', `/api/registrations/${a.id}/attendees`, {
      token: admin.token,
      body: { ...person, first_name: 'a\u0000b' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Text cannot contain the NUL character',
      fields: { first_name: 'Text cannot contain the NUL character' },
    });
    expect(await fingerprint()).toEqual(before);
  });

  it('U+0000 in a query is a 400, and in a registration reference a 404', async () => {
    const search = await t.api('GET', '/api/registrations?search=%00', { token: admin.token });
    expect(search.status).toBe(400);
    expect(search.body.fields).toEqual({ search: 'Text cannot contain the NUL character' });
    for (const [method, url] of [
      ['GET', '/api/registrations/%00'],
      ['GET', '/api/registrations/a%00b/payments'],
      ['POST', '/api/registrations/%00/confirm'],
      ['POST', '/api/registrations/%00/reactivate'],
      ['DELETE', `/api/registrations/%00/attendees/${member}`],
    ]) {
      const res = await t.api(method, url, { token: admin.token });
      expect(res.status, url).toBe(404);
      expect(res.body.error).toBe('Registration not found');
    }
    const visitor = await t.api('GET', '/api/registrations/%00', { registrantToken: registrant });
    expect(visitor.status).toBe(401);
  });

  it('an id beyond PostgreSQL integer range is a 400, not a database error', async () => {
    const list = await t.api('GET', '/api/hotel-assignments?registrationId=9007199254740991', { token: admin.token });
    expect(list.status).toBe(400);
    expect(list.body.fields.registrationId).toBe('registrationId must be a registration id');
    const matches = await t.api('GET', '/api/hotel-assignments/search-matches?name=Ana&assignmentId=2147483648', { token: admin.token });
    expect(matches.status).toBe(400);
    const match = await t.api('POST', `/api/hotel-assignments/${booking.id}/match`, {
      token: admin.token,
      body: { registrationId: 2 ** 40 },
    });
    expect(match.status).toBe(400);
    const flightId = await t.api('POST', '/api/flight-info/submit-verified', {
      registrantToken: registrant,
      body: { registrationId: a.id, needsTransportation: true, flights: [{ ...flightRow, id: 2 ** 35 }] },
    });
    expect(flightId.status).toBe(400);
    expect(flightId.body.fields['flights.0.id']).toBe('Invalid flight id');
  });

  it('JSON nested thousands deep is a 400 on every JSON endpoint, signed in or not, and writes nothing', async () => {
    for (const target of TARGETS.filter((x) => x.body)) {
      for (const raw of [DEEP_ARRAY, DEEP_OBJECT]) {
        for (const as of [target.as, 'anonymous'] as const) {
          const before = await fingerprint();
          const res = await t.api(target.key.split(' ')[0], target.url, { ...credentials(as), raw });
          const what = `${target.key} as ${as} (${raw.length} bytes) → ${res.status} ${res.text.slice(0, 200)}`;
          expect(res.status, what).toBeLessThan(500);
          expect([400, 401, 403], what).toContain(res.status);
          if (as !== 'anonymous' || target.as === 'anonymous') expect(res.body.error, what).toBe('Request body is nested too deeply');
          expect(await fingerprint(), what).toEqual(before);
        }
      }
    }
  });

  it('a JSON body that is not an object is refused in words', async () => {
    for (const raw of ['[]', 'null', '5', '"text"']) {
      for (const [path, token] of [
        ['/api/auth/login', undefined],
        [`/api/registrations/${a.id}/payments`, admin.token],
      ] as const) {
        const res = await t.api('POST', path, { token, raw });
        expect({ raw, path, status: res.status, error: res.body.error }).toEqual({
          raw,
          path,
          status: 400,
          error: 'The request body must be a JSON object',
        });
      }
    }
  });

  it('every JSON endpoint refuses a body that is not an object in the same words, and writes nothing', async () => {
    let refused = 0;
    for (const target of TARGETS.filter((x) => x.body && !x.path)) {
      const before = await fingerprint();
      const res = await t.api(target.key.split(' ')[0], target.url, { ...credentials(target.as), raw: '[]' });
      const what = `${target.key} as ${target.as} → ${res.status} ${res.text.slice(0, 200)}`;
      expect([400, 401, 403], what).toContain(res.status);
      if (res.status === 400) {
        refused += 1;
        expect(res.body.error, what).toBe('The request body must be a JSON object');
      }
      expect(await fingerprint(), what).toEqual(before);
    }
    // the sweep reached the bodies: most endpoints read them as their own caller
    expect(refused).toBeGreaterThan(20);
  });

  it("a list item or a field of the wrong type is refused in a sentence naming it, never in the schema library's words", async () => {
    const res = await t.api('POST', '/api/registrations', {
      token: admin.token,
      body: { ...contact, attendees: [null] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Each item of attendees must be an object');
    // every field of every JSON endpoint, given a value of the wrong kind: each sentence is ours
    let checked = 0;
    for (const target of TARGETS.filter((x) => x.body && !x.path)) {
      for (const [field, value] of Object.entries(target.body ?? {})) {
        const wrong = Array.isArray(value) ? [null] : typeof value === 'object' && value !== null ? 5 : { x: 1 };
        const sent = await t.api(target.key.split(' ')[0], target.url, {
          ...credentials(target.as),
          body: { ...target.body, [field]: wrong },
        });
        if (sent.status !== 400) continue;
        checked += 1;
        const said = [sent.body.error, ...Object.values((sent.body.fields ?? {}) as Record<string, string>)];
        expect(
          said.filter((m) => /^Invalid (input|option)/.test(String(m))),
          `${target.key} ${field}`,
        ).toEqual([]);
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('a payment that rounds to 0 cents is refused as zero', async () => {
    const res = await t.api('POST', `/api/registrations/${a.id}/payments`, {
      token: admin.token,
      body: { amount: -5e-324, method: 'cash' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.amount).toBe('Amount cannot be zero');
  });
});

describe('hostile input', () => {
  it('covers every endpoint the app serves', () => {
    const keys = new Set([...TARGETS.map((x) => x.key), ...Object.keys(NO_INPUT)]);
    expect(compareWithApp(t.app, keys)).toEqual({ missingRows: [], staleRows: [] });
  });

  TARGETS.forEach((target, i) => {
    const kind = target.body ? 'JSON body' : target.query ? 'query' : target.path ? 'path' : 'CSV upload';
    it(`${target.key} (${kind} as ${target.as}, #${i}): never a 5xx, 4xx is {error} and writes nothing`, async () => {
      await fc.assert(fc.asyncProperty(arbitraryFor(target), check), { numRuns: RUNS });
    });
  });

  it('hostile credentials and Idempotency-Key headers on every endpoint: never a 5xx, 4xx writes nothing', async () => {
    const header = fc.oneof(
      fc.string({ unit: 'binary-ascii', maxLength: 300 }).map((s) => s.replace(/[\r\n\0]/g, '')),
      fc.constantFrom(
        '',
        ' ',
        'Bearer',
        'Bearer ',
        'Bearer x',
        'bearer ' + 'A'.repeat(5000),
        "Bearer ' OR 1=1 --",
        'Basic YWRtaW46YWRtaW4=',
        'null',
      ),
    );
    const sent = fc
      .tuple(fc.constantFrom(...TARGETS), header, header, fc.option(header, { nil: undefined }))
      .chain(([target, authorization, registrantHeader, key]) =>
        arbitraryFor(target).map((s): Sent => ({
          ...s,
          as: 'anonymous',
          headers: {
            ...s.headers,
            authorization,
            'x-registrant-token': registrantHeader,
            ...(key !== undefined && { 'idempotency-key': key }),
          },
        })),
      );
    await fc.assert(fc.asyncProperty(sent, check), { numRuns: RUNS * 2 });
  });
});
