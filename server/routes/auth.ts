/** /api/auth: sign in, who am I, change password, sign out (spec §7 Auth; DESIGN.md sessions). */
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../context';
import { users } from '../db/schema';
import { ApiError, badRequest, tooManyRequests, unauthorized } from '../lib/errors';
import { clientIp } from '../lib/client-ip';
import { dummyHash, hashPassword, verifyPassword } from '../lib/passwords';
import { requireChallenge } from '../lib/require-challenge';
import { jsonBody } from '../lib/validate';
import { actorOf, requireUser } from '../middleware/auth';
import { audit } from '../services/audit';
import { hit, peek } from '../services/rate-limit';
import { createSession, revokeSession, revokeUserSessions } from '../services/sessions';
import { findUserByEmail, publicUser } from '../services/users';
import { changePasswordSchema, loginSchema } from '../../shared/schemas/auth';

const HOUR = 60 * 60 * 1000;
const ACCOUNT_FAILURES_PER_HOUR = 100;
const IP_FAILURES_PER_15_MIN = 50;
const INVALID_LOGIN = 'Invalid email or password';

export const authRoutes = new Hono<AppEnv>()
  .post('/login', async (c) => {
    const body = await jsonBody(c, loginSchema);
    const { db } = c.var.deps.database;
    const accountKey = `login:account:${body.email}`;
    const ipKey = `login:ip:${clientIp(c)}`;
    for (const [key, limit, windowMs] of [
      [accountKey, ACCOUNT_FAILURES_PER_HOUR, HOUR],
      [ipKey, IP_FAILURES_PER_15_MIN, HOUR / 4],
    ] as const) {
      const state = await peek(db, key, limit, windowMs);
      if (!state.allowed) throw tooManyRequests(state.retryAfterSeconds, 'Too many sign-in attempts. Please try again later.');
    }
    await requireChallenge(c, body.turnstileToken);
    const user = await findUserByEmail(db, body.email);
    const ok = user
      ? await verifyPassword(user.passwordHash, body.password)
      : (await verifyPassword(await dummyHash(), body.password), false);
    if (!user || !ok || user.disabled) {
      await hit(db, accountKey, ACCOUNT_FAILURES_PER_HOUR, HOUR);
      await hit(db, ipKey, IP_FAILURES_PER_15_MIN, HOUR / 4);
      throw unauthorized(INVALID_LOGIN);
    }
    const session = await createSession(db, user.id, c.req.header('user-agent'));
    await audit(db, { userId: user.id, label: user.email }, 'auth.login', { type: 'user', id: user.id });
    return c.json(
      { token: session.token, user: publicUser(user), message: 'Login successful', expiresAt: session.expiresAt.toISOString() },
      200,
    );
  })
  .get('/me', async (c) => {
    const auth = requireUser(c);
    const [user] = await c.var.deps.database.db.select().from(users).where(eq(users.id, auth.id)).limit(1);
    return c.json({ user: publicUser(user) }, 200);
  })
  .post('/change-password', async (c) => {
    const auth = requireUser(c);
    const body = await jsonBody(c, changePasswordSchema);
    const { db } = c.var.deps.database;
    const [user] = await db.select().from(users).where(eq(users.id, auth.id)).limit(1);
    if (!(await verifyPassword(user.passwordHash, body.current_password))) {
      throw badRequest('Current password is incorrect', { current_password: 'Current password is incorrect' });
    }
    if (body.current_password === body.new_password) {
      throw badRequest('New password must be different from the current password', {
        new_password: 'New password must be different from the current password',
      });
    }
    const passwordHash = await hashPassword(body.new_password);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, auth.id));
      await revokeUserSessions(tx, auth.id, auth.sessionId);
      await audit(tx, actorOf(c), 'auth.change-password', { type: 'user', id: auth.id });
    });
    return c.json({ message: 'Password changed successfully!' }, 200);
  })
  .post('/logout', async (c) => {
    const auth = c.var.user;
    if (!auth) throw new ApiError(401, 'Authentication required');
    await revokeSession(c.var.deps.database.db, auth.sessionId);
    return c.json({ message: 'Signed out' }, 200);
  });
