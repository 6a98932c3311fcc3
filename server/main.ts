/** Starts the server: config, database, migrations, bootstrap, listen; stops cleanly on SIGTERM/SIGINT. */
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { bootstrap } from './bootstrap';
import { createChallenge } from './challenge';
import { ConfigError, loadConfig } from './config';
import { DatabaseLockedError, openDatabase } from './db/client';
import { createLogger } from './lib/logger';
import { createMailer } from './mail/mailer';
import { createHttpServer } from './http-server';
import { databaseErrorText, listenErrorText } from './start-errors';
import { LiveHub } from './live/hub';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const log = createLogger(config.logLevel);
  let database;
  try {
    database = await openDatabase(config, 'server');
  } catch (e) {
    if (e instanceof DatabaseLockedError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  let demo;
  try {
    ({ demo } = await bootstrap(database, config, log));
  } catch (e) {
    const line = databaseErrorText(e, config.databaseUrl);
    if (!line) throw e;
    console.error(line);
    await database.close().catch(() => undefined);
    process.exit(1);
  }
  const live = new LiveHub(log);
  await live.start(database);
  const app = buildApp({
    database,
    config,
    log,
    mailer: createMailer(config.mail, log),
    challenge: createChallenge(config.challenge, config.secret, { db: database.db }),
    live,
  });
  const server = createHttpServer(app.fetch, { hostname: config.host });
  const cannotListen = (e: NodeJS.ErrnoException) => {
    console.error(listenErrorText(e, config.host, config.port) ?? e);
    void live.stop();
    void database.close().finally(() => process.exit(1));
  };
  server.once('error', cannotListen);
  server.listen(config.port, config.host, () => {
    server.off('error', cannotListen);
    const { port } = server.address() as AddressInfo;
    const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
    console.log(
      `\nreunion-desk is running at ${url}  (database: ${database.driver === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
    );
    if (demo) {
      console.log(`Demo data loaded. Sign in as the demo admin:  ${demo.admin.email} / ${demo.admin.password}`);
      console.log(`Demo greeter:  ${demo.greeter.email} / ${demo.greeter.password}`);
      console.log(`Demo check-in: ${demo.checkin.email} / ${demo.checkin.password}\n`);
    }
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ msg: 'shutting down', signal });
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // open live streams would hold server.close() until the forced exit: end them first
    void live.stop();
    server.close(async () => {
      await database.close();
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
