/**
 * The one line the server stops with when where it was told to listen, or the database it was given,
 * cannot be used (README.md "Configuration": a bad value stops the server at start with one line naming
 * the variable). Null for an error no setting explains: the caller prints it whole.
 */

/** Why `listen()` failed, naming PORT or HOST. */
export function listenErrorText(e: NodeJS.ErrnoException, host: string, port: number): string | null {
  switch (e.code) {
    case 'EADDRINUSE':
      return `PORT ${port} is already in use on ${host}: stop what listens there, or set PORT to a free port`;
    case 'EACCES':
      return `PORT ${port} on ${host} needs privileges this process does not have: set PORT to 1024 or above`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return `HOST ${host} is not an address of this machine (${e.code}): set HOST to one, e.g. 127.0.0.1 or 0.0.0.0`;
    default:
      return null;
  }
}

/** The error's innermost code: drizzle wraps the driver's error in `cause`. */
function rootCause(e: unknown): { code?: string; message?: string } | undefined {
  let err = e as { code?: string; message?: string; cause?: unknown } | undefined;
  while (err?.cause) err = err.cause as typeof err;
  return err;
}

/** Why the first statement on DATABASE_URL failed (the server, the database, the user), naming it without its password. */
export function databaseErrorText(e: unknown, databaseUrl: string | undefined): string | null {
  if (!databaseUrl) return null;
  let where: string;
  try {
    const u = new URL(databaseUrl);
    where = `${u.hostname}:${u.port || '5432'}`;
  } catch {
    return null;
  }
  const cause = rootCause(e);
  switch (cause?.code) {
    case 'ECONNREFUSED':
    case 'CONNECT_TIMEOUT': // postgres.js: a host that drops the packets
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
      return `DATABASE_URL: no PostgreSQL answers at ${where} (${cause.code}): start it, or correct DATABASE_URL`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `DATABASE_URL: the host of ${where} is not known (${cause.code}): correct DATABASE_URL`;
    case '3D000': // invalid_catalog_name
      return `DATABASE_URL: PostgreSQL at ${where} says ${cause.message}: create it, or correct DATABASE_URL`;
    case '28P01': // invalid_password
    case '28000': // invalid_authorization_specification
      return `DATABASE_URL: PostgreSQL at ${where} refused the user: ${cause.message}. Correct the user or password in DATABASE_URL`;
    default:
      return null;
  }
}
