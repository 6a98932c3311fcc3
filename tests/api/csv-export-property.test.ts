/**
 * CSV exports, property-tested (docs/product.md#security-and-limits: CSV exports neutralise cells
 * that start with = + - @, tab, CR or NUL, and quote per RFC 4180). fast-check makes registrations
 * whose names, notes, cities and flight instructions start with formula characters and carry quotes,
 * commas, line breaks and unicode; the registrations export and the arrivals export are downloaded and
 * read back with csv-parse (RFC 4180). Every export must:
 *   - parse, with one row per registration (or arrival) plus the header, every row as wide as the header;
 *   - give back each hostile value exactly, prefixed with ' when it would start a formula;
 *   - have no cell at all that starts with an unescaped = + - @ tab CR or NUL.
 * PostgreSQL text cannot hold NUL, so NUL is covered on the CSV writer itself (last test).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../helpers/app';
import { makeRegistration } from '../helpers/factories';
import { rowsOf } from '../../server/db/rows';
import { toCsv } from '../../server/lib/csv';
import { EXPORT_HEADERS } from '../../server/services/registrations/registration-export';
import { ARRIVALS_CSV_COLUMNS } from '../../shared/schemas/arrivals';

const t = await createTestApp();
const admin = await t.makeUser('admin');
const greeter = await t.makeUser('greeter');

const RUNS = Number(process.env.CSV_RUNS ?? 15);
const FORMULA = /^[=+\-@\t\r\0]/;

/** What a cell holding `v` must read as after parsing. */
/** What a stored text exports as: lone UTF-16 surrogates cannot be stored as UTF-8 and come back as U+FFFD. */
const expectedCell = (raw: string | null | undefined) => {
  if (raw == null) return '';
  const v = raw.toWellFormed();
  return FORMULA.test(v) ? `'${v}` : v;
};

/** Characters that break naive CSV or start formulas, mixed with ordinary letters and unicode. */
const tricky = fc.string({
  unit: fc.constantFrom('a', 'Z', ' ', '"', "'", ',', ';', '\n', '\r', '\r\n', '=', '+', '-', '@', '\t', 'é', 'ß', '😀', '中', '\u202e'),
  maxLength: 25,
});
const hostile = fc
  .tuple(
    fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', "'", ' ', '', '=HYPERLINK("http://x")', '-2+3', '@SUM(A1)'),
    fc.oneof(tricky, fc.string({ unit: 'grapheme', maxLength: 20 })),
  )
  .map(([start, rest]) => start + rest);
/** A line break anywhere in a value, followed by something a spreadsheet would run as a formula. */
const breakInside = fc
  .tuple(tricky, fc.constantFrom('\n', '\r', '\r\n'), fc.constantFrom('=1+2', '+A1', '-2+3', '@SUM(A1)', '\tx', 'plain'), tricky)
  .map(([before, brk, after, rest]) => `${before}${brk}${after}${rest}`);
const hostileText = fc.oneof(hostile, breakInside);
/** names are required: never empty */
const hostileName = hostileText.map((s) => (s.length ? s : '='));

const person = fc.record({ firstName: hostileName, lastName: hostileName });
const registrationSpec = fc.record({
  firstName: hostileName,
  lastName: hostileName,
  notes: hostileText,
  city: hostileText,
  specialRequests: hostileText,
  others: fc.array(person, { maxLength: 2 }),
  instructions: hostileText,
  flightNumber: hostileName.map((s) => s.slice(0, 20) || '='),
});

async function download(path: string, token: string) {
  const res = await t.api('GET', path, { token });
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
  return res.text;
}

/**
 * Parses the text as a spreadsheet reads it: an unquoted CR or LF ends a row, whatever the file's own
 * line ends are. Fails the test when it does not parse or a row is not as wide as the header.
 */
function readCsv(text: string): string[][] {
  return parse(text, { bom: true, relax_column_count: false, record_delimiter: ['\r\n', '\n', '\r'] }) as string[][];
}

function expectNoFormulaCells(rows: string[][]) {
  for (const row of rows) for (const cell of row) expect(FORMULA.test(cell), `cell ${JSON.stringify(cell)}`).toBe(false);
}

const count = async (query: ReturnType<typeof sql>) => Number(rowsOf<{ n: number }>(await t.db.execute(query))[0].n);

