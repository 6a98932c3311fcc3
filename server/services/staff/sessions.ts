/**
 * Staff sessions: opaque random tokens (256 bits) stored as SHA-256, 12 h absolute expiry, revoked on
 * sign-out, on user disable, and (other sessions) on password change. A role change ends their push
 * streams (the role itself is read on every request).
 */
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { LAST_VERSION, SNAPSHOT_TEXT, type ArrivalMark } from '../../db/arrival-mark';
import { preparedPer } from '../../db/prepared';
import { sessions, users } from '../../db/schema';
import { newToken, sha256 } from '../../lib/tokens';
import { SESSIONS_CHANNEL } from '../../live/hub';
import type { AuthUser } from '../../context';

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export async function createSession(db: DbOrTx, userId: number, userAgent?: string) {
  const token = newToken(32);
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const [row] = await db
    .insert(sessions)
    .values({ tokenHash: sha256(token), userId, expiresAt, userAgent: userAgent?.slice(0, 300) })
    .returning({ id: sessions.id });
  return { token, expiresAt, sessionId: row.id };
}

/**
 * The session lookup every authenticated request makes, as a prepared statement (server/db/prepared.ts),
 * with the database's state as the request found it (server/db/arrival-mark.ts).
 */
const sessionLookup = preparedPer((db) =>
  db
    .select({
      user: {
        sessionId: sessions.id,
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
      },
      snapshot: SNAPSHOT_TEXT,
      lastVersion: LAST_VERSION,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(users.disabled, false),
      ),
    )
    .limit(1)
    .prepare('session_by_token_hash'),
);

/**
 * The user behind a bearer token, and the database as the request found it; null when the token is
 * unknown, expired, revoked or the user disabled.
 */
export async function userForToken(db: DbOrTx, token: string): Promise<{ user: AuthUser; mark: ArrivalMark } | null> {
  // an ISO string: drizzle's postgres.js serializers expect the column's driver value, not a Date
  const [row] = await sessionLookup(db).execute({ tokenHash: sha256(token), now: new Date().toISOString() });
  return row ? { user: row.user, mark: { snapshot: row.snapshot, lastVersion: Number(row.lastVersion) } } : null;
}

/**
 * Why a bearer token was refused, for the device that held it: 'expired' when its session simply reached
 * its end (the user still enabled, the session never revoked), else 'revoked' (signed out, the user
 * disabled, a password changed elsewhere, or a token never issued). A phone whose account was disabled
 * then wipes its copy of the families' data even when it asks only after the session's end.
 */
export async function sessionRefusal(db: DbOrTx, token: string): Promise<'expired' | 'revoked'> {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt, disabled: users.disabled })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sha256(token)))
    .limit(1);
  return row && !row.revokedAt && !row.disabled && row.expiresAt.getTime() <= Date.now() ? 'expired' : 'revoked';
}

export async function revokeSession(db: DbOrTx, sessionId: number) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/**
 * Ends the push streams of a user's live sessions without signing them out (a role changed: a stream
 * carries the feeds of the role it opened with, and the device's reconnect opens one with the new
 * role's). The notice is the one a revoked session sends, delivered at commit.
 */
export async function endUserStreams(db: DbOrTx, userId: number) {
  await db.execute(
    sql`select pg_notify(${SESSIONS_CHANNEL}, ${sessions.id}::text) from ${sessions} where ${sessions.userId} = ${userId} and ${sessions.revokedAt} is null`,
  );
}

/** Revokes every live session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(db: DbOrTx, userId: number, keepSessionId?: number) {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId !== undefined) conditions.push(ne(sessions.id, keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
}
