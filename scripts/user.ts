/**
 * Operators' account tool (`npm run user -- <command> …`): the same user services as the admin screen,
 * from a shell, audited as 'cli'. Arguments are checked before the database is opened. With the embedded
 * database it works while the server is stopped; while the server holds DATA_DIR/pglite.lock it says so
 * and exits 1 without touching the files.
 */
import { parseArgs } from 'node:util';
import type { z } from 'zod';
import type { Database } from '../server/db/client';
import { ApiError } from '../server/lib/errors';
import type { Actor } from '../server/services/operations/audit';
import { countAdmins, createUser, findUserByEmail, listUsers, updateUser } from '../server/services/staff/users';
import { createUserSchema } from '../shared/schemas/auth';
import { emailField } from '../shared/schemas/common';
import { runCli, withConfiguredDatabase } from './lib/cli';

const CLI_ACTOR: Actor = { userId: null, label: 'cli' };

const USAGE = `Usage: npm run user -- <command> [options]

Commands:
  add --email E --password P --role admin|greeter|checkin --first-name F --last-name L
  list [--json]
  disable --email E
  enable --email E
  reset-password --email E --password P

Disabling a user or resetting a password signs that user out everywhere at once.`;

class UsageError extends Error {}

/** zod's first message, prefixed with the flag it belongs to: "--password: Password must be at least 6 characters". */
function check<S extends z.ZodType>(schema: S, data: unknown, flags: Record<string, string> = {}): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const key = String(issue.path[0] ?? '');
  throw new UsageError(key ? `${flags[key] ?? `--${key}`}: ${issue.message}` : issue.message);
}

const FLAG_OF = { email: '--email', password: '--password', role: '--role', first_name: '--first-name', last_name: '--last-name' };
const emailOnly = (email: string | undefined) => check(emailField(), email, {}) as string;
const passwordOnly = (password: string | undefined) => check(createUserSchema.shape.password, password, {}) as string;

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  return { command: positionals[0], extra: positionals.slice(1), values };
}

type Parsed = ReturnType<typeof parse>;

/** Validates everything the command needs and returns the work to do once the database is open. */
function plan({ command, extra, values: v }: Parsed): (db: Database['db']) => Promise<string> {
  if (extra.length) throw new UsageError(`Unexpected argument: ${extra[0]}`);
  const withEmail = (what: string) => {
    if (v.email === undefined) throw new UsageError(`--email is required for ${what}`);
    try {
      return emailOnly(v.email);
    } catch (e) {
      throw new UsageError(`--email: ${(e as Error).message}`);
    }
  };
  const existing = async (db: Database['db'], email: string) => {
    const user = await findUserByEmail(db, email);
    if (!user) throw new UsageError(`No user with email ${email}`);
    return user;
  };

  switch (command) {
    case 'add': {
      const input = check(
        createUserSchema,
        { email: v.email, password: v.password, role: v.role, first_name: v['first-name'], last_name: v['last-name'] },
        FLAG_OF,
      );
      return async (db) => {
        const user = await db.transaction((tx) => createUser(tx, input, CLI_ACTOR));
        return `Added ${user.role} ${user.email} (${user.first_name} ${user.last_name}, id ${user.id}).`;
      };
    }
    case 'list':
      return async (db) => {
        const users = await listUsers(db);
        if (v.json) return JSON.stringify(users, null, 2);
        if (!users.length) return 'No users yet. Add one with: npm run user -- add --email … --role admin';
        const rows = users.map((u) => [
          String(u.id),
          u.email,
          u.role,
          `${u.first_name} ${u.last_name}`,
          u.disabled ? 'disabled' : 'active',
        ]);
        const header = ['id', 'email', 'role', 'name', 'status'];
        const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
        const line = (r: string[]) =>
          r
            .map((c, i) => c.padEnd(widths[i]))
            .join('  ')
            .trimEnd();
        return [line(header), ...rows.map(line)].join('\n');
      };
    case 'disable':
    case 'enable': {
      const email = withEmail(command);
      const disabled = command === 'disable';
      return async (db) => {
        const user = await existing(db, email);
        await db.transaction((tx) => updateUser(tx, user.id, { disabled }, CLI_ACTOR));
        if (!disabled) return `Enabled ${user.email}.`;
        const warning =
          user.role === 'admin' && (await countAdmins(db)) === 0
            ? '\nNote: no active admin is left. Add one with: npm run user -- add --role admin …'
            : '';
        return `Disabled ${user.email}; their sessions are signed out.${warning}`;
      };
    }
    case 'reset-password': {
      const email = withEmail('reset-password');
      if (v.password === undefined) throw new UsageError('--password is required for reset-password');
      let password: string;
      try {
        password = passwordOnly(v.password);
      } catch (e) {
        throw new UsageError(`--password: ${(e as Error).message}`);
      }
      return async (db) => {
        const user = await existing(db, email);
        await db.transaction((tx) => updateUser(tx, user.id, { password }, CLI_ACTOR));
        return `Password reset for ${user.email}; their sessions are signed out.`;
      };
    }
    case undefined:
      throw new UsageError(`A command is required.\n\n${USAGE}`);
    default:
      throw new UsageError(`Unknown command: ${command}\n\n${USAGE}`);
  }
}

/** parseArgs' own sentence for an unknown flag suggests '--' tricks; say it plainly instead. */
function argumentError(e: Error & { code?: string }): string {
  const unknown = e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && /'([^']+)'/.exec(e.message);
  return unknown ? `Unknown option: ${unknown[1]} (see npm run user -- --help)` : e.message;
}

async function main(argv: string[]): Promise<number> {
  let parsed: Parsed;
  let work: (db: Database['db']) => Promise<string>;
  try {
    parsed = parse(argv);
    if (parsed.values.help) {
      console.log(USAGE);
      return 0;
    }
    work = plan(parsed);
  } catch (e) {
    console.error(`Error: ${argumentError(e as Error & { code?: string })}`);
    return 1;
  }

  return withConfiguredDatabase(
    'cli',
    (e) => e instanceof UsageError || e instanceof ApiError,
    async (database) => {
      await database.migrate();
      console.log(await work(database.db));
    },
  );
}

runCli(main);