describe('CSV exports under hostile text', () => {
  it('the registrations export round-trips through an RFC 4180 parser and neutralises every formula start', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(registrationSpec, { minLength: 1, maxLength: 4 }), async (specs) => {
        const made = [];
        for (const s of specs) {
          const reg = await makeRegistration(t.db, {
            firstName: s.firstName,
            lastName: s.lastName,
            notes: s.notes,
            city: s.city,
            specialRequests: s.specialRequests,
            attendees: s.others.map((p) => ({ firstName: p.firstName, lastName: p.lastName })),
          });
          made.push({ reg, spec: s });
        }
        const rows = readCsv(await download('/api/registrations/export', admin.token));
        expect(rows[0]).toEqual([...EXPORT_HEADERS]);
        expect(rows.length - 1).toBe(await count(sql`select count(*)::int as n from registrations`));
        for (const row of rows) expect(row).toHaveLength(EXPORT_HEADERS.length);
        expectNoFormulaCells(rows);

        const col = (name: (typeof EXPORT_HEADERS)[number]) => EXPORT_HEADERS.indexOf(name);
        for (const { reg, spec } of made) {
          const row = rows.find((r) => r[col('Registration Number')] === reg.registrationNumber);
          expect(row, reg.registrationNumber).toBeDefined();
          expect(row![col('First Name')]).toBe(expectedCell(spec.firstName));
          expect(row![col('Last Name')]).toBe(expectedCell(spec.lastName));
          expect(row![col('Notes')]).toBe(expectedCell(spec.notes || null));
          expect(row![col('City')]).toBe(expectedCell(spec.city || null));
          expect(row![col('Special Requests')]).toBe(expectedCell(spec.specialRequests || null));
          expect(row![col('Attendee Count')]).toBe(String(1 + spec.others.length));
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('the arrivals export round-trips and neutralises names, flight numbers and instructions', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(registrationSpec, { minLength: 1, maxLength: 4 }), async (specs) => {
        const made = [];
        for (const s of specs) {
          const reg = await makeRegistration(t.db, {
            firstName: s.firstName,
            lastName: s.lastName,
            attendees: s.others.map((p) => ({ firstName: p.firstName, lastName: p.lastName })),
            flights: [{ flightType: 'arrival', flightNumber: s.flightNumber, specialInstructions: s.instructions || null }],
          });
          made.push({ reg, spec: s });
        }
        const rows = readCsv(await download('/api/flight-info/admin/flight-arrivals/export', greeter.token));
        expect(rows[0]).toEqual([...ARRIVALS_CSV_COLUMNS]);
        const board = await t.api('GET', '/api/flight-info/admin/flight-arrivals', { token: greeter.token });
        expect(rows.length - 1).toBe(board.body.arrivals.length);
        for (const row of rows) expect(row).toHaveLength(ARRIVALS_CSV_COLUMNS.length);
        expectNoFormulaCells(rows);

        const col = (name: (typeof ARRIVALS_CSV_COLUMNS)[number]) => ARRIVALS_CSV_COLUMNS.indexOf(name);
        for (const { reg, spec } of made) {
          const row = rows.find((r) => r[col('Registration')] === reg.registrationNumber);
          expect(row, reg.registrationNumber).toBeDefined();
          expect(row![col('Flight Number')]).toBe(expectedCell(spec.flightNumber));
          expect(row![col('Special Instructions')]).toBe(expectedCell(spec.instructions || null));
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('a long export (several chunks) keeps every row, the requested order and event-time dates', async () => {
    const tag = `chunk${Date.now().toString(36)}`;
    // 1,100 registrations in one statement: more than two of the export's chunks
    await t.db.execute(sql`
      insert into registrations (registration_number, primary_email, primary_phone, primary_first_name, primary_last_name, search_text, created_at)
      select 'RX-' || ${tag} || '-' || lpad(g::text, 4, '0'), ${tag} || g || '@test.example', '+1 555 0100', 'Chunk', ${tag} || lpad(g::text, 4, '0'),
             ${tag} || ' ' || g, timestamptz '2025-07-04 05:30:00+00' + g * interval '1 minute'
      from generate_series(1, 1100) g`);
    const rows = readCsv(await download(`/api/registrations/export?search=${tag}&sort=name`, admin.token));
    expect(rows).toHaveLength(1 + 1100);
    const last = EXPORT_HEADERS.indexOf('Last Name');
    const names = rows.slice(1).map((r) => r[last]);
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(1100);
    // created 2025-07-04 05:31 UTC is 00:31 in Chicago (CDT, UTC−5)
    const first = rows.find((r) => r[last] === `${tag}0001`)!;
    expect(first[EXPORT_HEADERS.indexOf('Registered On')]).toBe('2025-07-04 00:31');
  });

  it('the CSV writer itself: any text, NUL and lone surrogates included, parses back to the neutralised cells', () => {
    const anyText = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc
        .tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\0', '"', ',', '\ud800'), fc.string({ maxLength: 10 }))
        .map(([a, b]) => a + b),
      breakInside,
    );
    fc.assert(
      fc.property(fc.array(fc.array(anyText, { minLength: 3, maxLength: 3 }), { maxLength: 8 }), (rows) => {
        // the file travels as UTF-8, where a lone surrogate becomes U+FFFD
        const parsed = readCsv(toCsv(['A', 'B', 'C'], rows));
        expect(parsed).toEqual([['A', 'B', 'C'], ...rows.map((r) => r.map((cell) => expectedCell(cell)))]);
        expectNoFormulaCells(parsed);
      }),
      { numRuns: 300 },
    );
  });
});
