/** /api/users: admins manage staff accounts (admins, greeters and check-in staff). */
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { jsonBody, intParam, query } from '../lib/validate';
import { actorOf, requireAdmin } from '../middleware/auth';
import { createUser, listUsersPage, updateUser } from '../services/staff/users';
import { unprocessable } from '../lib/errors';
import { createUserSchema, updateUserSchema, usersQuerySchema } from '../../shared/schemas/auth';

export const userRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    requireAdmin(c);
    return c.json(await listUsersPage(c.get('deps').database.db, query(c, usersQuerySchema)), 200);
  })
  .post('/', async (c) => {
    requireAdmin(c);
    const body = await jsonBody(c, createUserSchema);
    const user = await c.get('deps').database.db.transaction((tx) => createUser(tx, body, actorOf(c)));
    return c.json({ ...user, user }, 201);
  })
  .put('/:id', async (c) => {
    const me = requireAdmin(c);
    const id = intParam(c, 'id', 'User not found');
    const body = await jsonBody(c, updateUserSchema);
    if (id === me.id && (body.disabled || (body.role && body.role !== 'admin'))) {
      throw unprocessable('You cannot disable yourself or remove your own admin role');
    }
    const user = await c.get('deps').database.db.transaction((tx) => updateUser(tx, id, body, actorOf(c)));
    return c.json({ user }, 200);
  });
