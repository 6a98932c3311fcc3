/**
 * Loads a backup (server/services/operations/backup.ts) into an EMPTY database: the whole file is checked first,
 * then the database is checked empty, then migrated, then every row goes in, table by table in the
 * file's (foreign-key) order, in one transaction with the sequences set after. Any refusal happens before
 * the first write, with one sentence (RestoreError).
 */
import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { BACKUP_FORMAT, BACKUP_VERSION, backupTables, latestMigration } from './backup';

export class RestoreError extends Error {}

/** rows per INSERT */
const BATCH = 500;

interface Header {
  format: string;
  version: number;
  migration: string;
  created_at: string;
  tables: string[];
}

type Line =
  | { kind: 'row'; table: string; row: Record<string, unknown> }
  | { kind: 'sequence'; name: string; value: string }
  | { kind: 'end'; rows: Record<string, number> };

const SEQUENCE_NAME = /^[a-z_][a-z0-9_]*$/;

function parseLine(text: string, n: number): Line {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new RestoreError(`The backup file is damaged: line ${n} is not JSON.`);
  }
  const o = (v ?? {}) as Record<string, unknown>;
  if (typeof o.table === 'string' && o.row && typeof o.row === 'object' && !Array.isArray(o.row)) {
    return { kind: 'row', table: o.table, row: o.row as Record<string, unknown> };
  }
  if (typeof o.sequence === 'string' && typeof o.value === 'string' && SEQUENCE_NAME.test(o.sequence) && /^-?\d+$/.test(o.value)) {
    return { kind: 'sequence', name: o.sequence, value: o.value };
  }
  if (o.end === true && o.rows && typeof o.rows === 'object') return { kind: 'end', rows: o.rows as Record<string, number> };
  throw new RestoreError(`The backup file is damaged: line ${n} is not a row, a sequence or the end.`);
}

function parseHeader(text: string | undefined): Header {
  let h: Partial<Header> = {};
  try {
    h = JSON.parse(text ?? '') ?? {};
  } catch {
    /* answered below */
  }
  if (h.format !== BACKUP_FORMAT) throw new RestoreError('This file is not a Reunion Desk backup (its first line is not a backup header).');
  if (h.version !== BACKUP_VERSION) {
    throw new RestoreError(
      `This backup is format version ${String(h.version)}; this version of Reunion Desk reads version ${BACKUP_VERSION}.`,
    );
  }
  const latest = latestMigration();
  if (h.migration !== latest) {
    throw new RestoreError(
      `This backup was taken at database migration ${String(h.migration)}; this version of Reunion Desk is at ${latest}. Restore it with the version that took it.`,
    );
  }
  return h as Header;
}

/**
 * Reads the whole file once without touching a database: the header, every line, the order of the
 * tables and the end line's counts. A file cut short or edited by hand is refused here.
 */
export async function checkBackup(lines: () => AsyncIterable<string>): Promise<{ header: Header; rows: number }> {
  const parentsOf = new Map(backupTables().map((t) => [t.name, t.parents]));
  let header: Header | undefined;
  const counts: Record<string, number> = {};
  let current = '';
  let n = 0;
  let ended = false;
  for await (const text of lines()) {
    n += 1;
    if (n === 1) {
      header = parseHeader(text);
      continue;
    }
    if (!text.trim()) continue;
    if (ended) throw new RestoreError(`The backup file is damaged: line ${n} comes after the end line.`);
    const line = parseLine(text, n);
    if (line.kind === 'row') {
      const parents = parentsOf.get(line.table);
      if (!parents) throw new RestoreError(`The backup file is damaged: line ${n} names an unknown table "${line.table}".`);
      if (line.table !== current) {
        // each table's rows together, after every table it references
        if (counts[line.table] !== undefined) throw new RestoreError(`The backup file is damaged: line ${n} goes back to ${line.table}.`);
        const child = Object.keys(counts).find((seen) => parentsOf.get(seen)!.includes(line.table));
        if (child) throw new RestoreError(`The backup file is damaged: line ${n} puts ${line.table} after ${child}, which references it.`);
        current = line.table;
      }
      counts[line.table] = (counts[line.table] ?? 0) + 1;
    } else if (line.kind === 'end') {
      for (const name of new Set([...Object.keys(counts), ...Object.keys(line.rows)])) {
        if ((counts[name] ?? 0) !== (line.rows[name] ?? 0)) {
          throw new RestoreError(
            `The backup file is damaged: it holds ${counts[name] ?? 0} rows of ${name} where its end line says ${line.rows[name] ?? 0}.`,
          );
        }
      }
      ended = true;
    }
  }
  if (!header) throw new RestoreError('The backup file is empty.');
  if (!ended) throw new RestoreError('The backup file is incomplete (it has no end line): the download was probably cut short.');
  return { header, rows: Object.values(counts).reduce((a, b) => a + b, 0) };
}

