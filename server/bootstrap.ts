/**
 * Start-up work on a database: apply migrations, create the ADMIN_EMAIL admin if no admin exists, and
 * load demo data into an empty database when DEMO_DATA is on. Idempotent: safe on every start.
 */
import { sql } from 'drizzle-orm';
import type { Config } from './config';
import type { Database } from './db/client';
import { registrations, users } from './db/schema';
import type { Logger } from './lib/logger';
import { SYSTEM_ACTOR } from './services/operations/audit';
import { countAdmins, createUser, findUserByEmail } from './services/staff/users';
import { seedDemo } from './seed/demo';

export async function bootstrap(database: Database, config: Config, log: Logger) {
  await database.migrate();
  const { db } = database;
  if (config.adminEmail && config.adminPassword && (await countAdmins(db)) === 0) {
    if (!(await findUserByEmail(db, config.adminEmail))) {
      await createUser(
        db,
        { email: config.adminEmail, password: config.adminPassword, role: 'admin', first_name: 'Event', last_name: 'Admin' },
        SYSTEM_ACTOR,
      );
      log.info({ msg: 'created admin from ADMIN_EMAIL', email: config.adminEmail });
    }
  }
  if (config.demoData) {
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(registrations);
    const [{ u }] = await db.select({ u: sql<number>`count(*)::int` }).from(users);
    if (n === 0 && (u === 0 || (config.adminEmail && u === 1))) {
      const demo = await seedDemo(db, config, { size: 'normal' });
      return { demo };
    }
  }
  // a database no admin can sign in to (none yet, or only disabled ones): said at start, not found out at the sign-in page
  if ((await countAdmins(db)) === 0)
    log.warn(
      'No admin account can sign in: set ADMIN_EMAIL and ADMIN_PASSWORD (an email no account has) and restart, or run `npm run user -- add --email E --password P --role admin --first-name F --last-name L` (or `npm run user -- enable --email E` for a disabled admin).',
    );
  return { demo: null };
}
