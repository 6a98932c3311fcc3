/**
 * Registrations: create (both create forms), edit contact/address/fees, cancel, reactivate. Each change
 * runs in the caller's transaction with the registration row locked (SELECT … FOR UPDATE), recomputes
 * the derived columns (registration-derived.ts) and writes the audit log with before and after.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attendees, registrations } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import { audit, type Actor } from '../operations/audit';
import { newRegistrationNumber } from './registration-number';
import { nextVersion, refreshDerived, type RegistrationRow } from './registration-derived';
import { registrationView } from './registration-view';
import { savePrograms } from './cultural-programs';
import { revokeRegistrationTokens } from '../registrants/registrant-tokens';
import { parseRegistrationRef, whereRef } from '../registrants/registrant-summary';
import { MAX_ATTENDEES, type RegistrationStatus } from '../../../shared/constants';
import type { EventConfig } from '../../../shared/event';
import { isLate, toCents } from '../../../shared/pricing';
import { normalizeSearch } from '../../../shared/search';
import type { RegistrationCreate, RegistrationUpdate } from '../../../shared/schemas/registration';

export interface ServiceContext {
  event: EventConfig;
  actor: Actor;
  /** creation time (tests and seeds back-date registrations); defaults to now */
  now?: Date;
}

export const TOO_MANY_ATTENDEES = `A registration can have at most ${MAX_ATTENDEES} attendees`;
export const DEFAULT_COUNTRY = 'USA';

/** The registration row, locked for the rest of the transaction; 404 'Registration not found' when absent. */
export async function lockRegistration(tx: DbOrTx, idOrNumber: string | number): Promise<RegistrationRow> {
  // the same reading of {id} as registrationByRef
  const ref = parseRegistrationRef(idOrNumber);
  if (!ref) throw notFound('Registration not found');
  const [row] = await tx.select().from(registrations).where(whereRef(ref)).limit(1).for('update');
  if (!row) throw notFound('Registration not found');
  return row;
}

/**
 * The group members apart from the primary contact. A member sent as 'self' under the contact's own name
 * is the contact listed again (an API client sending everyone): its age, gender and dietary needs go on
 * the contact's attendee, and it is not added (and charged) a second time.
 */
function splitPrimary(input: RegistrationCreate) {
  const contact = normalizeSearch(`${input.primary_first_name} ${input.primary_last_name}`);
  const isContact = (a: RegistrationCreate['attendees'][number]) =>
    a.relationship === 'self' && normalizeSearch(`${a.first_name} ${a.last_name}`) === contact;
  return { self: input.attendees.find(isContact), others: input.attendees.filter((a) => !isContact(a)) };
}

