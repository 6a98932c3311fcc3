/**
 * Staff sign-in and password change, with their throttles (docs/architecture.md, security).
 *
 * Every attempt is counted before the password is checked (argon2 is the expensive part) and given
 * back when it succeeds, so a burst of simultaneous wrong passwords gets no more tries than the limits:
 *   1. per client address: 200 failures in 15 minutes, across accounts;
 *   2. per account and address: 100 failures in an hour;
 *   3. per account: 100 failures in an hour. Past it, only an address with no failure on this account
 *      in the hour may still try: an attacker from one address (or a few) cannot lock the owner out,
 *      who signs in from another address, while a wide attack gets one guess per address.
 * Unknown email and wrong password cost the same (a dummy hash) and answer the same.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, tooManyRequests, unauthorized } from '../../lib/errors';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { audit, type Actor } from '../operations/audit';
import { hit, refund, reset } from './rate-limit';
import { createSession, revokeUserSessions } from './sessions';
import { findUserByEmail, publicUser } from './users';

const HOUR = 60 * 60 * 1000;
export const ACCOUNT_FAILURES_PER_HOUR = 100;
/**
 * Above the account's own limit, so one address meets the account's limit first (100 failures, then
 * 429); and a resort's staff behind one Wi-Fi address are not all locked out by a few typos.
 */
export const ADDRESS_FAILURES_PER_15_MIN = 200;
/** Wrong current passwords one user may send to change-password in 15 minutes. */
export const CHANGE_PASSWORD_FAILURES_PER_15_MIN = 10;

export const INVALID_LOGIN = 'Invalid email or password';
/** Said only to whoever typed the account's right password: they know it exists, and a retyped password would not help. */
export const DISABLED_LOGIN = 'This account is disabled. Ask an organiser to enable it on the Users page.';
const TOO_MANY_SIGN_INS = 'Too many sign-in attempts. Please try again later.';
const TOO_MANY_PASSWORD_TRIES = 'Too many wrong passwords. Please try again later.';
const CURRENT_INCORRECT = 'Current password is incorrect';
const SAME_PASSWORD = 'New password must be different from the current password';

export interface SignInInput {
  email: string;
  password: string;
  address: string;
  userAgent?: string;
}

export async function signIn(db: DbOrTx, input: SignInInput) {
  const addressKey = `login:ip:${input.address}`;
  const pairKey = `login:account:${input.email}:ip:${input.address}`;
  const accountKey = `login:account:${input.email}`;
  const byAddress = await hit(db, addressKey, ADDRESS_FAILURES_PER_15_MIN, HOUR / 4);
  if (!byAddress.allowed) throw tooManyRequests(byAddress.retryAfterSeconds, TOO_MANY_SIGN_INS);
  const byPair = await hit(db, pairKey, ACCOUNT_FAILURES_PER_HOUR, HOUR);
  if (!byPair.allowed) throw tooManyRequests(byPair.retryAfterSeconds, TOO_MANY_SIGN_INS);
  const byAccount = await hit(db, accountKey, ACCOUNT_FAILURES_PER_HOUR, HOUR);
  // byPair.count > 1: this address already failed on this account within the hour
  if (!byAccount.allowed && byPair.count > 1) throw tooManyRequests(byAccount.retryAfterSeconds, TOO_MANY_SIGN_INS);

  const user = await findUserByEmail(db, input.email);
  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : (await verifyPassword(await dummyHash(), input.password), false);
  if (!user || !ok) throw unauthorized(INVALID_LOGIN);
  if (user.disabled) throw unauthorized(DISABLED_LOGIN);

  await refund(db, addressKey);
  await refund(db, accountKey);
  await reset(db, pairKey);
  const session = await createSession(db, user.id, input.userAgent);
  await audit(db, { userId: user.id, label: user.email }, 'auth.login', { type: 'user', id: user.id });
  return { token: session.token, user: publicUser(user), expiresAt: session.expiresAt.toISOString() };
}

export interface PasswordChange {
  userId: number;
  sessionId: number;
  currentPassword: string;
  newPassword: string;
}

/**
 * Changes a signed-in user's password and revokes their other sessions. Counted like sign-in (per user,
 * before the check), and nothing is answered about the current password before it is verified: a new
 * password equal to the one given as current is refused first, whether or not that one is right.
 */
export async function changePassword(db: DbOrTx, change: PasswordChange, actor: Actor): Promise<void> {
  if (change.currentPassword === change.newPassword) throw badRequest(SAME_PASSWORD, { new_password: SAME_PASSWORD });
  const key = `change-password:user:${change.userId}`;
  const tries = await hit(db, key, CHANGE_PASSWORD_FAILURES_PER_15_MIN, HOUR / 4);
  if (!tries.allowed) throw tooManyRequests(tries.retryAfterSeconds, TOO_MANY_PASSWORD_TRIES);
  const [user] = await db.select().from(users).where(eq(users.id, change.userId)).limit(1);
  if (!(await verifyPassword(user.passwordHash, change.currentPassword))) {
    throw badRequest(CURRENT_INCORRECT, { current_password: CURRENT_INCORRECT });
  }
  await refund(db, key);
  const passwordHash = await hashPassword(change.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, change.userId));
    await revokeUserSessions(tx, change.userId, change.sessionId);
    await audit(tx, actor, 'auth.change-password', { type: 'user', id: change.userId });
  });
}
