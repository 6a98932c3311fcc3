/**
 * Migrates once per run. PGlite: a migrated data directory is dumped to a tarball that every test file
 * loads (0.7 s instead of 2–3 s). PostgreSQL (TEST_DATABASE_URL): a migrated template database from which
 * every test file creates its own database.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { connectPostgres, PGLITE_EXTENSIONS, wrapPglite } from '../../server/db/client';

const TMP = path.resolve('.tmp');

export default async function setup(project: TestProject) {
  mkdirSync(TMP, { recursive: true });
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `rd_tpl_${process.pid}_${Date.now()}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${template}`);
    const db = connectPostgres(withDatabase(url, template), { max: 1 });
    await db.migrate();
    await db.close();
    project.provide('pgTemplate', template);
    return async () => {
      await admin.unsafe(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  const pg = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  await wrapPglite(pg).migrate();
  const dump = await pg.dumpDataDir('none');
  const file = path.join(TMP, `pglite-migrated-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await pg.close();
  project.provide('pgliteSnapshot', file);
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate?: string;
    pgliteSnapshot?: string;
  }
}
