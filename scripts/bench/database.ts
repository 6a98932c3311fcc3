/**
 * The bench's database: a fresh PostgreSQL database (`rd_bench_<ts>` on postgres://postgres@127.0.0.1:5432,
 * dropped afterwards) or the one of DATABASE_URL, or embedded PGlite in a temporary DATA_DIR (--pglite).
 * It is migrated and loaded with the large demo event (server/seed/demo.ts), staff sessions are made for
 * the load (the production server wants a bot challenge at sign-in), and the facts the requests need are
 * read: the busiest arrival day, a common surname to search, registration numbers, flight ids.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { loadConfig } from '../../server/config';
import { connectPostgres, openEmbedded, type Database } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';
import { DEMO_ADMIN, DEMO_CHECKIN, DEMO_GREETER, seedDemo } from '../../server/seed/demo';
import { createSession } from '../../server/services/staff/sessions';
import { findUserByEmail } from '../../server/services/staff/users';

export const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-00';
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface Facts {
  registrations: number;
  attendees: number;
  flights: number;
  busiestDay: string;
  arrivalsOnBusiestDay: number;
  searchTerm: string;
  registrationNumbers: string[];
  arrivalFlightIds: number[];
  /** active registrations and their attendees, for check-in taps */
  checkIns: { id: number; attendeeIds: number[] }[];
  /** the sync feeds' newest version: a desk that has downloaded everything polls from here */
  syncCursor: number;
  /** bookings with no registration yet, each paired with an active registration to link it to */
  bookings: { id: number; registrationId: number }[];
  adminToken: string;
  greeterToken: string;
  checkinToken: string;
}

export interface BenchDatabase {
  driver: 'postgres' | 'pglite';
  /** environment for the server process */
  env: Record<string, string>;
  /** where it lives, for the summary (no credentials) */
  where: string;
  open(): Promise<Database>;
  /** pids of the PostgreSQL backends serving this database (none for PGlite: it runs inside the server) */
  backendPids(): Promise<number[]>;
  cleanup(): Promise<void>;
}

