/** /api/users: admins manage staff accounts (admins and greeters). */
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { jsonBody, intParam } from '../lib/validate';
import { actorOf, requireAdmin } from '../middleware/auth';
import { createUser, listUsers, updateUser } from '../services/staff/users';
import { unprocessable } from '../lib/errors';
import { createUserSchema, updateUserSchema } from '../../shared/schemas/auth';

export const userRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    requireAdmin(c);
    return c.json({ users: await listUsers(c.var.deps.database.db) }, 200);
  })
  .post('/', async (c) => {
    requireAdmin(c);
    const body = await jsonBody(c, createUserSchema);
    const user = await c.var.deps.database.db.transaction((tx) => createUser(tx, body, actorOf(c)));
    return c.json({ ...user, user }, 201);
  })
  .put('/:id', async (c) => {
    const me = requireAdmin(c);
    const id = intParam(c, 'id');
    const body = await jsonBody(c, updateUserSchema);
    if (id === me.id && (body.disabled || (body.role && body.role !== 'admin'))) {
      throw unprocessable('You cannot disable yourself or remove your own admin role');
    }
    const user = await c.var.deps.database.db.transaction((tx) => updateUser(tx, id, body, actorOf(c)));
    return c.json({ user }, 200);
  });
