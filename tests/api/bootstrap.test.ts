import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bootstrap } from '../../server/bootstrap';
import { loadConfig } from '../../server/config';
import { createLogger } from '../../server/lib/logger';
import { verifyPassword } from '../../server/lib/passwords';
import { findUserByEmail } from '../../server/services/staff/users';
import { rowsOf } from '../../server/db/rows';
import { freshDatabase } from '../helpers/db';
import { TEST_ENV } from '../helpers/app';

const log = createLogger('silent');
const count = async (db: Awaited<ReturnType<typeof freshDatabase>>['db'], table: string) =>
  rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0].n;

describe('start-up bootstrap', () => {
  it('DEMO_DATA=false starts empty; ADMIN_EMAIL/ADMIN_PASSWORD creates that admin once (idempotent)', async () => {
    const database = await freshDatabase();
    const config = loadConfig({ ...TEST_ENV, DEMO_DATA: 'false', ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'boss-pass-1' });
    expect((await bootstrap(database, config, log)).demo).toBeNull();
    expect((await bootstrap(database, config, log)).demo).toBeNull();
    expect(await count(database.db, 'users')).toBe(1);
    expect(await count(database.db, 'registrations')).toBe(0);
    const admin = await findUserByEmail(database.db, 'boss@example.com');
    expect(admin?.role).toBe('admin');
    expect(await verifyPassword(admin!.passwordHash, 'boss-pass-1')).toBe(true);
    await database.close();
  });

  it('a start with no admin account and no ADMIN_EMAIL says how to make one; with one it says nothing', async () => {
    const database = await freshDatabase();
    const said: string[] = [];
    const listening = Object.assign(createLogger('silent'), {
      warn: (msg: string) => void said.push(msg),
    }) as unknown as typeof log;
    await bootstrap(database, loadConfig({ ...TEST_ENV, DEMO_DATA: 'false' }), listening);
    expect(said).toEqual([
      'No admin account can sign in: set ADMIN_EMAIL and ADMIN_PASSWORD (an email no account has) and restart, or run `npm run user -- add --email E --password P --role admin --first-name F --last-name L` (or `npm run user -- enable --email E` for a disabled admin).',
    ]);
    said.length = 0;
    await bootstrap(
      database,
      loadConfig({ ...TEST_ENV, DEMO_DATA: 'false', ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'boss-pass-1' }),
      listening,
    );
    expect(said).toEqual([]);
    await database.close();
  });

  it('the first start on an empty database with demo data loads the event once and returns the demo accounts', async () => {
    const database = await freshDatabase();
    const config = loadConfig({ ...TEST_ENV, DEMO_DATA: 'true' });
    const first = await bootstrap(database, config, log);
    expect(first.demo?.admin.email).toBe('admin@reunion.local');
    const registrations = await count(database.db, 'registrations');
    expect(registrations).toBeGreaterThanOrEqual(140);
    expect((await bootstrap(database, config, log)).demo).toBeNull();
    expect(await count(database.db, 'registrations')).toBe(registrations);
    await database.close();
  });
});
