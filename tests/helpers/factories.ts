/**
 * makeRegistration(db, overrides): a registration made through the real create service (number, primary
 * attendee #1, amounts from shared/pricing.ts, search text), then shaped by the overrides: status, contact,
 * attendees, fees, payments, flights, hotel, creation time. Every call is unique unless told otherwise;
 * no test depends on another's ids. Factory changes are not audited except the creation itself.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { flights, payments, registrations } from '../../server/db/schema';
import { SYSTEM_ACTOR } from '../../server/services/operations/audit';
import { refreshDerived } from '../../server/services/registrations/registration-derived';
import { createRegistration } from '../../server/services/registrations/registrations';
import { activeAttendees } from '../../server/services/registrations/registration-view';
import type { AgeCategory, Relationship, RegistrationStatus } from '../../shared/constants';
import { DEFAULT_EVENT, type EventConfig } from '../../shared/event';
import { toCents } from '../../shared/pricing';

type FlightInsert = typeof flights.$inferInsert;
type RegistrationInsert = typeof registrations.$inferInsert;

export interface AttendeeSpec {
  firstName: string;
  lastName: string;
  ageCategory?: AgeCategory;
  relationship?: Relationship | null;
  relationshipOther?: string | null;
  age?: number | null;
  gender?: 'male' | 'female' | 'other' | 'prefer_not_to_say' | null;
  dietaryRestrictions?: string | null;
}

export interface RegistrationOverrides {
  status?: RegistrationStatus;
  email?: string;
  phone?: string;
  firstName?: string;
  lastName?: string;
  ageCategory?: AgeCategory;
  /** further attendees besides the primary contact (at most 8) */
  attendees?: AttendeeSpec[];
  addressLine1?: string | null;
  addressLine2?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
  country?: string | null;
  dietaryRestrictions?: string | null;
  specialRequests?: string | null;
  emergencyContactName?: string | null;
  emergencyContactPhone?: string | null;
  notes?: string | null;
  fees?: { waiveFees?: boolean; discountPercentage?: number; fixedDiscount?: number; removeLateFee?: boolean };
  /** payments in dollars, recorded as ledger rows (negative for a refund) */
  payments?: number[];
  /** flights of the registration (defaults: arrival UA100 on 2025-11-27 at 14:30, one adult) */
  flights?: Partial<FlightInsert>[];
  /** hotel_* and any other column, written as is */
  columns?: Partial<RegistrationInsert>;
  /** creation time: decides the late fee (after event.lateFeeAfter) and the "newest" order */
  createdAt?: Date;
  cancelReason?: string;
  event?: EventConfig;
}

let seq = 0;
const uniq = () => `${Date.now().toString(36)}${(seq += 1)}`;

export async function makeRegistration(db: Db, o: RegistrationOverrides = {}) {
  const n = uniq();
  const event = o.event ?? DEFAULT_EVENT;
  const created = await db.transaction((tx) =>
    createRegistration(
      tx,
      {
        primary_email: (o.email ?? `family-${n}@test.example`).toLowerCase(),
        primary_phone: o.phone ?? '+1 555 0100',
        primary_first_name: o.firstName ?? 'Ana',
        primary_last_name: o.lastName ?? `Family${n}`,
        primary_age_category: o.ageCategory ?? 'adult',
        address_line1: o.addressLine1 ?? null,
        address_line2: o.addressLine2 ?? null,
        city: o.city ?? null,
        state: o.state ?? null,
        zip_code: o.zipCode ?? null,
        country: o.country ?? null,
        special_requests: o.specialRequests ?? null,
        dietary_restrictions: o.dietaryRestrictions ?? null,
        emergency_contact_name: o.emergencyContactName ?? null,
        emergency_contact_phone: o.emergencyContactPhone ?? null,
        notes: o.notes ?? null,
        attendees: (o.attendees ?? []).map((a) => ({
          first_name: a.firstName,
          last_name: a.lastName,
          age_category: a.ageCategory ?? 'adult',
          relationship: a.relationship ?? null,
          relationship_other: a.relationshipOther ?? null,
          age: a.age ?? null,
          gender: a.gender ?? null,
          dietary_restrictions: a.dietaryRestrictions ?? null,
        })),
      },
      { event, actor: SYSTEM_ACTOR, now: o.createdAt },
    ),
  );
  const id = created.id;

  const f = o.fees ?? {};
  const columns: Partial<RegistrationInsert> = {
    ...(f.waiveFees !== undefined && { waiveFees: f.waiveFees }),
    ...(f.discountPercentage !== undefined && { discountPercentage: f.discountPercentage }),
    ...(f.fixedDiscount !== undefined && { fixedDiscountCents: toCents(f.fixedDiscount) }),
    ...(f.removeLateFee !== undefined && { removeLateFee: f.removeLateFee }),
    ...(o.status && { status: o.status }),
    ...(o.status === 'cancelled' && { cancelReason: o.cancelReason ?? 'Plans changed', cancelledAt: new Date() }),
    ...o.columns,
  };
  if (Object.keys(columns).length) await db.update(registrations).set(columns).where(eq(registrations.id, id));

  for (const dollars of o.payments ?? []) {
    const cents = toCents(dollars);
    await db.insert(payments).values({ registrationId: id, amountCents: cents, method: 'cash', note: 'factory' });
    const [r] = await db.select().from(registrations).where(eq(registrations.id, id));
    await db
      .update(registrations)
      .set({ paidAmountCents: r.paidAmountCents + cents })
      .where(eq(registrations.id, id));
  }

  const flightRows = o.flights?.length
    ? await db
        .insert(flights)
        .values(
          o.flights.map((fl, i) => ({
            registrationId: id,
            flightType: 'arrival' as const,
            airline: 'United Airlines',
            flightNumber: `UA${100 + i}`,
            flightDate: '2025-11-27',
            flightTime: '14:30',
            airport: 'IAH',
            airportName: 'George Bush Intercontinental',
            adultsCount: 1,
            ...fl,
          })),
        )
        .returning()
    : [];

  const row = await refreshDerived(db, id, event);
  return { ...row, attendees: await activeAttendees(db, id), flights: flightRows };
}

export type MadeRegistration = Awaited<ReturnType<typeof makeRegistration>>;
