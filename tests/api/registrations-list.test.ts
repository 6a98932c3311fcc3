import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { normalizeSearch, searchForm } from '../../shared/search';
import { createTestApp } from '../helpers/app';
import { makeRegistration } from '../helpers/factories';
import { attendees, flightInfoRequests, registrations } from '../../server/db/schema';
import { listItemOf, matchesListFilters } from '../../shared/registration-list-filters';
import type { SyncedRegistration } from '../../shared/schemas/records';
import { registrationFiltersSchema } from '../../shared/schemas/registration';

const t = await createTestApp();
const admin = await t.makeUser('admin');

let tag = 0;
/** A surname unique to one test, so its searches see only its own registrations. */
const family = () => `Zz${Date.now().toString(36)}${(tag += 1)}x`;
const list = (qs: string) => t.api('GET', `/api/registrations?${qs}`, { token: admin.token });
const numbers = (res: { body: any }) => res.body.registrations.map((r: any) => r.registration_number);

describe('GET /api/registrations', () => {
  it('pages newest first with the list row fields and { page, limit, total, pages }', async () => {
    const name = family();
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        await makeRegistration(t.db, { lastName: name, createdAt: new Date(Date.UTC(2025, 6, 1 + i)), city: 'Conroe', state: 'TX' }),
      );
    }
    const page1 = await list(`search=${name}&limit=2`);
    expect(page1.status).toBe(200);
    expect(page1.body.pagination).toEqual({ page: 1, limit: 2, total: 5, pages: 3 });
    expect(numbers(page1)).toEqual([made[4].registrationNumber, made[3].registrationNumber]);
    const page3 = await list(`search=${name}&limit=2&page=3`);
    expect(numbers(page3)).toEqual([made[0].registrationNumber]);
    expect(page3.body.pagination).toEqual({ page: 3, limit: 2, total: 5, pages: 3 });
    // a page past the last still says how many there are (no row carries the search's count)
    const past = await list(`search=${name}&limit=2&page=9`);
    expect(past.body).toEqual({ registrations: [], pagination: { page: 9, limit: 2, total: 5, pages: 3 } });
    expect((await list(`search=no-such-family-${name}`)).body.pagination).toEqual({ page: 1, limit: 20, total: 0, pages: 0 });
    expect(page3.body.registrations[0]).toEqual({
      id: made[0].id,
      registration_number: made[0].registrationNumber,
      status: 'active',
      payment_status: 'pending',
      primary_first_name: 'Ana',
      primary_last_name: name,
      primary_email: made[0].primaryEmail,
      primary_phone: '+1 555 0100',
      city: 'Conroe',
      state: 'TX',
      country: 'USA',
      attendee_count: 1,
      total_amount: 400,
      paid_amount: 0,
      waive_fees: false,
      created_at: '2025-07-01T00:00:00.000Z',
      has_flights: false,
      needs_transportation: true,
      checked_in_count: 0,
      flight_info_requested_at: null,
      hotel_confirmation_number: null,
    });
  });

  it('defaults to 20 a page and refuses a limit over 100', async () => {
    const res = await list('');
    expect(res.body.pagination.limit).toBe(20);
    const big = await list('limit=101');
    expect(big.status).toBe(400);
    expect(big.body.fields.limit).toBe('Limit must be at most 100');
    const bad = await list('status=gone');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.status).toBeTruthy();
  });

  it('finds by number, contact name, any attendee name, email and phone — ignoring case and accents', async () => {
    const name = family();
    const reg = await makeRegistration(t.db, {
      firstName: 'Conceição',
      lastName: name,
      email: `${name}@Mail.example`,
      phone: '(713) 555-0199',
      attendees: [{ firstName: 'Joaquín', lastName: 'Ñandú' }],
    });
    await makeRegistration(t.db, { lastName: name, firstName: 'Other' });
    for (const term of [
      reg.registrationNumber.toLowerCase(),
      'CONCEICAO',
      'joaquin nandu',
      'ñandú',
      `${name}@mail.example`.toUpperCase(),
      '7135550199',
      '555-0199',
      // as the desk's search reads them: a phone however punctuated, a number without its hyphen
      '713-555-0199',
      '+1 713.555.0199',
      reg.registrationNumber.replace('-', '').toLowerCase(),
      // and still as written: a piece of the number with its hyphen
      reg.registrationNumber.slice(1),
      // a name as hotel lists write it
      `${name}, Conceição`,
      `${name},conceicao`,
    ]) {
      const res = await list(`search=${encodeURIComponent(term)}`);
      expect(numbers(res), term).toEqual([reg.registrationNumber]);
    }
    // LIKE wildcards in the term are literal
    expect((await list('search=%25')).body.registrations.length).toBe(0);
  });

  it("reads letters, hyphens and words as the desk's search does: 'dang' finds Đặng, 'da silva' Da-Silva, 'strauss soren' Søren with Hans Strauß", async () => {
    const reg = await makeRegistration(t.db, {
      firstName: 'Søren',
      lastName: 'Đặng-Ünal',
      attendees: [
        { firstName: 'Hans', lastName: 'Strauß' },
        { firstName: 'Siobhán', lastName: 'O’Brien' },
      ],
    });
    for (const term of [
      'soren',
      'dang',
      'Dang-Unal',
      'dang unal',
      'soren dang',
      'strauss',
      'STRAUSS',
      "o'brien",
      'o brien',
      'O’Brien',
      'sØren',
    ]) {
      const res = await list(`search=${encodeURIComponent(term)}`);
      expect(numbers(res), term).toEqual([reg.registrationNumber]);
    }
    // several words each anywhere, in any order, as the desk and the device's saved list find them
    for (const term of ['dang soren', 'unal, soren', 'brien siobhan', 'strauss soren']) {
      expect(numbers(await list(`search=${encodeURIComponent(term)}`)), term).toEqual([reg.registrationNumber]);
    }
    // every word must be there
    expect(numbers(await list(`search=${encodeURIComponent('dang nobodyelse')}`))).toEqual([]);
  });

  it('migration 0011 rewrites search text stored before letters were folded into the form the code now writes', async () => {
    const sqlText = readFileSync(new URL('../../drizzle/0011_search_text_fold.sql', import.meta.url), 'utf8');
    const name = family();
    const reg = await makeRegistration(t.db, { firstName: 'Søren', lastName: `Đặng-Ünal ${name}`, email: `o'brien-${name}@mail.example` });
    const [row] = await t.db.select().from(registrations).where(eq(registrations.id, reg.id));
    const before = row.searchText;
    // as the code wrote it before: accents stripped, letters and hyphens left as typed (every folded letter, both curly apostrophes, runs of hyphens)
    const old = normalizeSearch(
      `${reg.registrationNumber} | Søren Đặng-Ünal ${name} | o'brien-${name}@mail.example | Straße Æsa Œuvre Þóra Łódź Iıdem Ðan O‘Neil D’Arcy a--b  -  c`,
    );
    await t.db.update(registrations).set({ searchText: old }).where(eq(registrations.id, reg.id));
    for (const statement of sqlText.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
    const [after] = await t.db.select().from(registrations).where(eq(registrations.id, reg.id));
    expect(after.searchText).toBe(searchForm(old));
    expect(after.searchText).toContain(`soren dang unal ${name.toLowerCase()} | o brien ${name.toLowerCase()}@mail.example`);
    expect(before).toContain(`soren dang unal ${name.toLowerCase()}`);
  });

  it('filters by status, payment status (completed = paid), state and flights', async () => {
    const name = family();
    const paid = await makeRegistration(t.db, { lastName: name, payments: [400], state: 'tx', flights: [{}] });
    const partial = await makeRegistration(t.db, { lastName: name, payments: [10], state: 'CA' });
    const cancelled = await makeRegistration(t.db, { lastName: name, status: 'cancelled', state: 'TX' });
    const waived = await makeRegistration(t.db, { lastName: name, fees: { waiveFees: true }, flights: [{ removedAt: new Date() }] });
    const q = (extra: string) => list(`search=${name}&${extra}`).then(numbers);
    expect(await q('status=cancelled')).toEqual([cancelled.registrationNumber]);
    expect((await q('payment_status=paid')).sort()).toEqual([paid.registrationNumber, waived.registrationNumber].sort());
    expect((await q('payment_status=completed')).sort()).toEqual([paid.registrationNumber, waived.registrationNumber].sort());
    expect(await q('payment_status=partial')).toEqual([partial.registrationNumber]);
    expect(await q('payment_status=waived')).toEqual([waived.registrationNumber]);
    expect((await q('state=TX')).sort()).toEqual([paid.registrationNumber, cancelled.registrationNumber].sort());
    // the same filters with other values: each answer is its own (one prepared statement per set of filters)
    expect(await q('state=ca')).toEqual([partial.registrationNumber]);
    expect(await q('status=active')).toHaveLength(3);
    expect(await q('payment_status=refunded')).toEqual([]);
    expect(await q('flights=present')).toEqual([paid.registrationNumber]);
    // a cancelled registration is not missing flight info: nobody is met for it
    expect((await q('flights=missing')).sort()).toEqual([partial.registrationNumber, waived.registrationNumber].sort());
    expect(await q('status=&payment_status=all')).toHaveLength(4);
    const row = (await list(`search=${name}&flights=present`)).body.registrations[0];
    expect(row).toMatchObject({ has_flights: true, paid_amount: 400, payment_status: 'paid' });
  });

  it('a family that answered "no airport transportation needed" is not missing flight info, and the bulk request leaves it out', async () => {
    const name = family();
    const untouched = await makeRegistration(t.db, { lastName: name });
    const placeholder = await makeRegistration(t.db, { lastName: name, flights: [{ airline: 'N/A', flightNumber: 'N/A' }] });
    const withFlight = await makeRegistration(t.db, { lastName: name, flights: [{}] });
    const noTransport = await makeRegistration(t.db, { lastName: name });
    const answered = await t.api('POST', '/api/flight-info/submit-verified', {
      token: admin.token,
      body: { registrationId: noTransport.id, needsTransportation: false, flights: [] },
    });
    expect(answered.status).toBe(200);
    const q = (extra: string) => list(`search=${name}&${extra}`).then(numbers);
    expect((await q('flights=missing')).sort()).toEqual([untouched.registrationNumber, placeholder.registrationNumber].sort());
    expect(await q('flights=present')).toEqual([withFlight.registrationNumber]);
    const rows = (await list(`search=${name}`)).body.registrations;
    const row = (n: string) => rows.find((r: any) => r.registration_number === n);
    expect(row(noTransport.registrationNumber)).toMatchObject({ has_flights: false, needs_transportation: false });
    expect(row(placeholder.registrationNumber)).toMatchObject({ has_flights: false, needs_transportation: true });
    const dry = await t.api('POST', '/api/registrations/request-flight-info', {
      token: admin.token,
      body: { search: name, flights: 'missing', dryRun: true },
    });
    expect(dry.body).toMatchObject({ recipients: 2 });
  });

  it("the offline list's filter rule (shared/registration-list-filters.ts) gives the server's answers on the same rows", async () => {
    const name = family();
    const people = [
      { firstName: 'A', lastName: name },
      { firstName: 'B', lastName: name },
    ];
    await makeRegistration(t.db, { lastName: name, payments: [400], state: 'tx', flights: [{}], attendees: people });
    await makeRegistration(t.db, { lastName: name, payments: [10], state: 'CA', attendees: people });
    await makeRegistration(t.db, { lastName: name, status: 'cancelled', state: 'TX', columns: { needsTransportation: false } });
    await makeRegistration(t.db, { lastName: name, status: 'cancelled' });
    await makeRegistration(t.db, { lastName: name, fees: { waiveFees: true }, flights: [{ airline: 'N/A' }], attendees: people });
    await makeRegistration(t.db, { lastName: name, columns: { paymentStatus: 'completed' }, attendees: people });
    const everyone = await makeRegistration(t.db, { lastName: name, attendees: people });
    const some = await makeRegistration(t.db, { lastName: name, attendees: people });
    await t.db.update(attendees).set({ checkedIn: true }).where(eq(attendees.registrationId, everyone.id));
    const [first] = await t.db.select().from(attendees).where(eq(attendees.registrationId, some.id));
    await t.db.update(attendees).set({ checkedIn: true }).where(eq(attendees.id, first.id));

    const all = (await list(`search=${name}&limit=100`)).body.registrations;
    expect(all).toHaveLength(8);
    const filterSets = [
      'status=active',
      'status=cancelled',
      ...['paid', 'completed', 'partial', 'pending', 'waived', 'refunded'].map((v) => `payment_status=${v}`),
      'state=tx',
      'state=CA',
      'flights=missing',
      'flights=present',
      ...['everyone', 'some', 'none'].map((v) => `checked_in=${v}`),
      'status=active&flights=missing&checked_in=none',
    ];
    // the device's own copy, as an admin's phone downloads it, made into list rows by the device's rule
    const synced: SyncedRegistration[] = [];
    for (let since = 0, more = true; more;) {
      const page = (await t.api('GET', `/api/sync/registrations?since=${since}`, { token: admin.token })).body;
      synced.push(...page.registrations.filter((r: SyncedRegistration) => r.primary_last_name === name));
      [since, more] = [page.cursor, page.hasMore];
    }
    const device = synced.map(listItemOf);
    expect(device).toHaveLength(8);
    for (const qs of filterSets) {
      const filters = registrationFiltersSchema.parse(Object.fromEntries(new URLSearchParams(qs)));
      const pick = (rows: any[]) =>
        rows
          .filter((r) => matchesListFilters(r, filters))
          .map((r) => r.registration_number)
          .sort();
      const server = (await list(`search=${name}&limit=100&${qs}`).then(numbers)).sort();
      expect({ qs, numbers: server }).toEqual({ qs, numbers: pick(all) });
      expect({ qs, numbers: server }).toEqual({ qs, numbers: pick(device) });
    }
  });

  it('sorts by name and by amount, with order', async () => {
    const name = family();
    const b = await makeRegistration(t.db, { lastName: name, firstName: 'Bruno', attendees: [{ firstName: 'K', lastName: 'K' }] });
    const a = await makeRegistration(t.db, { lastName: name, firstName: 'alice' });
    const c = await makeRegistration(t.db, { lastName: name, firstName: 'Carla', fees: { waiveFees: true } });
    expect(numbers(await list(`search=${name}&sort=name`))).toEqual([a, b, c].map((r) => r.registrationNumber));
    expect(numbers(await list(`search=${name}&sort=name&order=desc`))).toEqual([c, b, a].map((r) => r.registrationNumber));
    expect(numbers(await list(`search=${name}&sort=amount`))).toEqual([b, a, c].map((r) => r.registrationNumber));
    expect(numbers(await list(`search=${name}&sort=amount&order=asc`))).toEqual([c, a, b].map((r) => r.registrationNumber));
  });
});

