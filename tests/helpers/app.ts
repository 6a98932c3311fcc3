/**
 * The real Hono app on a fresh real database, with mail captured in memory and (by default) the bot
 * challenge off. `api` sends JSON and returns status + parsed body; factories make users with sessions.
 */
import { afterAll } from 'vitest';
import { buildApp } from '../../server/app';
import { createChallenge } from '../../server/challenge';
import { loadConfig, type Config } from '../../server/config';
import type { AppDeps } from '../../server/context';
import type { Database } from '../../server/db/client';
import { createLogger } from '../../server/lib/logger';
import { createMailer } from '../../server/mail/mailer';
import { LiveHub } from '../../server/live/hub';
import { createSession } from '../../server/services/staff/sessions';
import { createUser } from '../../server/services/staff/users';
import { SYSTEM_ACTOR } from '../../server/services/operations/audit';
import type { Role } from '../../shared/constants';
import { freshDatabase } from './db';

export const TEST_ENV = {
  NODE_ENV: 'test',
  CHALLENGE_PROVIDER: 'none',
  MAIL_TRANSPORT: 'memory',
  DATA_DIR: '.tmp/test-data',
  SESSION_SECRET: 'test-secret-test-secret-test-secret-0000',
  LOG_LEVEL: 'silent',
  STATIC_DIR: '.tmp/no-static',
} as const;

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

/** `opts.database`: serve this database (closed after the file) instead of a fresh one. */
export async function createTestApp(env: Record<string, string> = {}, opts: { database?: Database } = {}) {
  const database = opts.database ?? (await freshDatabase());
  const config: Config = loadConfig({ ...TEST_ENV, ...env });
  const log = createLogger(config.logLevel);
  const deps: AppDeps = {
    database,
    config,
    log,
    mailer: createMailer(config.mail, log),
    challenge: createChallenge(config.challenge, config.secret, { db: database.db }),
    live: new LiveHub(log),
  };
  await deps.live.start(database);
  const app = buildApp(deps);
  afterAll(async () => {
    await deps.live.stop();
    await database.close();
  });

  async function api<T = any>(
    method: string,
    path: string,
    opts: {
      body?: unknown;
      token?: string;
      registrantToken?: string;
      headers?: Record<string, string>;
      raw?: string;
      /** a stream that never ends (GET /api/live): a 2xx body is not read, only its status and headers */
      stream?: boolean;
    } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.body !== undefined || opts.raw !== undefined) headers['content-type'] ??= 'application/json';
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.registrantToken) headers['x-registrant-token'] = opts.registrantToken;
    const res = await app.request(path, {
      method,
      headers,
      body: opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    });
    if (opts.stream && res.ok) {
      await res.body?.cancel();
      return { status: res.status, body: null as T, headers: res.headers, text: '' };
    }
    const text = await res.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body, headers: res.headers, text };
  }

  let n = 0;
  /** A user of `role` with a live session; returns its id, email, password and bearer token. */
  async function makeUser(
    role: Role = 'admin',
    overrides: Partial<{ email: string; password: string; first_name: string; last_name: string }> = {},
  ) {
    n += 1;
    const email = overrides.email ?? `${role}${n}-${Math.random().toString(36).slice(2, 8)}@test.example`;
    const password = overrides.password ?? 'correct-horse-battery';
    const user = await createUser(
      database.db,
      { email, password, role, first_name: overrides.first_name ?? 'Test', last_name: overrides.last_name ?? `${role} ${n}` },
      SYSTEM_ACTOR,
    );
    const { token } = await createSession(database.db, user.id);
    return { ...user, password, token };
  }

  return { app, api, database, db: database.db, deps, config, mail: deps.mailer.outbox, makeUser };
}
