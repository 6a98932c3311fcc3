/**
 * One drizzle database over either driver: postgres.js when DATABASE_URL is set, embedded PGlite in
 * DATA_DIR otherwise. Migrations in drizzle/ are applied by migrate() on both.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, Logger } from 'drizzle-orm';
import postgres from 'postgres';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Services take either the database or a transaction. */
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * Extensions every PGlite instance of this schema must load (migration 0001 creates pg_trgm; the search
 * index needs its operators): pass to every `PGlite.create`.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

export interface Database {
  db: Db;
  driver: 'postgres' | 'pglite';
  migrate(): Promise<void>;
  /** SELECT 1, for /health */
  ping(): Promise<boolean>;
  /**
   * LISTEN on `channel` (one dedicated connection on PostgreSQL, re-established by the driver after a
   * drop; in-process on PGlite). `onMessage` gets each NOTIFY payload. Resolves to the UNLISTEN.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** How a database is opened: `logger` sees every statement the app's drizzle sends (diagnostics, tests). */
export interface OpenOptions {
  logger?: Logger;
}

export function connectPostgres(url: string, opts: OpenOptions & { max?: number } = {}): Database {
  // jit off: PostgreSQL's JIT compiles any query whose estimated cost passes jit_above_cost, and for
  // this app's short queries the compiling is the cost: the desk's download page took ~1 s, 930 ms of it
  // JIT, for ~50 ms of work (docs/quality.md "Performance")
  const client = postgres(url, { max: opts.max ?? 20, onnotice: () => {}, connection: { jit: 'off' } });
  const db = drizzlePostgres(preparing(client), { schema, logger: opts.logger }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    migrate: () => migratePostgres(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await client`select 1`;
      return true;
    },
    listen: async (channel, onMessage) => {
      const { unlisten } = await client.listen(channel, onMessage);
      return unlisten;
    },
    close: () => client.end({ timeout: 5 }),
  };
}

export function wrapPglite(pg: PGlite, opts: OpenOptions = {}): Database {
  const db = drizzlePglite(pg, { schema, logger: opts.logger }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await pg.query('select 1');
      return true;
    },
    listen: (channel, onMessage) => pg.listen(channel, onMessage),
    close: () => pg.close(),
  };
}

/**
 * The postgres.js client as drizzle sees it, with every statement prepared. drizzle sends a query
 * without `.prepare(name)` as `prepare: false`, and postgres.js then sends such a statement twice: once
 * to learn its parameters' types (a round trip of its own), then with the values, and PostgreSQL parses
 * and plans it both times. Prepared, postgres.js keeps it per connection by its text: one round trip,
 * parsed and planned once per connection (docs/quality.md "Performance"). A transaction's and a
 * savepoint's client are wrapped the same way. The texts are bounded: the app's queries, with a list
 * passed as one array parameter on the hot paths; a statement of more than MAX_PREPARED_PARAMS values
 * (an import's multi-row insert) is one of a kind and is sent unprepared; and a connection's statements
 * go with it when postgres.js recycles it (`max_lifetime`).
 */
const MAX_PREPARED_PARAMS = 100;

function preparing<T extends postgres.Sql | postgres.TransactionSql>(client: T): T {
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'unsafe')
        return (query: string, params?: unknown[], options?: postgres.UnsafeQueryOptions) =>
          target.unsafe(query, params as never, { ...options, prepare: options?.prepare || (params?.length ?? 0) <= MAX_PREPARED_PARAMS });
      if (prop === 'begin' || prop === 'savepoint')
        return (...args: unknown[]) => {
          const body = args.pop() as (tx: postgres.TransactionSql) => unknown;
          return (target as unknown as Record<string, (...a: unknown[]) => unknown>)[prop](...args, (tx: postgres.TransactionSql) =>
            body(preparing(tx)),
          );
        };
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export class DatabaseLockedError extends Error {}

/**
 * PGlite is single-process: two processes opening one data directory corrupt it. The server (and the
 * CLI while it runs) holds DATA_DIR/pglite.lock with its pid; a second opener is refused clearly.
 */
export function lockEmbedded(dataDir: string, holder: string): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lock = path.join(dataDir, 'pglite.lock');
  if (existsSync(lock)) {
    const [pidText, owner] = readFileSync(lock, 'utf8').split('\n');
    const pid = Number(pidText);
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new DatabaseLockedError(
        `The embedded database in ${dataDir} is in use by the ${owner || 'server'} (pid ${pid}). ` +
          `Stop it first, or use the admin screens while it runs.`,
      );
    }
  }
  writeFileSync(lock, `${process.pid}\n${holder}\n`);
  return () => rmSync(lock, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function openEmbedded(dataDir: string, holder: string): Promise<Database> {
  const unlock = lockEmbedded(dataDir, holder);
  try {
    const pg = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: PGLITE_EXTENSIONS });
    const database = wrapPglite(pg);
    return {
      ...database,
      close: async () => {
        await database.close();
        unlock();
      },
    };
  } catch (e) {
    unlock();
    throw e;
  }
}

/** Opens the configured database (postgres.js or embedded PGlite). */
export async function openDatabase(cfg: { databaseUrl?: string; dataDir: string }, holder = 'server'): Promise<Database> {
  return cfg.databaseUrl ? connectPostgres(cfg.databaseUrl) : openEmbedded(cfg.dataDir, holder);
}