describe('GET /api/registrations/export', () => {
  it('streams one CSV row per registration with the list filters, attendee names joined, named by date', async () => {
    const name = family();
    const reg = await makeRegistration(t.db, {
      lastName: name,
      firstName: 'Rosa',
      attendees: [
        { firstName: 'Leo', lastName: name, ageCategory: 'child' },
        { firstName: 'Mia', lastName: name, ageCategory: 'youth' },
      ],
      notes: 'Line one\nline "two", with comma',
      payments: [100],
      // an 'n/a' airline (any case) is a placeholder row, counted nowhere
      flights: [{}, { flightType: 'departure', flightDate: '2025-11-30' }, { airline: ' n/a ' }],
    });
    await makeRegistration(t.db, { lastName: name, status: 'cancelled' });
    const res = await t.api('GET', `/api/registrations/export?search=${name}&status=active`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="registrations-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.text).toContain('\r\n');
    const [header, ...data] = parse(res.text) as string[][];
    expect(data).toHaveLength(1);
    const row = Object.fromEntries(header.map((h, i) => [h, data[0][i]]));
    expect(row).toMatchObject({
      'Registration Number': reg.registrationNumber,
      Status: 'active',
      'Payment Status': 'partial',
      'First Name': 'Rosa',
      'Attendee Count': '3',
      Adults: '1',
      Youth: '1',
      Children: '1',
      Attendees: `Rosa ${name}; Leo ${name}; Mia ${name}`,
      'Base Amount': '700.00',
      'Late Fee': '50.00',
      'Total Amount': '750.00',
      'Paid Amount': '100.00',
      'Balance Due': '650.00',
      'Fees Waived': 'No',
      Notes: 'Line one\nline "two", with comma',
      'Arrival Flights': '1',
      'Departure Flights': '1',
      Phone: "'+1 555 0100",
    });
  });

  it('a cancelled row owes nothing and names its cancellation; once reactivated, the row carries no cancellation', async () => {
    const name = family();
    const reg = await makeRegistration(t.db, { lastName: name, payments: [100] });
    const exported = async () => {
      const res = await t.api('GET', `/api/registrations/export?search=${name}`, { token: admin.token });
      const [header, ...data] = parse(res.text) as string[][];
      return Object.fromEntries(header.map((h, i) => [h, data[0][i]]));
    };
    const cancel = await t.api('POST', `/api/registrations/${reg.id}/cancel`, { token: admin.token, body: { reason: 'Family emergency' } });
    expect(cancel.status).toBe(200);
    expect(await exported()).toMatchObject({
      Status: 'cancelled',
      'Paid Amount': '100.00',
      'Balance Due': '0.00',
      'Cancel Reason': 'Family emergency',
    });
    expect((await exported())['Cancelled On']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect((await t.api('POST', `/api/registrations/${reg.id}/reactivate`, { token: admin.token })).status).toBe(200);
    const row = await exported();
    expect(row).toMatchObject({ Status: 'active', 'Cancel Reason': '', 'Cancelled On': '' });
    expect(Number(row['Balance Due'])).toBeGreaterThan(0);
  });

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const name = family();
    await makeRegistration(t.db, {
      lastName: name,
      firstName: '=HYPERLINK("http://evil","x")',
      specialRequests: '@SUM(A1)',
      dietaryRestrictions: '-2+3',
      notes: '\tTabbed',
    });
    const res = await t.api('GET', `/api/registrations/export?search=${name}`, { token: admin.token });
    const [header, row] = parse(res.text) as string[][];
    const cell = (h: string) => row[header.indexOf(h)];
    expect(cell('First Name')).toBe(`'=HYPERLINK("http://evil","x")`);
    expect(cell('Special Requests')).toBe(`'@SUM(A1)`);
    expect(cell('Dietary Restrictions')).toBe(`'-2+3`);
    expect(cell('Notes')).toBe(`'\tTabbed`);
  });

  it('exports every matching registration across chunks, in the list order', async () => {
    const name = family();
    const made = [];
    for (let i = 0; i < 201; i++)
      made.push(await makeRegistration(t.db, { lastName: name, createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)) }));
    const res = await t.api('GET', `/api/registrations/export?search=${name}`, { token: admin.token });
    const [, ...data] = parse(res.text) as string[][];
    expect(data.map((r) => r[0])).toEqual(made.reverse().map((r) => r.registrationNumber));
  }, 120_000);

  it('is for admins only', async () => {
    const greeter = await t.makeUser('greeter');
    expect((await t.api('GET', '/api/registrations/export')).status).toBe(401);
    expect((await t.api('GET', '/api/registrations/export', { token: greeter.token })).status).toBe(403);
  });
});

