/**
 * A staff member's registration detail and an admin's list pages are kept by database snapshot
 * (server/db/snapshot-cache.ts): read again before anything is written, they cost only the session
 * lookup; after any write (through the API, outside it, through another instance) the very next read
 * shows it; each role's view is kept apart.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../helpers/app';
import { loggedDatabase, ownStatements, readUntilKept } from '../helpers/db';
import { makeRegistration } from '../helpers/factories';
import { withDatabase } from '../setup/global-setup';
import { connectPostgres } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';
import { requireDetailRows, serializeDetail } from '../../server/services/registrations/registration-view';

const { database, sent } = await loggedDatabase();
const t = await createTestApp({}, { database });
const admin = await t.makeUser('admin');
const greeter = await t.makeUser('greeter');
const desk = await t.makeUser('checkin');

/** A GET's answer and the statements it sent besides the session lookup. */
async function get(path: string, token = admin.token) {
  sent.length = 0;
  const res = await t.api('GET', path, { token });
  expect(res.status).toBe(200);
  return { ...res, statements: ownStatements(sent) };
}

/** Reads `path` until one read is served from memory, and checks that answer is the one read just before it. */
async function servedFromMemory(path: string, token = admin.token) {
  const { first, kept } = await readUntilKept(() => get(path, token));
  expect(kept.text).toBe(first.text);
  return kept;
}

describe('registration detail: kept by snapshot, never stale', () => {
  it('a second read before any write sends no statement of its own, and is the same answer as computed', async () => {
    const reg = await makeRegistration(t.db, { attendees: [{ firstName: 'Zoë', lastName: 'Ñúñez', ageCategory: 'child' }] });
    const kept = await servedFromMemory(`/api/registrations/${reg.registrationNumber}`);
    expect(kept.text).toBe(JSON.stringify(serializeDetail(await requireDetailRows(t.db, reg.id), 'full')));
    expect(kept.headers.get('content-type')).toBe('application/json');
  });

  it('shows a payment made through the API, and a change made outside it, on the very next read', async () => {
    const reg = await makeRegistration(t.db);
    const path = `/api/registrations/${reg.id}`;
    const before = await servedFromMemory(path);
    const paid = await t.api('POST', `${path}/payments`, { token: admin.token, body: { amount: 40, method: 'cash' } });
    expect(paid.status).toBe(201);
    expect((await get(path)).body.registration.paid_amount).toBe(before.body.registration.paid_amount + 40);

    await servedFromMemory(path);
    await t.db.execute(sql`update registrations set notes = 'Written by a script' where id = ${reg.id}`);
    expect((await get(path)).body.registration.notes).toBe('Written by a script');
  });

  it("keeps each role's view apart: a greeter never gets the admin's kept answer, nor the desk the greeter's", async () => {
    const reg = await makeRegistration(t.db, { addressLine1: '12 Private Road', notes: 'Owes a favour' });
    const path = `/api/registrations/${reg.registrationNumber}`;
    const rows = await requireDetailRows(t.db, reg.id);
    await servedFromMemory(path, admin.token);
    const asGreeter = await get(path, greeter.token);
    expect(asGreeter.text).toBe(JSON.stringify(serializeDetail(rows, 'greeter')));
    expect(asGreeter.body.registration).not.toHaveProperty('paid_amount');
    const asDesk = await get(path, desk.token);
    expect(asDesk.text).toBe(JSON.stringify(serializeDetail(rows, 'desk')));
    expect(asDesk.body.registration.address_line1).not.toBe('12 Private Road');
    expect((await get(path, admin.token)).body.registration.notes).toBe('Owes a favour');
  });

  it.runIf(t.database.driver === 'postgres')(
    'shows a write made through another server instance (its own pool) on the very next read',
    async () => {
      const reg = await makeRegistration(t.db);
      const path = `/api/registrations/${reg.id}`;
      const [{ name }] = rowsOf<{ name: string }>(await t.db.execute(sql`select current_database() as name`));
      const other = connectPostgres(withDatabase(process.env.TEST_DATABASE_URL!, name), { max: 2 });
      try {
        await servedFromMemory(path);
        await other.db.execute(sql`update registrations set notes = 'From the other instance' where id = ${reg.id}`);
        expect((await get(path)).body.registration.notes).toBe('From the other instance');
      } finally {
        await other.close();
      }
    },
  );
});

describe('registrations list: pages kept by snapshot, never stale', () => {
  it('a search read again before any write sends no statement; a new match shows on the very next read', async () => {
    const name = `Kept${Date.now().toString(36)}`;
    await makeRegistration(t.db, { lastName: name });
    const path = `/api/registrations?search=${name}&limit=20`;
    const kept = await servedFromMemory(path);
    expect(kept.body.pagination.total).toBe(1);
    await makeRegistration(t.db, { lastName: name });
    const after = await get(path);
    expect(after.body.pagination.total).toBe(2);
    expect(after.body.registrations).toHaveLength(2);
  });

  it('a full page and its count are kept together; a registration made through the API shows at once', async () => {
    await makeRegistration(t.db);
    await makeRegistration(t.db);
    const path = '/api/registrations?limit=1';
    // after a write the page is read afresh: a full page without a search is counted by a second statement
    expect((await get(path)).statements).toBe(2);
    const kept = await servedFromMemory(path);
    const created = await t.api('POST', '/api/registrations', {
      token: admin.token,
      body: {
        primary_email: 'kept.page@example.org',
        primary_phone: '+1 555 0102',
        primary_first_name: 'Page',
        primary_last_name: 'Kept',
        emergency_contact_name: 'Leo Kept',
        emergency_contact_phone: '+1 555 0199',
        attendees: [],
      },
    });
    expect(created.status).toBe(201);
    const after = await get(path);
    expect(after.body.pagination.total).toBe(kept.body.pagination.total + 1);
    expect(after.body.registrations[0].id).toBe(created.body.registration.id);
  });
});
