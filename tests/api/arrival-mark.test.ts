/**
 * A signed-in user's read-only poll starts from the database as its session lookup found it
 * (server/db/arrival-mark.ts): while nothing changed, the desk's sync poll and the dashboard's stats
 * cost no statement besides that lookup, and a write committed before the request still shows in its
 * answer, whoever wrote it.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { freshDatabase } from '../helpers/db';
import { makeRegistration } from '../helpers/staff-fixtures';
import type { Database } from '../../server/db/client';

// the app's database, counting the statements its code sends with db.execute (the snapshot and the
// sequence's last value are read that way when no mark is at hand)
const base = await freshDatabase();
let executed = 0;
const db = new Proxy(base.db, {
  get(target, key) {
    const value = Reflect.get(target, key, target) as unknown;
    if (key === 'execute')
      return (...args: Parameters<typeof target.execute>) => {
        executed += 1;
        return target.execute(...args);
      };
    return typeof value === 'function' ? value.bind(target) : value;
  },
});
const database: Database = { ...base, db };
const t = await createTestApp({}, { database });
const admin = await t.makeUser('admin');
const desk = await t.makeUser('checkin');

const poll = async (since: number) => {
  const res = await t.api('GET', `/api/sync/registrations?since=${since}`, { token: desk.token });
  expect(res.status).toBe(200);
  return res.body;
};
const stats = async () => {
  const res = await t.api('GET', '/api/registrations/stats/summary', { token: admin.token });
  expect(res.status).toBe(200);
  return res.body;
};

describe("a read-only request starts from its session lookup's reading of the database", () => {
  it("a desk's poll with nothing new sends no statement of its own; a registration written before the next poll is in it", async () => {
    await makeRegistration(base.db);
    let { cursor } = await poll(0);
    // the feed pages until it has nothing more
    for (let page = await poll(cursor); page.registrations.length; page = await poll(cursor)) cursor = page.cursor;
    executed = 0;
    const idle = await poll(cursor);
    expect(idle).toMatchObject({ registrations: [], cursor, hasMore: false });
    expect(executed).toBe(0);
    const reg = await makeRegistration(base.db, { primaryFirstName: 'Noor' });
    const next = await poll(cursor);
    expect(next.registrations.map((r: any) => r.registration_number)).toEqual([reg.registrationNumber]);
  });

  it('the stats, asked again with nothing written, send no statement of their own; a registration written since counts at once', async () => {
    const before = await stats();
    executed = 0;
    expect(await stats()).toEqual(before);
    expect(executed).toBe(0);
    await makeRegistration(base.db);
    const after = await stats();
    expect(after).not.toEqual(before);
  });
});
