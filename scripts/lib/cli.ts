/**
 * What the operators' command-line tools (`npm run user`, `npm run restore`) share: their work runs on
 * the configured database (DATABASE_URL, or the embedded one in DATA_DIR, refused while a server holds
 * it); an expected error is one line "Error: …" and exit code 1; the database is closed either way.
 */
import { ConfigError, loadConfig, type Config } from '../../server/config';
import { DatabaseLockedError, openDatabase, type Database } from '../../server/db/client';

/**
 * Opens the configured database as `holder`, runs `work` on it and closes it. Errors for which
 * `expected` answers true (and a bad configuration or a held database) print one line and give 1.
 */
export async function withConfiguredDatabase(
  holder: string,
  expected: (e: unknown) => boolean,
  work: (database: Database, config: Config) => Promise<void>,
): Promise<number> {
  let database: Database;
  let config: Config;
  try {
    config = loadConfig();
    database = await openDatabase(config, holder);
  } catch (e) {
    if (e instanceof ConfigError || e instanceof DatabaseLockedError) {
      console.error(`Error: ${e.message}`);
      return 1;
    }
    throw e;
  }
  try {
    await work(database, config);
    return 0;
  } catch (e) {
    if (expected(e)) {
      console.error(`Error: ${(e as Error).message}`);
      return 1;
    }
    throw e;
  } finally {
    await database.close();
  }
}

/** Runs a tool's `main` on the command line's arguments and exits with its code (1 and one line on a crash). */
export function runCli(main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      console.error(`Error: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
      process.exit(1);
    },
  );
}