export async function createRegistration(tx: DbOrTx, input: RegistrationCreate, ctx: ServiceContext): Promise<RegistrationRow> {
  const { self, others } = splitPrimary(input);
  if (1 + others.length > MAX_ATTENDEES) throw unprocessable(TOO_MANY_ATTENDEES);
  const now = ctx.now ?? new Date();
  let created: RegistrationRow | undefined;
  // numbers are random (not sequential); a collision is retried with a new draw
  for (let attempt = 0; attempt < 8 && !created; attempt++) {
    [created] = await tx
      .insert(registrations)
      .values({
        registrationNumber: newRegistrationNumber(ctx.event.year),
        status: 'active',
        primaryEmail: input.primary_email,
        primaryPhone: input.primary_phone,
        primaryFirstName: input.primary_first_name,
        primaryLastName: input.primary_last_name,
        primaryAgeCategory: input.primary_age_category,
        addressLine1: input.address_line1,
        addressLine2: input.address_line2,
        city: input.city,
        state: input.state,
        zipCode: input.zip_code,
        country: input.country ?? DEFAULT_COUNTRY,
        specialRequests: input.special_requests,
        dietaryRestrictions: input.dietary_restrictions,
        emergencyContactName: input.emergency_contact_name,
        emergencyContactPhone: input.emergency_contact_phone,
        notes: input.notes,
        lateFeeApplied: isLate(now, ctx.event.lateFeeAfter, ctx.event.timeZone),
        createdBy: ctx.actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: registrations.registrationNumber })
      .returning();
  }
  if (!created) throw new Error('Could not allocate a unique registration number');

  const people = await tx
    .insert(attendees)
    .values([
      {
        registrationId: created.id,
        firstName: input.primary_first_name,
        lastName: input.primary_last_name,
        isPrimary: true,
        ageCategory: input.primary_age_category,
        relationship: 'self',
        age: self?.age,
        gender: self?.gender,
        dietaryRestrictions: self?.dietary_restrictions,
        createdAt: now,
        updatedAt: now,
      },
      ...others.map((a) => ({
        registrationId: created.id,
        firstName: a.first_name,
        lastName: a.last_name,
        ageCategory: a.age_category,
        relationship: a.relationship,
        relationshipOther: a.relationship === 'other' ? a.relationship_other : null,
        age: a.age,
        gender: a.gender,
        dietaryRestrictions: a.dietary_restrictions,
        createdAt: now,
        updatedAt: now,
      })),
    ])
    .returning({ id: attendees.id });
  // each member's cultural programs, in the order the rows were written (the contact first)
  const chosen = [self?.cultural_programs, ...others.map((a) => a.cultural_programs)];
  for (const [i, programs] of chosen.entries()) if (programs?.length) await savePrograms(tx, people[i].id, programs);
  const row = await refreshDerived(tx, created.id, ctx.event);
  await audit(tx, ctx.actor, 'registration.create', { type: 'registration', id: row.id }, null, await registrationView(tx, row));
  return row;
}

/** Contact, address, notes and fees; totals and payment status follow in the same transaction. */
export async function updateRegistration(
  tx: DbOrTx,
  idOrNumber: string | number,
  changes: RegistrationUpdate,
  ctx: ServiceContext,
): Promise<RegistrationRow> {
  const before = await lockRegistration(tx, idOrNumber);
  const beforeView = await registrationView(tx, before);
  const waive = changes.waive_fees ?? before.waiveFees;
  const emailChanged = changes.primary_email !== undefined && changes.primary_email.toLowerCase() !== before.primaryEmail.toLowerCase();
  await tx
    .update(registrations)
    .set({
      primaryEmail: changes.primary_email,
      primaryPhone: changes.primary_phone,
      primaryFirstName: changes.primary_first_name,
      primaryLastName: changes.primary_last_name,
      primaryAgeCategory: changes.primary_age_category,
      addressLine1: changes.address_line1,
      addressLine2: changes.address_line2,
      city: changes.city,
      state: changes.state,
      zipCode: changes.zip_code,
      country: changes.country === undefined ? undefined : (changes.country ?? DEFAULT_COUNTRY),
      specialRequests: changes.special_requests,
      dietaryRestrictions: changes.dietary_restrictions,
      emergencyContactName: changes.emergency_contact_name,
      emergencyContactPhone: changes.emergency_contact_phone,
      notes: changes.notes,
      waiveFees: changes.waive_fees,
      // waiving everything zeroes both discounts (docs/decisions.md "Registrations")
      discountPercentage: waive ? 0 : changes.discount_percentage,
      fixedDiscountCents: waive ? 0 : changes.fixed_discount_amount === undefined ? undefined : toCents(changes.fixed_discount_amount),
      removeLateFee: changes.remove_late_fee,
      // the flight links mailed to the old address died with it: the family has not been asked at this one
      flightInfoRequestedAt: emailChanged ? null : undefined,
      updatedAt: new Date(),
    })
    .where(eq(registrations.id, before.id));

  // the primary contact is attendee #1 and keeps the registration's primary name and category
  if (changes.primary_first_name || changes.primary_last_name || changes.primary_age_category) {
    await tx
      .update(attendees)
      .set({
        firstName: changes.primary_first_name,
        lastName: changes.primary_last_name,
        ageCategory: changes.primary_age_category,
        updatedAt: new Date(),
        version: nextVersion(),
      })
      .where(and(eq(attendees.registrationId, before.id), eq(attendees.isPrimary, true), isNull(attendees.removedAt)));
  }
  // a visitor's token proved the old address only
  if (emailChanged) await revokeRegistrationTokens(tx, before.id);
  const row = await refreshDerived(tx, before.id, ctx.event);
  await audit(tx, ctx.actor, 'registration.update', { type: 'registration', id: row.id }, beforeView, await registrationView(tx, row));
  return row;
}

