/**
 * Attendees of a registration (docs/product.md#rules Attendees, docs/product.md#messages Add attendee). The 9-attendee limit is a rule in a
 * transaction: the registration row is locked (SELECT … FOR UPDATE) before counting, so two concurrent
 * adds cannot both see 8 and make 10. Removal is soft (removed_at); totals follow every change.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attendees, registrations } from '../../db/schema';
import { notFound, unprocessable } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { audit } from '../operations/audit';
import { nextVersion, refreshDerived, type RegistrationRow } from './registration-derived';
import { lockRegistration, TOO_MANY_ATTENDEES, type ServiceContext } from './registrations';
import { serializeAttendee, type AttendeeRow } from './registration-view';
import { programsOf, savePrograms } from './cultural-programs';
import { MAX_ATTENDEES } from '../../../shared/constants';
import { groupMemberSchema, type AttendeeCreate, type AttendeeUpdate } from '../../../shared/schemas/attendee';

export const NOT_ACTIVE = 'Attendees can only be changed on an active registration';
export const PRIMARY_NOT_REMOVABLE = 'The primary contact cannot be removed';

async function lockActive(tx: DbOrTx, idOrNumber: string | number): Promise<RegistrationRow> {
  const reg = await lockRegistration(tx, idOrNumber);
  if (reg.status !== 'active') throw unprocessable(NOT_ACTIVE);
  return reg;
}

async function findAttendee(tx: DbOrTx, registrationId: number, attendeeId: number): Promise<AttendeeRow> {
  const [row] = await tx
    .select()
    .from(attendees)
    .where(and(eq(attendees.id, attendeeId), eq(attendees.registrationId, registrationId), isNull(attendees.removedAt)))
    .limit(1);
  if (!row) throw notFound('Attendee not found');
  return row;
}

export async function addAttendee(tx: DbOrTx, idOrNumber: string | number, input: AttendeeCreate, ctx: ServiceContext) {
  const reg = await lockActive(tx, idOrNumber);
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(attendees)
    .where(and(eq(attendees.registrationId, reg.id), isNull(attendees.removedAt)));
  if (Number(n) >= MAX_ATTENDEES) throw unprocessable(TOO_MANY_ATTENDEES);
  const [row] = await tx
    .insert(attendees)
    .values({
      registrationId: reg.id,
      firstName: input.first_name,
      lastName: input.last_name,
      ageCategory: input.age_category,
      relationship: input.relationship,
      relationshipOther: input.relationship === 'other' ? input.relationship_other : null,
      age: input.age,
      gender: input.gender,
      dietaryRestrictions: input.dietary_restrictions,
    })
    .returning();
  // a new attendee has no programs to replace: only a list sent is written
  const programs = input.cultural_programs?.length ? await savePrograms(tx, row.id, input.cultural_programs) : [];
  const registration = await refreshDerived(tx, reg.id, ctx.event);
  const attendee = serializeAttendee(row, programs);
  await audit(tx, ctx.actor, 'attendee.add', { type: 'attendee', id: row.id }, null, {
    ...attendee,
    registration_number: reg.registrationNumber,
  });
  return { attendee, registration };
}

export async function updateAttendee(
  tx: DbOrTx,
  idOrNumber: string | number,
  attendeeId: number,
  changes: AttendeeUpdate,
  ctx: ServiceContext,
) {
  const reg = await lockActive(tx, idOrNumber);
  const before = await findAttendee(tx, reg.id, attendeeId);
  if (before.isPrimary && changes.relationship !== undefined && changes.relationship !== 'self') {
    throw unprocessable("The primary contact's relationship is always self");
  }
  // the merged attendee must obey the same rules as a new one (e.g. 'other' needs relationship_other)
  const current = serializeAttendee(before, await programsOf(tx, before.id));
  // (group members from the manual form may have no relationship; that stays allowed)
  const merged = validate(groupMemberSchema, {
    first_name: current.first_name,
    last_name: current.last_name,
    relationship: current.relationship,
    relationship_other: current.relationship_other,
    age_category: current.age_category,
    age: current.age,
    gender: current.gender,
    dietary_restrictions: current.dietary_restrictions,
    cultural_programs: current.cultural_programs,
    ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)),
  });
  const [row] = await tx
    .update(attendees)
    .set({
      firstName: merged.first_name,
      lastName: merged.last_name,
      ageCategory: merged.age_category,
      relationship: merged.relationship,
      relationshipOther: merged.relationship === 'other' ? merged.relationship_other : null,
      age: merged.age,
      gender: merged.gender,
      dietaryRestrictions: merged.dietary_restrictions,
      updatedAt: new Date(),
      version: nextVersion(),
    })
    .where(eq(attendees.id, before.id))
    .returning();
  if (row.isPrimary) {
    await tx
      .update(registrations)
      .set({ primaryFirstName: row.firstName, primaryLastName: row.lastName, primaryAgeCategory: row.ageCategory })
      .where(eq(registrations.id, reg.id));
  }
  // sent: the list replaces the attendee's programs; left out: they stay
  const programs =
    changes.cultural_programs !== undefined
      ? await savePrograms(tx, row.id, changes.cultural_programs)
      : current.cultural_programs.map((p) => ({ id: p.id, programType: p.program_type }));
  const registration = await refreshDerived(tx, reg.id, ctx.event);
  const attendee = serializeAttendee(row, programs);
  await audit(tx, ctx.actor, 'attendee.update', { type: 'attendee', id: row.id }, current, attendee);
  return { attendee, registration };
}

export async function removeAttendee(tx: DbOrTx, idOrNumber: string | number, attendeeId: number, ctx: ServiceContext) {
  const reg = await lockActive(tx, idOrNumber);
  const before = await findAttendee(tx, reg.id, attendeeId);
  if (before.isPrimary) throw unprocessable(PRIMARY_NOT_REMOVABLE);
  await tx
    .update(attendees)
    .set({ removedAt: new Date(), updatedAt: new Date(), version: nextVersion() })
    .where(eq(attendees.id, before.id));
  const registration = await refreshDerived(tx, reg.id, ctx.event);
  await audit(tx, ctx.actor, 'attendee.remove', { type: 'attendee', id: before.id }, serializeAttendee(before), null);
  return { registration };
}