describe('POST /api/registrations/request-flight-info (bulk)', () => {
  it('mails every active registration of the filter, skips those asked within 24 h, and counts', async () => {
    const name = family();
    const fresh = await makeRegistration(t.db, { lastName: name });
    const old = await makeRegistration(t.db, { lastName: name, columns: { flightInfoRequestedAt: new Date(Date.now() - 25 * 3600_000) } });
    const recent = await makeRegistration(t.db, { lastName: name, columns: { flightInfoRequestedAt: new Date(Date.now() - 3600_000) } });
    await makeRegistration(t.db, { lastName: name, status: 'cancelled' });
    const withFlights = await makeRegistration(t.db, { lastName: name, flights: [{}] });
    const res = await t.api('POST', '/api/registrations/request-flight-info', {
      token: admin.token,
      body: { search: name, flights: 'missing' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: 2, skipped_recent: 1, failed: 0, total: 3 });
    const mailed = t.mail.filter((m) => [fresh, old, recent, withFlights].some((r) => r.primaryEmail === m.to)).map((m) => m.to);
    expect(mailed.sort()).toEqual([fresh.primaryEmail, old.primaryEmail].sort());
    expect(t.mail.find((m) => m.to === fresh.primaryEmail)!.text).toMatch(/\/flight-info\/[A-Za-z0-9_-]{20,}/);
    const links = await t.db.select().from(flightInfoRequests).where(eq(flightInfoRequests.registrationId, fresh.id));
    expect(links).toHaveLength(1);
    const [row] = await t.db.select().from(registrations).where(eq(registrations.id, fresh.id));
    expect(row.flightInfoRequestedAt).not.toBeNull();
    // pressing again at once sends nothing new
    const again = await t.api('POST', `/api/registrations/request-flight-info?search=${name}&flights=missing`, { token: admin.token });
    expect(again.body).toEqual({ sent: 0, skipped_recent: 3, failed: 0, total: 3 });
  });

  it('validates the filters and is for admins only', async () => {
    const bad = await t.api('POST', '/api/registrations/request-flight-info', { token: admin.token, body: { flights: 'sometimes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.flights).toBe('flights must be missing or present');
    expect((await t.api('POST', '/api/registrations/request-flight-info', { body: {} })).status).toBe(401);
  });
});
