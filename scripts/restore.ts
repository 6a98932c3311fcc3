/**
 * `npm run restore -- FILE`: loads a backup downloaded from the admin screens (or GET /api/admin/backup)
 * into an EMPTY database: DATABASE_URL when set, the embedded one in DATA_DIR otherwise. A file that is
 * not a whole backup of this version, or a database that already holds data, is refused with one line
 * and nothing is written. While a server holds the embedded database, it says so and exits 1.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { backupFileLines, RestoreError, restoreBackup } from '../server/services/operations/restore';
import { runCli, withConfiguredDatabase } from './lib/cli';

const USAGE = 'Usage: npm run restore -- FILE   (a reunion-desk-backup-….ndjson file, gzipped or not)';

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  if (argv.length !== 1) {
    console.error(`Error: ${argv.length ? 'Give exactly one backup file.' : 'A backup file is required.'} ${USAGE}`);
    return 1;
  }
  const file = path.resolve(argv[0]);
  if (!existsSync(file) || !statSync(file).isFile()) {
    console.error(`Error: No such file: ${argv[0]}`);
    return 1;
  }

  return withConfiguredDatabase(
    'restore',
    (e) => e instanceof RestoreError,
    async (database, config) => {
      const where = config.databaseUrl ? 'DATABASE_URL' : `the embedded database in ${config.dataDir}`;
      const started = Date.now();
      const result = await restoreBackup(database, backupFileLines(file));
      console.log(
        `Restored ${result.rows} rows of ${result.tables} tables (backup taken ${result.createdAt}) into ${where} in ` +
          `${((Date.now() - started) / 1000).toFixed(1)} s. Staff sign in again with their passwords.`,
      );
    },
  );
}

runCli(main);
