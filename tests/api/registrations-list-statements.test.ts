/**
 * What the registrations list sends to the database (server/services/registrations/registration-list.ts):
 * a search's page carries its total, so any page of a search is one statement; without a search a full
 * page is counted by a second statement, and a page with room to spare needs none.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { loggedDatabase, ownStatements } from '../helpers/db';
import { makeRegistration } from '../helpers/factories';

// every statement the app's drizzle sends outside a transaction, by its text
const { database, sent } = await loggedDatabase();
const t = await createTestApp({}, { database });
const admin = await t.makeUser('admin');

/** The list's answer, and the statements it sent besides the session lookup. */
async function list(qs: string) {
  sent.length = 0;
  const res = await t.api('GET', `/api/registrations?${qs}`, { token: admin.token });
  expect(res.status).toBe(200);
  return { body: res.body, statements: ownStatements(sent) };
}

describe('GET /api/registrations: statements per page', () => {
  it("a search is one statement on any page, with the search's total", async () => {
    const name = `Stmt${Date.now().toString(36)}`;
    for (let i = 0; i < 5; i++) await makeRegistration(t.db, { lastName: name });

    const first = await list(`search=${name}&limit=2`);
    expect(first.body.pagination).toEqual({ page: 1, limit: 2, total: 5, pages: 3 });
    expect(first.statements).toBe(1);
    const second = await list(`search=${name}&limit=2&page=2`);
    expect(second.body.pagination).toEqual({ page: 2, limit: 2, total: 5, pages: 3 });
    expect(second.statements).toBe(1);
    const last = await list(`search=${name}&limit=2&page=3`);
    expect(last.body.registrations).toHaveLength(1);
    expect(last.body.pagination.total).toBe(5);
    expect(last.statements).toBe(1);
    // past the last page no row carries the total: it is counted
    const past = await list(`search=${name}&limit=2&page=9`);
    expect(past.body).toEqual({ registrations: [], pagination: { page: 9, limit: 2, total: 5, pages: 3 } });
    expect(past.statements).toBe(2);
  });

  it('without a search, a full page is counted and a page with room to spare is not', async () => {
    const full = await list('limit=1');
    expect(full.body.registrations).toHaveLength(1);
    expect(full.statements).toBe(2);
    const roomy = await list('limit=100');
    expect(roomy.body.pagination.total).toBe(roomy.body.registrations.length);
    expect(roomy.statements).toBe(1);
  });
});