/** The first table of the public schema holding a row, or null when the database is empty. */
export async function firstNonEmptyTable(database: Database): Promise<{ table: string } | null> {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  );
  for (const { name } of tables) {
    const [r] = rowsOf<{ found: boolean }>(await database.db.execute(sql`select exists (select 1 from ${sql.identifier(name)}) as found`));
    if (r?.found) return { table: name };
  }
  return null;
}

export interface RestoreResult {
  rows: number;
  tables: number;
  createdAt: string;
}

/** `lines` is called twice: once to check the file, once to load it. */
export async function restoreBackup(database: Database, lines: () => AsyncIterable<string>): Promise<RestoreResult> {
  const { header, rows } = await checkBackup(lines);
  const busy = await firstNonEmptyTable(database);
  if (busy) {
    throw new RestoreError(
      `The target database is not empty (table ${busy.table} has rows); restore only into an empty database. Nothing was written.`,
    );
  }
  await database.migrate();
  const inserted = new Set<string>();
  await database.db.transaction(async (tx) => {
    let batch: Record<string, unknown>[] = [];
    let batchTable = '';
    const flush = async () => {
      if (!batch.length) return;
      const table = sql.identifier(batchTable);
      await tx.execute(sql`insert into ${table} select * from json_populate_recordset(null::${table}, ${JSON.stringify(batch)}::json)`);
      inserted.add(batchTable);
      batch = [];
    };
    let n = 0;
    for await (const text of lines()) {
      n += 1;
      if (n === 1 || !text.trim()) continue;
      const line = parseLine(text, n);
      if (line.kind === 'row') {
        if (line.table !== batchTable || batch.length >= BATCH) {
          await flush();
          batchTable = line.table;
        }
        batch.push(line.row);
      } else {
        await flush();
        if (line.kind === 'sequence') {
          const [r] = rowsOf<{ ok: string | null }>(await tx.execute(sql`select to_regclass(${`public.${line.name}`})::text as ok`));
          if (!r?.ok) throw new RestoreError(`The backup file names a sequence this database does not have: ${line.name}.`);
          await tx.execute(sql`select setval(${`public.${line.name}`}::regclass, ${line.value}::bigint)`);
        }
      }
    }
    await flush();
  });
  return { rows, tables: inserted.size, createdAt: header.created_at };
}

/** A backup file's lines, for restoreBackup; a gzipped file (1f 8b) is read through gunzip. */
export function backupFileLines(file: string): () => AsyncIterable<string> {
  const head = Buffer.alloc(2);
  const fd = openSync(file, 'r');
  readSync(fd, head, 0, 2, 0);
  closeSync(fd);
  const gzipped = head[0] === 0x1f && head[1] === 0x8b;
  return () => {
    const raw = createReadStream(file);
    return createInterface({ input: gzipped ? raw.pipe(createGunzip()) : raw, crlfDelay: Infinity });
  };
}
