/**
 * Finding a visitor's registration and the summary a verified visitor sees (docs/product.md#api, `…/verify-code`):
 * number, contact name and email, attendees' names and categories. No
 * payments, address or phone: those stay behind GET /registrations/{id}.
 */
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { attendees, registrations } from '../../db/schema';
import type { VerifiedRegistration } from '../../../shared/schemas/verification';

export type RegistrationRow = typeof registrations.$inferSelect;

/**
 * The registration a visitor's email opens: the newest one that is not cancelled. One family may have
 * registered twice (e.g. an admin re-created it); the newest is the one they are acting on.
 */
export async function registrationForEmail(db: DbOrTx, email: string, ref?: string): Promise<RegistrationRow | null> {
  // `ref`: that one of the email's registrations (its number, or its id), the one a mail's link names
  const parsed = ref === undefined ? undefined : parseRegistrationRef(ref);
  if (parsed === null) return null;
  const wanted = parsed && whereRef(parsed);
  const [row] = await db
    .select()
    .from(registrations)
    .where(and(sql`lower(${registrations.primaryEmail}) = ${email.trim().toLowerCase()}`, ne(registrations.status, 'cancelled'), wanted))
    .orderBy(desc(registrations.createdAt), desc(registrations.id))
    .limit(1);
  return row ?? null;
}

/** The other live registrations with this one's email, newest first (two families registered with one address). */
export function otherRegistrationsOfEmail(db: DbOrTx, reg: Pick<RegistrationRow, 'id' | 'primaryEmail'>) {
  return db
    .select({ id: registrations.id })
    .from(registrations)
    .where(
      and(
        sql`lower(${registrations.primaryEmail}) = ${reg.primaryEmail.trim().toLowerCase()}`,
        ne(registrations.status, 'cancelled'),
        ne(registrations.id, reg.id),
      ),
    )
    .orderBy(desc(registrations.createdAt), desc(registrations.id));
}

/** Whether another live registration has this one's email (a code then opens the newest of them, unless a link names one). */
export async function sharesEmail(db: DbOrTx, reg: Pick<RegistrationRow, 'id' | 'primaryEmail'>): Promise<boolean> {
  const [other] = await otherRegistrationsOfEmail(db, reg).limit(1);
  return other !== undefined;
}

// every registration detail starts here: prepared statements (server/db/prepared.ts)
const registrationById = preparedPer((db) =>
  db
    .select()
    .from(registrations)
    .where(eq(registrations.id, sql.placeholder('id')))
    .limit(1)
    .prepare('registration_by_id'),
);
const registrationByNumber = preparedPer((db) =>
  db
    .select()
    .from(registrations)
    .where(eq(registrations.registrationNumber, sql.placeholder('number')))
    .limit(1)
    .prepare('registration_by_number'),
);

/**
 * What `{id}` in a path names (the spec uses both): a numeric id, or a registration number as stored
 * (upper-case: registration-number.ts, so comparing the column itself uses its unique index); null for a
 * reference no registration can have.
 */
export function parseRegistrationRef(ref: string | number): { id: number } | { number: string } | null {
  const text = String(ref).trim();
  // no registration number holds U+0000, and PostgreSQL text cannot: not found rather than a database error
  if (text.includes('\u0000')) return null;
  return /^\d{1,9}$/.test(text) ? { id: Number(text) } : { number: text.toUpperCase() };
}

/** The condition on `registrations` for what parseRegistrationRef read. */
export const whereRef = (ref: { id: number } | { number: string }) =>
  'id' in ref ? eq(registrations.id, ref.id) : eq(registrations.registrationNumber, ref.number);

/** The first row `byId` or `byNumber` (statements taking `id` or `number`) finds for what `ref` names, or null. */
export async function firstByRef<R>(
  ref: string | number,
  byId: (p: { id: number }) => Promise<R[]>,
  byNumber: (p: { number: string }) => Promise<R[]>,
): Promise<R | null> {
  const parsed = parseRegistrationRef(ref);
  if (!parsed) return null;
  const [row] = 'id' in parsed ? await byId(parsed) : await byNumber(parsed);
  return row ?? null;
}

/** A registration by numeric id or by registration number. */
export const registrationByRef = (db: DbOrTx, ref: string | number): Promise<RegistrationRow | null> =>
  firstByRef(
    ref,
    (p) => registrationById(db).execute(p),
    (p) => registrationByNumber(db).execute(p),
  );

export async function registrationSummary(db: DbOrTx, reg: RegistrationRow): Promise<VerifiedRegistration> {
  const people = await db
    .select({ firstName: attendees.firstName, lastName: attendees.lastName, ageCategory: attendees.ageCategory })
    .from(attendees)
    .where(and(eq(attendees.registrationId, reg.id), isNull(attendees.removedAt)))
    .orderBy(desc(attendees.isPrimary), asc(attendees.id));
  return {
    id: reg.id,
    registration_number: reg.registrationNumber,
    registrationNumber: reg.registrationNumber,
    primary_first_name: reg.primaryFirstName,
    primary_last_name: reg.primaryLastName,
    primaryName: `${reg.primaryFirstName} ${reg.primaryLastName}`,
    email: reg.primaryEmail,
    status: reg.status,
    needsTransportation: reg.needsTransportation,
    attendees: people,
  };
}
