/**
 * `npm run seed:demo [-- --size large] [--force] [--reset]`: loads the demo event into the configured
 * database (embedded PGlite in DATA_DIR, or DATABASE_URL). Refuses a database that already holds
 * registrations unless --force (adds a second demo event on top) or --reset (wipes every table first,
 * refused when NODE_ENV=production). Refuses clearly while the server holds the embedded database.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../server/config';
import { DatabaseLockedError, openDatabase, type Database } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { seedDemo } from '../server/seed/demo';

const USAGE = `Usage: npm run seed:demo -- [--size normal|large] [--force] [--reset]

  --size normal   about 150 registrations and 420 attendees (default)
  --size large    2,000 registrations, about 6,100 attendees and 4,600 flights (benchmarks)
  --force         seed even though the database already has registrations
  --reset         delete ALL data (registrations, users, sessions, ...) first`;

/** Every table with event or account data; app_meta (the server's own keys) and migrations stay. */
const DATA_TABLES = [
  'cultural_programs',
  'attendees',
  'flights',
  'flight_info_requests',
  'registrant_tokens',
  'payments',
  'hotel_assignments',
  'registrations',
  'verification_codes',
  'client_operations',
  'rate_limits',
  'audit_log',
  'sessions',
  'users',
];

/** A refusal with one clear line; thrown so the database is closed before the process exits. */
class Refusal extends Error {}
function fail(message: string): never {
  throw new Refusal(message);
}

async function count(database: Database, table: 'registrations' | 'hotel_assignments'): Promise<number> {
  const rows = await database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`);
  return Number(rowsOf<{ n: number }>(rows)[0].n);
}

async function main() {
  let args;
  try {
    args = parseArgs({
      args: process.argv.slice(2),
      options: {
        size: { type: 'string', default: 'normal' },
        force: { type: 'boolean', default: false },
        reset: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (e) {
    fail(`${(e as Error).message}\n\n${USAGE}`);
  }
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const size = args.size;
  if (size !== 'normal' && size !== 'large') fail(`--size must be normal or large (got '${size}')`);

  let config;
  let database: Database;
  try {
    config = loadConfig();
    if (args.reset && config.env === 'production') fail('--reset is refused when NODE_ENV=production');
    database = await openDatabase(config, 'seed');
  } catch (e) {
    if (e instanceof ConfigError || e instanceof DatabaseLockedError) throw new Refusal(e.message);
    throw e;
  }

  try {
    await database.migrate();
    if (args.reset) {
      await database.db.execute(sql.raw(`truncate table ${DATA_TABLES.join(', ')} restart identity cascade`));
      console.log('Deleted all registrations, hotel bookings, users and sessions.');
    }
    const existing = await count(database, 'registrations');
    const bookings = await count(database, 'hotel_assignments');
    if ((existing || bookings) && !args.force) {
      fail(
        `The database already has ${existing} registrations and ${bookings} hotel bookings. ` +
          'Use --force to add the demo event anyway, or --reset to delete everything first.',
      );
    }
    const where = database.driver === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
    console.log(`Seeding the ${size} demo event into the ${where}...`);
    const started = Date.now();
    const demo = await seedDemo(database.db, config, { size });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `Done in ${seconds} s: ${demo.registrations} registrations, ${demo.attendees} attendees, ${demo.flights} flights, ` +
        `${demo.payments} payments, ${demo.hotelAssignments} hotel bookings (${demo.unmatchedHotelAssignments} not yet matched).`,
    );
    for (const [label, account] of [
      ['admin', demo.admin],
      ['greeter', demo.greeter],
      ['check-in staff', demo.checkin],
    ] as const) {
      const kept = demo.existingUsers.includes(account.email);
      console.log(`Demo ${label}:  ${account.email} / ${kept ? '(existing account, password unchanged)' : account.password}`);
    }
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`Error: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
