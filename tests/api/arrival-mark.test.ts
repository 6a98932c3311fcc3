/**
 * A signed-in user's read-only poll starts from the database as its session lookup found it
 * (server/db/arrival-mark.ts): while nothing changed, the desk's sync poll and the dashboard's stats
 * cost no statement besides that lookup, and a write committed before the request still shows in its
 * answer, whoever wrote it.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { loggedDatabase, ownStatements, readUntilKept } from '../helpers/db';
import { makeRegistration } from '../helpers/staff-fixtures';

// every statement the app's drizzle sends outside a transaction, by its text; the session lookup aside
const { database, sent } = await loggedDatabase();

const statementsSince = (from: number) => ownStatements(sent.slice(from));
const t = await createTestApp({}, { database });
const admin = await t.makeUser('admin');
const desk = await t.makeUser('checkin');

const poll = async (since: number) => {
  const res = await t.api('GET', `/api/sync/registrations?since=${since}`, { token: desk.token });
  expect(res.status).toBe(200);
  return res.body;
};
const stats = async () => {
  const from = sent.length;
  const res = await t.api('GET', '/api/registrations/stats/summary', { token: admin.token });
  expect(res.status).toBe(200);
  return { body: res.body, statements: statementsSince(from) };
};

describe("a read-only request starts from its session lookup's reading of the database", () => {
  it("a desk's poll with nothing new sends no statement of its own; a registration written before the next poll is in it", async () => {
    await makeRegistration(database.db);
    let { cursor } = await poll(0);
    // the feed pages until it has nothing more
    for (let page = await poll(cursor); page.registrations.length; page = await poll(cursor)) cursor = page.cursor;
    const from = sent.length;
    const idle = await poll(cursor);
    expect(idle).toMatchObject({ registrations: [], cursor, hasMore: false });
    expect(statementsSince(from)).toBe(0);
    const reg = await makeRegistration(database.db, { primaryFirstName: 'Noor' });
    const written = sent.length;
    const next = await poll(cursor);
    expect(statementsSince(written)).toBeGreaterThan(0);
    expect(next.registrations.map((r: any) => r.registration_number)).toEqual([reg.registrationNumber]);
  });

  it('the stats, asked again with nothing written, send no statement of their own; a registration written since counts at once', async () => {
    // other test files' writes move a PostgreSQL cluster's snapshot: read until one read is kept
    const { first, kept } = await readUntilKept(stats);
    expect(kept.body).toEqual(first.body);
    await makeRegistration(database.db);
    const after = await stats();
    expect(after.statements).toBeGreaterThan(0);
    expect(after.body.registrations.total_count).toBe(first.body.registrations.total_count + 1);
  });
});