/** Cancelling keeps everything: the reason, who and when (docs/product.md#rules). */
export async function cancelRegistration(tx: DbOrTx, idOrNumber: string | number, reason: string, ctx: ServiceContext) {
  const before = await lockRegistration(tx, idOrNumber);
  if (before.status === 'cancelled') throw conflict('This registration is already cancelled');
  const [row] = await tx
    .update(registrations)
    .set({
      status: 'cancelled',
      cancelReason: reason,
      cancelledAt: new Date(),
      cancelledBy: ctx.actor.userId,
      // the flight links sent so far die with the cancellation, and stay dead after a reactivation
      flightInfoRequestedAt: null,
      updatedAt: new Date(),
      version: nextVersion(),
    })
    .where(eq(registrations.id, before.id))
    .returning();
  await revokeRegistrationTokens(tx, before.id);
  await audit(
    tx,
    ctx.actor,
    'registration.cancel',
    { type: 'registration', id: row.id },
    { status: before.status },
    { status: row.status, cancel_reason: reason },
  );
  return row;
}

/**
 * Makes registration `idOrNumber` active, when its status is one of `from` (else 409 `refusal`), audited
 * as `action` with what the row was (`before`, beside its status).
 */
async function activate(
  tx: DbOrTx,
  idOrNumber: string | number,
  ctx: ServiceContext,
  rule: { from: readonly RegistrationStatus[]; refusal: string; action: string; before?: (r: RegistrationRow) => object },
) {
  const before = await lockRegistration(tx, idOrNumber);
  if (!rule.from.includes(before.status)) throw conflict(rule.refusal);
  const [row] = await tx
    .update(registrations)
    .set({ status: 'active', updatedAt: new Date(), version: nextVersion() })
    .where(eq(registrations.id, before.id))
    .returning();
  await audit(
    tx,
    ctx.actor,
    rule.action,
    { type: 'registration', id: row.id },
    { status: before.status, ...rule.before?.(before) },
    { status: row.status },
  );
  return row;
}

/** Back to active; the cancellation's reason, who and when stay on the row for the record. */
export async function reactivateRegistration(tx: DbOrTx, idOrNumber: string | number, ctx: ServiceContext) {
  const row = await activate(tx, idOrNumber, ctx, {
    from: ['cancelled'],
    refusal: 'Only a cancelled registration can be reactivated',
    action: 'registration.reactivate',
    before: (r) => ({ cancel_reason: r.cancelReason }),
  });
  // after the audit row: its payment status starts over from this reactivation (registration-derived.ts)
  return refreshDerived(tx, row.id, ctx.event);
}

/**
 * Confirms a pending or waitlisted registration: it becomes active (docs/product.md#rules Confirm). The
 * desk checks an unconfirmed family in only after asking an organiser; this is the organiser's answer.
 */
export const confirmRegistration = (tx: DbOrTx, idOrNumber: string | number, ctx: ServiceContext) =>
  activate(tx, idOrNumber, ctx, {
    from: ['pending', 'waitlist'],
    refusal: 'Only a pending or waitlisted registration can be confirmed',
    action: 'registration.confirm',
  });
