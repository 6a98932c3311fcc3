/** Staff accounts (admins and greeters): create, list, update, and the public shape the API returns. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { Actor } from '../operations/audit';
import { audit } from '../operations/audit';
import { endUserStreams, revokeUserSessions } from './sessions';
import type { Role } from '../../../shared/constants';
import type { User } from '../../../shared/schemas/auth';
import { paginationOf } from '../../lib/pagination';

type UserRow = typeof users.$inferSelect;

export const publicUser = (u: UserRow): User => ({
  id: u.id,
  email: u.email,
  first_name: u.firstName,
  last_name: u.lastName,
  role: u.role,
  disabled: u.disabled,
  created_at: u.createdAt.toISOString(),
});

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

const byName = [asc(users.lastName), asc(users.firstName), asc(users.id)];

/** Every staff account by name (the operators' CLI). */
export async function listUsers(db: DbOrTx): Promise<User[]> {
  return (
    await db
      .select()
      .from(users)
      .orderBy(...byName)
  ).map(publicUser);
}

/** One page of the staff accounts by name, with its `pagination` (GET /api/users). */
export async function listUsersPage(db: DbOrTx, page: { page: number; limit: number }) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(users)
      .orderBy(...byName)
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(users),
  ]);
  return {
    users: rows.map(publicUser),
    pagination: paginationOf(page, total),
  };
}

export interface NewUser {
  email: string;
  password: string;
  role: Role;
  first_name: string;
  last_name: string;
}

const EMAIL_TAKEN = 'A user with this email already exists';
/** Said under the email box too, so the form marks the box to change (in other words than the banner's). */
const EMAIL_TAKEN_FIELD = 'This email already belongs to a user';
const EMAIL_DISABLED = 'This email belongs to a disabled user: enable them instead';
const EMAIL_DISABLED_FIELD = 'A disabled user has this email';

export async function createUser(db: DbOrTx, input: NewUser, actor: Actor): Promise<User> {
  const existing = await findUserByEmail(db, input.email);
  // a disabled account is the person's own way back: enabling it keeps their history
  if (existing?.disabled) throw conflict(EMAIL_DISABLED, { email: EMAIL_DISABLED_FIELD });
  if (existing) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN_FIELD });
  const [row] = await db
    .insert(users)
    .values({
      email: input.email.toLowerCase(),
      passwordHash: await hashPassword(input.password),
      role: input.role,
      firstName: input.first_name,
      lastName: input.last_name,
    })
    // the same email created meanwhile by another request (the check above ran before it committed)
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN_FIELD });
  const user = publicUser(row);
  await audit(db, actor, 'user.create', { type: 'user', id: row.id }, null, user);
  return user;
}

export interface UserChanges {
  role?: Role;
  disabled?: boolean;
  password?: string;
  first_name?: string;
  last_name?: string;
}

/**
 * A change of role or of disabled made by a signed-in admin is made with the enabled admins' rows locked
 * and read again: two admins demoting or disabling each other at the same moment are then taken one
 * after the other, and the second finds that its own admin role is gone (403). The operators' CLI (no
 * signed-in user) is not held back: it is how a sole admin's account is locked out in an emergency.
 */
async function guardAdmins(db: DbOrTx, changes: UserChanges, actor: Actor): Promise<void> {
  if (actor.userId === null || (changes.role === undefined && changes.disabled === undefined)) return;
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.disabled, false)))
    .orderBy(asc(users.id))
    // the key is not changed: rows pointing at a user (sessions, audit entries) need not wait
    .for('no key update');
  if (!admins.some((a) => a.id === actor.userId)) throw forbidden();
}

/** Applies changes; disabling or a new password revokes the user's sessions at once, a new role ends their push streams. */
export async function updateUser(db: DbOrTx, id: number, changes: UserChanges, actor: Actor): Promise<User> {
  await guardAdmins(db, changes, actor);
  const [before] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!before) throw notFound('User not found');
  const [row] = await db
    .update(users)
    .set({
      role: changes.role,
      disabled: changes.disabled,
      firstName: changes.first_name,
      lastName: changes.last_name,
      passwordHash: changes.password ? await hashPassword(changes.password) : undefined,
      updatedAt: new Date(),
    })
    .where(eq(users.id, id))
    .returning();
  if (changes.disabled || changes.password) await revokeUserSessions(db, id);
  else if (row.role !== before.role) await endUserStreams(db, id);
  const after = publicUser(row);
  await audit(db, actor, changes.password ? 'user.update+password' : 'user.update', { type: 'user', id }, publicUser(before), after);
  return after;
}

export async function countAdmins(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`${users.role} = 'admin' and not ${users.disabled}`);
  return row.n;
}
