/**
 * The full backup an admin downloads while the event runs (docs/decisions.md, "Backups"): NDJSON, one
 * JSON value per line —
 *
 *   {"format":"reunion-desk-backup","version":1,"migration":"0002_…","created_at":"…","tables":[…]}
 *   {"table":"users","row":{…}}                      every row of every table, parents before children
 *   {"sequence":"sync_version_seq","value":"1234"}   each sequence's position, so ids and versions go on
 *   {"end":true,"rows":{"users":3,…}}                 the counts; a file without this line was cut short
 *
 * Rows are each table's own `row_to_json`, so every value keeps PostgreSQL's exact text (timestamps to
 * the microsecond, numerics, jsonb) and `json_populate_recordset` turns it back into the same row.
 * The tables come from the drizzle schema itself, ordered by their foreign keys: a new table is in the
 * backup without anyone remembering to add it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { MIGRATIONS_DIR, type Database, type DbOrTx } from '../../db/client';
import * as schema from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { conflict } from '../../lib/errors';

export const BACKUP_FORMAT = 'reunion-desk-backup';
export const BACKUP_VERSION = 1;
/** rows read per query: the snapshot is read page by page, never whole */
const PAGE = 1000;

/**
 * Left out on purpose: sessions (a restored server signs everyone in again rather than honouring bearer
 * tokens copied into a file) and the throttles' counters (a minute's state, not data).
 */
export const NOT_BACKED_UP: ReadonlySet<string> = new Set(['sessions', 'rate_limits']);

export interface BackupTable {
  name: string;
  /** the single-column primary key the pages are ordered by, and its type */
  key: string;
  keyType: string;
  /** tables this one references */
  parents: string[];
}

/** Every table of the drizzle schema, parents before children (by name among equals, whatever the module loader's key order). */
export function schemaTables(): BackupTable[] {
  const tables = (Object.values(schema) as unknown[])
    .filter((v): v is PgTable => is(v, PgTable))
    .map((t) => {
      const cfg = getTableConfig(t);
      const keys = cfg.columns.filter((c) => c.primary);
      if (keys.length !== 1) throw new Error(`Table ${cfg.name} needs a single-column primary key to be backed up`);
      const keyType = keys[0]
        .getSQLType()
        .replace(/^bigserial$/, 'bigint')
        .replace(/^serial$/, 'integer');
      const parents = cfg.foreignKeys.map((fk) => getTableConfig(fk.reference().foreignTable).name).filter((p) => p !== cfg.name);
      return { name: cfg.name, key: keys[0].name, keyType, parents: [...new Set(parents)] };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  const ordered: BackupTable[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.find((t) => !placed.has(t.name) && t.parents.every((p) => placed.has(p)));
    if (!next) throw new Error('The schema has a foreign-key cycle; the backup cannot order its tables');
    ordered.push(next);
    placed.add(next.name);
  }
  return ordered;
}

/** The tables a backup holds, in the order they are written and restored. */
export const backupTables = () => schemaTables().filter((t) => !NOT_BACKED_UP.has(t.name));

interface JournalEntry {
  tag: string;
  when: number;
}

export function migrationJournal(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
  return journal.entries as JournalEntry[];
}

/** The tag of this code's newest migration: what a restore migrates an empty database to. */
export const latestMigration = () => migrationJournal().at(-1)!.tag;

/** The tag of the newest migration applied to the database (drizzle records each one's journal time); null when this code does not know it. */
async function knownMigration(db: DbOrTx): Promise<string | null> {
  const [row] = rowsOf<{ at: string }>(
    await db.execute(sql`select created_at::text as at from drizzle.__drizzle_migrations order by created_at desc limit 1`),
  );
  return migrationJournal().find((e) => String(e.when) === row?.at)?.tag ?? null;
}

async function appliedMigration(db: DbOrTx): Promise<string> {
  const tag = await knownMigration(db);
  if (!tag) throw new Error('The database is at a migration this version of Reunion Desk does not know');
  return tag;
}

/** Said when the database was migrated by a newer version (an instance left running through a roll-out). */
export const NEWER_DATABASE =
  'The database has been upgraded by a newer version of Reunion Desk: take the backup from a server running that version.';

/** Refuses (409) before anything is sent when this version cannot write the database's backup. */
export async function requireKnownMigration(db: DbOrTx): Promise<void> {
  if ((await knownMigration(db)) === null) throw conflict(NEWER_DATABASE);
}

/** `reunion-desk-backup-20251127-143005.ndjson` (UTC). */
export function backupFileName(at: Date): string {
  const s = at.toISOString();
  return `reunion-desk-backup-${s.slice(0, 10).replaceAll('-', '')}-${s.slice(11, 19).replaceAll(':', '')}.ndjson`;
}

/**
 * Writes the backup, line by line, to `write` (which may wait: the reader sets the pace). Everything is
 * read in ONE read-only REPEATABLE READ transaction, so the file is one instant of the database even while
 * greeters keep tapping.
 */
export async function writeBackup(database: Database, write: (line: string) => Promise<void>, now = new Date()) {
  const tables = backupTables();
  await database.db.transaction(
    async (tx) => {
      const migration = await appliedMigration(tx);
      // Sequences are not part of a snapshot: read them at its start, when each is at least the highest
      // value any row of the snapshot holds, and as close to the snapshot as can be (a sync cursor is one).
      const sequences = rowsOf<{ name: string; value: string | null }>(
        await tx.execute(
          sql`select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by 1`,
        ),
      );
      await write(
        JSON.stringify({
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          migration,
          created_at: now.toISOString(),
          driver: database.driver,
          tables: tables.map((t) => t.name),
        }) + '\n',
      );
      const counts: Record<string, number> = {};
      for (const t of tables) {
        counts[t.name] = 0;
        const table = sql.identifier(t.name);
        const key = sql.identifier(t.key);
        let after: string | null = null;
        for (;;) {
          const page: { j: string; k: string }[] = rowsOf<{ j: string; k: string }>(
            await tx.execute(sql`
              select row_to_json(x)::text as j, x.${key}::text as k from ${table} x
              ${after === null ? sql`` : sql`where x.${key} > cast(${after} as ${sql.raw(t.keyType)})`}
              order by x.${key} limit ${PAGE}`),
          );
          if (!page.length) break;
          after = page.at(-1)!.k;
          let chunk = '';
          for (const r of page) chunk += `{"table":${JSON.stringify(t.name)},"row":${r.j}}\n`;
          await write(chunk);
          counts[t.name] += page.length;
          if (page.length < PAGE) break;
        }
      }
      let tail = '';
      for (const s of sequences) if (s.value !== null) tail += JSON.stringify({ sequence: s.name, value: s.value }) + '\n';
      tail += JSON.stringify({ end: true, rows: counts }) + '\n';
      await write(tail);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