/** Backends connected to the database at `url` (the server's pool), seen from a connection of our own. */
function backendWatcher(url: string) {
  let client: ReturnType<typeof postgres> | undefined;
  return {
    pids: async () => {
      client ??= postgres(url, { max: 1, onnotice: () => {} });
      const rows = await client`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
      return rows.map((r) => Number(r.pid));
    },
    end: async () => {
      await client?.end();
    },
  };
}

const withName = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

export async function prepareDatabase(opts: { pglite: boolean }): Promise<BenchDatabase> {
  if (opts.pglite) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-bench-'));
    return {
      driver: 'pglite',
      env: { DATA_DIR: dataDir },
      where: `embedded PGlite in ${dataDir}`,
      open: () => openEmbedded(dataDir, 'bench'),
      backendPids: async () => [],
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const given = process.env.DATABASE_URL;
  if (given) {
    const watcher = backendWatcher(given);
    return {
      driver: 'postgres',
      env: { DATABASE_URL: given },
      where: `PostgreSQL of DATABASE_URL (${new URL(given).host}${new URL(given).pathname})`,
      open: async () => connectPostgres(given, { max: 4 }),
      backendPids: watcher.pids,
      cleanup: watcher.end,
    };
  }
  const name = `rd_bench_${Date.now()}`;
  const admin = postgres(LOCAL_POSTGRES, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = withName(LOCAL_POSTGRES, name);
  const watcher = backendWatcher(url);
  return {
    driver: 'postgres',
    env: { DATABASE_URL: url },
    where: `PostgreSQL 127.0.0.1:5432/${name} (fresh, dropped afterwards)`,
    open: async () => connectPostgres(url, { max: 4 }),
    backendPids: watcher.pids,
    cleanup: async () => {
      await watcher.end();
      const a = postgres(LOCAL_POSTGRES, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

const count = async (database: Database, table: string) =>
  Number(rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0].n);

/** Migrates and loads the large demo event until the database holds at least `registrations` of them. */
export async function seedUntil(bench: BenchDatabase, registrations: number, log: (s: string) => void): Promise<void> {
  const database = await bench.open();
  try {
    await database.migrate();
    const config = loadConfig({ ...bench.env, NODE_ENV: 'development', LOG_LEVEL: 'silent', SESSION_SECRET: BENCH_SECRET });
    for (let have = await count(database, 'registrations'); have < registrations; have = await count(database, 'registrations')) {
      const started = Date.now();
      const demo = await seedDemo(database.db, config, { size: 'large' });
      log(
        `seeded ${demo.registrations} registrations, ${demo.attendees} attendees, ${demo.flights} flights in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    // statistics and visibility map as autovacuum leaves them after a real load
    await database.db.execute(sql`vacuum (analyze)`);
  } finally {
    await database.close();
  }
}

/** What the requests need, and fresh sessions for the demo admin and greeter. */
export async function readFacts(bench: BenchDatabase): Promise<Facts> {
  const database = await bench.open();
  try {
    const { db } = database;
    const [busiest] = rowsOf<{ d: string; n: number }>(
      await db.execute(sql`
        select flight_date::text as d, count(*)::int as n from flights
        where flight_type = 'arrival' and removed_at is null and flight_date is not null
        group by flight_date order by count(*) desc limit 1`),
    );
    const [surname] = rowsOf<{ s: string }>(
      await db.execute(sql`
        select primary_last_name as s from registrations where status <> 'cancelled'
        group by primary_last_name order by count(*) desc, primary_last_name limit 1`),
    );
    const numbers = rowsOf<{ n: string }>(
      await db.execute(sql`select registration_number as n from registrations order by md5(registration_number) limit 100`),
    ).map((r) => r.n);
    const flightIds = rowsOf<{ id: number }>(
      await db.execute(sql`
        select id from flights where flight_type = 'arrival' and removed_at is null and flight_date = ${busiest.d}
        order by id`),
    ).map((r) => Number(r.id));
    const checkIns = rowsOf<{ id: number; ids: number[] }>(
      await db.execute(sql`
        select r.id, array_agg(a.id order by a.id) as ids from registrations r join attendees a on a.registration_id = r.id
        where r.status <> 'cancelled' group by r.id order by md5(r.id::text) limit 500`),
    ).map((r) => ({ id: Number(r.id), attendeeIds: r.ids.map(Number) }));
    const bookings = rowsOf<{ id: number }>(
      await db.execute(sql`select id from hotel_assignments where registration_id is null and deleted_at is null order by id limit 500`),
    ).map((b, i) => ({ id: Number(b.id), registrationId: checkIns[i % checkIns.length].id }));
    const admin = await findUserByEmail(db, DEMO_ADMIN.email);
    const greeter = await findUserByEmail(db, DEMO_GREETER.email);
    const desk = await findUserByEmail(db, DEMO_CHECKIN.email);
    if (!admin || !greeter || !desk)
      throw new Error('the demo admin, greeter and check-in user are missing: was the database seeded by the demo?');
    return {
      registrations: await count(database, 'registrations'),
      attendees: await count(database, 'attendees'),
      flights: await count(database, 'flights'),
      busiestDay: busiest.d,
      arrivalsOnBusiestDay: Number(busiest.n),
      searchTerm: surname.s,
      registrationNumbers: numbers,
      arrivalFlightIds: flightIds,
      checkIns,
      bookings,
      syncCursor: Number(rowsOf<{ v: string }>(await db.execute(sql`select last_value::text as v from sync_version_seq`))[0].v),
      adminToken: (await createSession(db, admin.id, 'bench')).token,
      greeterToken: (await createSession(db, greeter.id, 'bench')).token,
      checkinToken: (await createSession(db, desk.id, 'bench')).token,
    };
  } finally {
    await database.close();
  }
}
