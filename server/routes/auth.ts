/** /api/auth: sign in, who am I, change password, sign out (docs/product.md#api; sessions in docs/architecture.md#security). */
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../context';
import { sessions, users } from '../db/schema';
import { ApiError } from '../lib/errors';
import { clientIp } from '../lib/client-ip';
import { requireChallenge } from '../lib/require-challenge';
import { jsonBody } from '../lib/validate';
import { actorOf, requireUser } from '../middleware/auth';
import { revokeSession } from '../services/staff/sessions';
import { changePassword, signIn } from '../services/staff/sign-in';
import { publicUser } from '../services/staff/users';
import { changePasswordSchema, loginSchema } from '../../shared/schemas/auth';

export const authRoutes = new Hono<AppEnv>()
  .post('/login', async (c) => {
    const body = await jsonBody(c, loginSchema);
    await requireChallenge(c, body.turnstileToken);
    const signedIn = await signIn(c.get('deps').database.db, {
      email: body.email,
      password: body.password,
      address: clientIp(c),
      userAgent: c.req.header('user-agent'),
    });
    return c.json({ ...signedIn, message: 'Login successful' }, 200);
  })
  .get('/me', async (c) => {
    const auth = requireUser(c);
    const { db } = c.get('deps').database;
    const [[user], [session]] = await Promise.all([
      db.select().from(users).where(eq(users.id, auth.id)).limit(1),
      // when this session ends: the app warns in its last hour (as the sign-in's answer says it)
      db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, auth.sessionId)).limit(1),
    ]);
    return c.json({ user: publicUser(user), expiresAt: session?.expiresAt.toISOString() ?? null }, 200);
  })
  .post('/change-password', async (c) => {
    const auth = requireUser(c);
    const body = await jsonBody(c, changePasswordSchema);
    await changePassword(
      c.get('deps').database.db,
      { userId: auth.id, sessionId: auth.sessionId, currentPassword: body.current_password, newPassword: body.new_password },
      actorOf(c),
    );
    return c.json({ message: 'Password changed successfully!' }, 200);
  })
  .post('/logout', async (c) => {
    const auth = c.get('user');
    if (!auth) throw new ApiError(401, 'Authentication required');
    await revokeSession(c.get('deps').database.db, auth.sessionId);
    return c.json({ message: 'Signed out' }, 200);
  });
