/** A fresh, migrated database for one test file: PGlite from the snapshot, or a PostgreSQL copy of the template. */
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { inject } from 'vitest';
import { connectPostgres, PGLITE_EXTENSIONS, wrapPglite, type Database, type OpenOptions } from '../../server/db/client';
import { withDatabase } from '../setup/global-setup';

/** A test database, and a second connection to it as another server instance would open (PGlite: the same one). */
export type TestDatabase = Database & { connectAgain(): Database };

export async function freshDatabase(opts: OpenOptions = {}): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplate');
  if (url && template) {
    const name = `rd_t_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name} template ${template}`);
    await admin.end();
    const database = connectPostgres(withDatabase(url, name), { ...opts, max: 10 });
    return {
      ...database,
      connectAgain: () => connectPostgres(withDatabase(url, name), { max: 5 }),
      close: async () => {
        await database.close();
        const a = postgres(url, { max: 1, onnotice: () => {} });
        await a.unsafe(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  const snapshot = inject('pgliteSnapshot');
  if (!snapshot) throw new Error('global setup did not provide a database snapshot');
  const pg = await PGlite.create({ loadDataDir: new Blob([readFileSync(snapshot)]), extensions: PGLITE_EXTENSIONS });
  const database = wrapPglite(pg, opts);
  return { ...database, connectAgain: () => ({ ...database, close: async () => {} }) };
}

/** A fresh database with nothing in it, not even the migrations: where a restore goes. */
export async function emptyDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `rd_e_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const database = connectPostgres(withDatabase(url, name), { max: 10 });
    return {
      ...database,
      close: async () => {
        await database.close();
        const a = postgres(url, { max: 1, onnotice: () => {} });
        await a.unsafe(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  return wrapPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
}

/** A fresh database whose drizzle hands every statement it sends outside a transaction to `sent`, by its text. */
export async function loggedDatabase(): Promise<{ database: TestDatabase; sent: string[] }> {
  const sent: string[] = [];
  const database = await freshDatabase({ logger: { logQuery: (query) => sent.push(query) } });
  return { database, sent };
}

/** How many of the `sent` statements a request sent of its own: all but its session lookup. */
export const ownStatements = (sent: readonly string[]) => sent.filter((q) => !q.includes('"sessions"')).length;

/**
 * Reads twice over until the second read sends no statement of its own (served from memory), and returns
 * both answers. On PostgreSQL every test file's writes move the cluster's snapshot, so a read may compute
 * afresh; two hundred tries are plenty, and a cache that keeps nothing never gets through.
 */
export async function readUntilKept<T extends { statements: number }>(read: () => Promise<T>) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const first = await read();
    const kept = await read();
    if (kept.statements === 0) return { first, kept };
  }
  throw new Error('the read was never served from memory');
}
