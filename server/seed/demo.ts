/**
 * Demo data: a realistic reunion, generated deterministically from a seeded PRNG so every machine gets
 * the same families, flights and payments (registration numbers still come from the real generator).
 * `normal` ≈ 150 registrations / 420 attendees; `large` = 2,000 registrations / ≈6,100 attendees /
 * ≈4,600 flights for benchmarks. Dates follow the configured event (flight window, late-fee date, time
 * zone); money follows shared/pricing.ts exactly as the services do. Everything is inserted with
 * multi-row inserts inside one transaction: all of it or nothing.
 */
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import { attendees, culturalPrograms, flights, hotelAssignments, payments, registrations } from '../db/schema';
import { rowsOf } from '../db/rows';
import { SYSTEM_ACTOR } from '../services/operations/audit';
import { hotelFieldsOf } from '../services/hotel/hotel-assignments';
import { newRegistrationNumber } from '../services/registrations/registration-number';
import { buildSearchText } from '../services/registrations/search-text';
import { createUser, findUserByEmail } from '../services/staff/users';
import { baseAmountCents, computeAmounts, derivePaymentStatus, isLate } from '../../shared/pricing';
import { addDays, daysBetween } from '../../shared/calendar-days';
import type { AgeCategory, RegistrationStatus, Relationship, Role } from '../../shared/constants';
import type { EventConfig } from '../../shared/event';
import { zonedInstant } from '../../shared/time-zone';
import { OTHER_AIRPORT } from '../../shared/airports';
import { Rng } from './random';
import * as P from './demo-pools';

export interface DemoResult {
  admin: { email: string; password: string };
  greeter: { email: string; password: string };
  checkin: { email: string; password: string };
  registrations: number;
  attendees: number;
  flights: number;
  payments: number;
  hotelAssignments: number;
  unmatchedHotelAssignments: number;
  /** demo accounts that already existed (their passwords were left as they were) */
  existingUsers: string[];
}

export const DEMO_ADMIN = { email: 'admin@reunion.local', password: 'reunion-admin', first_name: 'Demo', last_name: 'Admin' };
export const DEMO_GREETER = { email: 'greeter@reunion.local', password: 'reunion-greeter', first_name: 'Demo', last_name: 'Greeter' };
export const DEMO_CHECKIN = { email: 'checkin@reunion.local', password: 'reunion-checkin', first_name: 'Demo', last_name: 'Desk' };

const PROFILES = {
  normal: {
    registrations: 150,
    seed: 20251127,
    drivesFactor: 1,
    split: 0.2,
    sizes: [
      [1, 18],
      [2, 32],
      [3, 20],
      [4, 18],
      [5, 8],
      [6, 3],
      [7, 1],
    ],
  },
  large: {
    registrations: 2000,
    seed: 20252000,
    drivesFactor: 0.3,
    split: 0.58,
    sizes: [
      [1, 14],
      [2, 30],
      [3, 20],
      [4, 20],
      [5, 10],
      [6, 4],
      [7, 1],
      [8, 0.5],
      [9, 0.5],
    ],
  },
} as const;

const BATCH = 500;
const DAY = 24 * 60 * 60 * 1000;

type NewRegistration = typeof registrations.$inferInsert;
type NewAttendee = typeof attendees.$inferInsert;
type NewFlight = typeof flights.$inferInsert;
type NewHotel = typeof hotelAssignments.$inferInsert;
type NewPayment = typeof payments.$inferInsert;

interface Person {
  firstName: string;
  lastName: string;
  gender: 'male' | 'female' | 'prefer_not_to_say';
  age: number;
  ageCategory: AgeCategory;
  relationship: Relationship;
  relationshipOther: string | null;
  diet: string | null;
  programs: string[];
}

interface Planned {
  reg: Omit<NewRegistration, 'registrationNumber' | 'searchText'>;
  people: Person[];
  payments: Omit<NewPayment, 'registrationId'>[];
  flights: Omit<NewFlight, 'registrationId'>[];
  hotel: Omit<NewHotel, 'registrationId'> | null;
  /** keep the booking in the unmatched list (its guest name matches loosely) */
  hotelUnmatched: boolean;
}

// ---------- dates ----------

const clampDate = (d: string, min: string, max: string) => (d < min ? min : d > max ? max : d);

/** The instant a wall-clock date and time in `timeZone` denotes (flight times are local to the event). */
const zonedDate = (date: string, time: string, timeZone: string) => new Date(zonedInstant(date, time, timeZone)!);

const latest = (...dates: (Date | null | undefined)[]) =>
  new Date(Math.max(...dates.filter((d): d is Date => !!d).map((d) => d.getTime())));

const between = (rng: Rng, from: Date, to: Date) =>
  new Date(from.getTime() + Math.floor(rng.next() * Math.max(0, to.getTime() - from.getTime())));

// ---------- people ----------

const ascii = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
const categoryOf = (age: number): AgeCategory => (age <= 12 ? 'child' : age <= 18 ? 'youth' : 'adult');

function firstName(rng: Rng, gender: Person['gender']): string {
  return rng.pick(gender === 'male' ? P.MALE_NAMES : P.FEMALE_NAMES);
}

function person(rng: Rng, age: number, lastName: string, relationship: Relationship, relationshipOther: string | null = null): Person {
  const gender = rng.chance(0.02) ? 'prefer_not_to_say' : rng.chance(0.5) ? 'male' : 'female';
  return {
    firstName: firstName(rng, gender === 'prefer_not_to_say' ? (rng.chance(0.5) ? 'male' : 'female') : gender),
    lastName,
    gender,
    age,
    ageCategory: categoryOf(age),
    relationship,
    relationshipOther,
    diet: rng.chance(0.12) ? rng.weighted(P.DIETS) : null,
    programs: rng.chance(0.2) ? [...new Set([rng.pick(P.CULTURAL_PROGRAMS), rng.pick(P.CULTURAL_PROGRAMS)])] : [],
  };
}

/** A family: the contact (attendee #1, an adult) and up to eight relatives of believable ages. */
function party(rng: Rng, size: number): Person[] {
  const last = rng.pick(P.LAST_NAMES);
  // mostly parents of school-age children; some grandparents bringing grandchildren
  const primaryAge = rng.weighted([
    [rng.int(26, 39), 35],
    [rng.int(40, 54), 40],
    [rng.int(55, 76), 25],
  ] as const);
  const primary = person(rng, primaryAge, last, 'self');
  const people = [primary];
  if (size >= 2 && rng.chance(0.75)) {
    const spouseLast = rng.chance(0.8) ? last : rng.pick(P.LAST_NAMES);
    people.push(person(rng, Math.max(19, primary.age + rng.int(-6, 6)), spouseLast, 'spouse'));
  }
  while (people.length < size) {
    const kind = rng.weighted(
      primary.age >= 55
        ? ([
            ['child', 40],
            ['sibling', 10],
            ['other', 50],
          ] as const)
        : ([
            ['child', 70],
            ['parent', 8],
            ['sibling', 10],
            ['other', 12],
          ] as const),
    );
    if (kind === 'child') {
      // a young contact's children are young, not all newborns (one draw either way: the rest of the seed stays as it was)
      const drawn = rng.int(24, 40);
      const age = primary.age >= drawn ? primary.age - drawn : 1 + (drawn % Math.max(1, primary.age - 18));
      people.push(person(rng, age, rng.chance(0.9) ? last : rng.pick(P.LAST_NAMES), 'child'));
    } else if (kind === 'parent' && primary.age < 62) {
      people.push(person(rng, Math.min(98, primary.age + rng.int(22, 32)), last, 'parent'));
    } else if (kind === 'sibling') {
      people.push(person(rng, Math.max(19, primary.age + rng.int(-9, 9)), rng.chance(0.7) ? last : rng.pick(P.LAST_NAMES), 'sibling'));
    } else if (primary.age >= 55) {
      people.push(person(rng, rng.int(2, 17), rng.pick(P.LAST_NAMES), 'other', 'Grandchild'));
    } else {
      const [what, age] = rng.pick([
        ['Cousin', rng.int(8, 60)],
        ['Niece', rng.int(3, 25)],
        ['Nephew', rng.int(3, 25)],
        ['Family friend', rng.int(20, 70)],
      ] as const);
      people.push(person(rng, age, rng.pick(P.LAST_NAMES), 'other', what));
    }
  }
  return people;
}

function uniqueEmail(rng: Rng, first: string, last: string, used: Set<string>): string {
  const f = ascii(first)
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  const l = ascii(last)
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  const domain = rng.weighted([
    ['example.com', 6],
    ['example.org', 2],
    ['example.net', 2],
  ] as const);
  const local = rng.weighted([
    [`${f}.${l}`, 5],
    [`${f[0]}${l}`, 3],
    [`${f}${l}${rng.int(1, 99)}`, 2],
    [`${l}.family`, 1],
  ] as const);
  let email = `${local}@${domain}`;
  for (let n = 2; used.has(email); n++) email = `${local}${n}@${domain}`;
  used.add(email);
  return email;
}

function phone(rng: Rng, town: P.HomeTown): string {
  const area = rng.pick(town.areaCodes);
  const tail = String(rng.int(0, 99)).padStart(2, '0');
  switch (town.country) {
    case 'USA':
    case 'Canada':
      return `(${area}) 555-01${tail}`;
    case 'United Kingdom':
      return `+44 ${area} 7946 0${rng.int(100, 999)}`;
    case 'Germany':
      return `+49 ${area} 5550 ${rng.int(1000, 9999)}`;
    case 'Nigeria':
      return `+234 ${area} 555 ${rng.int(1000, 9999)}`;
    case 'India':
      return `+91 ${area} 5550 ${rng.int(1000, 9999)}`;
    default:
      return `+52 ${area} 5550 ${rng.int(1000, 9999)}`;
  }
}

function postalCode(rng: Rng, town: P.HomeTown): string {
  if (town.country === 'USA') return `${town.zip}${String(rng.int(1, 99)).padStart(2, '0')}`;
  if (town.country === 'Canada') return `${town.zip} ${rng.int(1, 9)}${rng.pick(['A', 'B', 'C', 'E', 'G', 'H', 'J', 'K'])}${rng.int(1, 9)}`;
  return `${town.zip}${rng.int(10, 99)}`;
}

// ---------- flights ----------

/**
 * The airport of a demo flight, without drawing from the random sequence (the demo stays the same):
 * Southwest flies from Hobby, the rest from the first airport; a flight number ending in 9 uses a small
 * airport typed as Other, and one ending in 0 was stored before airports were asked (none).
 */
function demoAirport(airline: string, number: string, airports: EventConfig['airports']) {
  const last = number.at(-1);
  if (last === '0') return { airport: null, airportName: null };
  if (last === '9') return { airport: OTHER_AIRPORT, airportName: 'Conroe-North Houston Regional' };
  const a = (airline.startsWith('Southwest') && airports[1]) || airports[0];
  return { airport: a.code, airportName: a.name };
}

/**
 * A timetable built on demand: each airline flies a few numbered flights a day, always at the same time,
 * so families from one city often share a flight (the board's "Unique Flights" is smaller than its rows).
 */
class Timetable {
  private byDay = new Map<string, string[]>();
  private timeOf = new Map<string, string>();

  constructor(private rng: Rng) {}

  flight(type: 'arrival' | 'departure', airline: string, date: string): { number: string; time: string } {
    const key = `${type}|${airline}|${date}`;
    const known = this.byDay.get(key) ?? [];
    const { code, numbers } = P.AIRLINE_CODES[airline];
    let number: string;
    if (known.length && (known.length >= 6 || this.rng.chance(0.7))) number = this.rng.pick(known);
    else {
      number = `${code}${this.rng.int(numbers[0], numbers[1])}`;
      known.push(number);
      this.byDay.set(key, known);
    }
    const timeKey = `${type}|${number}`;
    let time = this.timeOf.get(timeKey);
    if (!time) {
      const hour = type === 'arrival' ? this.rng.int(6, 23) : this.rng.int(6, 21);
      time = `${String(hour).padStart(2, '0')}:${String(this.rng.int(0, 11) * 5).padStart(2, '0')}:00`;
      this.timeOf.set(timeKey, time);
    }
    return { number, time };
  }
}

// ---------- the event ----------

export interface DemoStaff {
  adminId: number;
  greeterId: number;
  greeterName: string;
}

/** What every part of the plan shares: the event, the random source, the dates, what is already taken. */
interface PlanContext {
  event: EventConfig;
  profile: (typeof PROFILES)[keyof typeof PROFILES];
  admins: DemoStaff;
  rng: Rng;
  timetable: Timetable;
  emails: Set<string>;
  dates: { yearStart: Date; lateFrom: Date; closes: Date; beforeEvent: Date; rosterImported: Date };
  newRoom: () => string | null;
  newConfirmation: () => string;
}

function planContext(
  event: EventConfig,
  size: keyof typeof PROFILES,
  admins: DemoStaff,
  previous: { registrations: number; emails: Iterable<string>; confirmations: Iterable<string> },
): PlanContext {
  const profile = PROFILES[size];
  const rng = new Rng(profile.seed + previous.registrations);
  const timetable = new Timetable(rng);
  const emails = new Set<string>([...previous.emails].map((e) => e.toLowerCase()));
  const rooms = new Set<string>();
  const confirmations = new Set<string>(previous.confirmations);
  const S = event.startDate;

  const yearStart = new Date(`${event.year}-01-05T15:00:00Z`);
  const lateFrom = new Date(`${addDays(event.lateFeeAfter, 1)}T00:00:00Z`);
  const closes = new Date(`${addDays(S, -27)}T23:00:00Z`);
  const beforeEvent = new Date(`${addDays(S, -3)}T23:00:00Z`);
  const rosterImported = new Date(`${addDays(S, -30)}T16:00:00Z`);

  /** building, floor, room: '2314'. Rooms not yet assigned (null) once the resort is nearly full. */
  const newRoom = (): string | null => {
    for (let tries = 0; tries < 200; tries++) {
      const room = `${rng.int(1, 5)}${rng.int(1, 9)}${String(rng.int(1, 50)).padStart(2, '0')}`;
      if (!rooms.has(room)) return (rooms.add(room), room);
    }
    return null;
  };
  const newConfirmation = () => {
    for (;;) {
      const c = String(rng.int(10_000_000, 99_999_999));
      if (!confirmations.has(c)) return (confirmations.add(c), c);
    }
  };
  return {
    event,
    profile,
    admins,
    rng,
    timetable,
    emails,
    dates: { yearStart, lateFrom, closes, beforeEvent, rosterImported },
    newRoom,
    newConfirmation,
  };
}

/** The money of one registration (shared/pricing, as the services compute it) and the payments that paid it. */
function planMoney(c: PlanContext, status: RegistrationStatus, createdAt: Date, people: Person[]) {
  const { rng, event, admins } = c;
  const { beforeEvent } = c.dates;
  const waiveFees = status !== 'cancelled' && rng.chance(0.03);
  const discountPercentage = !waiveFees && rng.chance(0.08) ? rng.pick([10, 12.5, 15, 20, 25, 50]) : 0;
  const fixedDiscountCents = !waiveFees && rng.chance(0.06) ? rng.pick([2500, 5000, 7500, 10000]) : 0;
  const lateFeeApplied = isLate(createdAt, event.lateFeeAfter, event.timeZone);
  const removeLateFee = lateFeeApplied && rng.chance(0.1);
  const base = baseAmountCents(
    people.map((p) => p.ageCategory),
    event.prices,
  );
  const fees = { waiveFees, discountPercentage, fixedDiscountCents, lateFeeApplied, removeLateFee };
  const amounts = computeAmounts(base, fees, event.lateFeeCents);
  const total = amounts.totalCents;

  const pays: Planned['payments'] = [];
  const pay = (amountCents: number, note: string | null, after: Date) => {
    const at = between(rng, after, beforeEvent);
    pays.push({
      amountCents,
      method: rng.weighted([
        ['card', 45],
        ['zelle', 25],
        ['check', 20],
        ['cash', 10],
      ] as const),
      note,
      createdBy: admins.adminId,
      createdAt: at,
    });
    return at;
  };
  let refunded = false;
  if (total > 0) {
    const outcome =
      status === 'active'
        ? rng.weighted([
            ['full', 62],
            ['installments', 10],
            ['partial', 16],
            ['none', 10],
            ['overpaid', 2],
          ] as const)
        : status === 'pending'
          ? rng.weighted([
              ['none', 70],
              ['partial', 30],
            ] as const)
          : status === 'cancelled'
            ? rng.weighted([
                ['refunded', 50],
                ['full', 25],
                ['none', 25],
              ] as const)
            : 'none';
    // a deposit in round $50s, always less than the total
    const deposit = () => Math.min(total - 2500, Math.max(5000, Math.round((total * rng.pick([0.3, 0.4, 0.5])) / 5000) * 5000));
    const small = total <= 10000; // too little to pay in parts
    if (outcome === 'full' || (small && (outcome === 'installments' || outcome === 'partial'))) pay(total, null, createdAt);
    if (outcome === 'installments' && !small) {
      const first = deposit();
      const at = pay(first, 'Deposit', createdAt);
      pay(total - first, 'Balance', at);
    }
    if (outcome === 'partial' && !small) pay(deposit(), 'Deposit', createdAt);
    if (outcome === 'overpaid') {
      // paid the full price before a discount was granted: the fee screen shows a refund due
      const undiscounted = computeAmounts(base, { ...fees, discountPercentage: 0, fixedDiscountCents: 0 }, event.lateFeeCents).totalCents;
      pay(Math.max(undiscounted, total), 'Paid before the discount was agreed', createdAt);
    }
    if (outcome === 'refunded') {
      const at = pay(total, null, createdAt);
      pays.push({
        ...pays[pays.length - 1],
        amountCents: -total,
        note: 'Refund on cancellation',
        createdAt: between(rng, at, beforeEvent),
      });
      refunded = true;
    }
  }
  const paid = pays.reduce((s, p) => s + p.amountCents, 0);
  return { fees, amounts, total, pays, paid, refunded };
}

/** How one party travels: whether they fly, and their arrival and departure flights. */
function planTravel(c: PlanContext, status: RegistrationStatus, town: P.HomeTown, people: Person[], createdAt: Date) {
  const { rng, event, profile, timetable, admins } = c;
  const { startDate: S, endDate: E, flightWindow: W, timeZone: tz } = event;
  const attends = status === 'active' || status === 'pending';
  const drives = rng.chance(town.drives * profile.drivesFactor);
  const submittedFlights = attends && !drives && rng.chance(0.93);
  const needsTransportation = attends && !drives && rng.chance(0.88);
  const legs: Planned['flights'] = [];
  if (submittedFlights) {
    const groups =
      people.length >= 2 && rng.chance(profile.split)
        ? (() => {
            const cut = rng.int(1, people.length - 1);
            return [people.slice(0, cut), people.slice(cut)];
          })()
        : [people];
    for (const group of groups) {
      const airline = rng.weighted(town.airlines);
      const arrive = clampDate(
        addDays(
          S,
          rng.weighted([
            [-2, 5],
            [-1, 35],
            [0, 40],
            [1, 14],
            [2, 6],
          ] as const),
        ),
        W.min,
        W.max,
      );
      const leave = clampDate(
        addDays(
          E,
          rng.weighted([
            [-1, 10],
            [0, 25],
            [1, 45],
            [2, 20],
          ] as const),
        ),
        arrive,
        W.max,
      );
      const children = group.filter((p) => p.ageCategory === 'child');
      const counts = {
        adultsCount: group.length - children.length,
        childrenCount: children.length,
        childSeatsNeeded: children.filter((c) => c.age <= 7).length,
      };
      const submitted = between(rng, createdAt, new Date(`${addDays(S, -5)}T22:00:00Z`));
      for (const [type, date] of [
        ['arrival', arrive],
        ['departure', leave],
      ] as const) {
        const { number, time } = timetable.flight(type, airline, date);
        const landed = zonedDate(date, time, tz);
        // the first arrivals have been met already, as on the morning the demo pretends it is
        const pickedUp =
          type === 'arrival' &&
          needsTransportation &&
          (date < addDays(event.defaultArrivalDate, -1) || (date < event.defaultArrivalDate && rng.chance(0.2)));
        const pickedUpAt = pickedUp ? new Date(landed.getTime() + rng.int(25, 55) * 60_000) : null;
        legs.push({
          flightType: type,
          airline,
          flightNumber: number,
          flightDate: date,
          flightTime: time,
          ...demoAirport(airline, number, event.airports),
          ...counts,
          needsTransportation,
          specialInstructions: type === 'arrival' && rng.chance(0.15) ? rng.pick(P.FLIGHT_NOTES) : null,
          pickedUp,
          pickedUpAt,
          pickedUpBy: pickedUp ? admins.greeterName : null,
          pickedUpByUserId: pickedUp ? admins.greeterId : null,
          pickupDevice: pickedUp ? 'demo' : null,
          pickupTapAt: pickedUpAt,
          pickupReceivedAt: pickedUpAt,
          createdAt: submitted,
          updatedAt: pickedUpAt ?? submitted,
        });
      }
    }
  }
  return { attends, drives, submittedFlights, needsTransportation, legs };
}

/** One party's hotel booking, or none (matched to the registration or not is decided by planRoomingList). */
function planHotel(c: PlanContext, people: Person[], legs: Planned['flights'], attends: boolean, drives: boolean): Planned['hotel'] {
  const { rng, event, newConfirmation, newRoom } = c;
  const { startDate: S, endDate: E } = event;
  const { rosterImported } = c.dates;
  const primary = people[0];
  let hotel: Planned['hotel'] = null;
  if (attends && rng.chance(drives ? 0.45 : 0.85)) {
    const arrivals = legs
      .filter((l) => l.flightType === 'arrival')
      .map((l) => l.flightDate!)
      .sort();
    const departures = legs
      .filter((l) => l.flightType === 'departure')
      .map((l) => l.flightDate!)
      .sort();
    let checkIn = arrivals[0] ?? addDays(S, rng.pick([-1, 0]));
    const checkOut = departures[departures.length - 1] ?? addDays(E, rng.pick([0, 1]));
    // a few bookings start a day late: the mismatch warnings have something to show
    if (rng.chance(0.04) && daysBetween(checkIn, checkOut) > 1) checkIn = addDays(checkIn, 1);
    const spouse = people.find((p) => p.relationship === 'spouse');
    const bookedUnder = spouse && rng.chance(0.2) ? spouse : primary;
    hotel = {
      guestName: `${bookedUnder.lastName}, ${bookedUnder.firstName}`,
      confirmationNumber: newConfirmation(),
      roomType: rng.weighted(P.ROOM_TYPES),
      roomNumber: rng.chance(0.9) ? newRoom() : null,
      checkInDate: checkIn,
      checkOutDate: checkOut,
      nights: daysBetween(checkIn, checkOut),
      vipStatus: rng.weighted([
        [null, 82],
        ['VIP', 6],
        ['Gold', 8],
        ['Platinum', 4],
      ] as const),
      notes: rng.chance(0.15) ? rng.pick(P.HOTEL_NOTES) : null,
      createdAt: rosterImported,
      updatedAt: rosterImported,
    };
  }
  return hotel;
}

/** One registration: the party, its money, its travel, its hotel and the registration's own fields. */
function planRegistration(c: PlanContext): Planned {
  const { rng, profile, emails, admins } = c;
  const { yearStart, lateFrom, closes, beforeEvent } = c.dates;
  const town = rng.weighted(P.HOME_TOWNS.map((t) => [t, t.weight] as const));
  const people = party(rng, rng.weighted(profile.sizes));
  const primary = people[0];
  const status: RegistrationStatus = rng.weighted([
    ['active', 82],
    ['pending', 8],
    ['cancelled', 6],
    ['waitlist', 4],
  ] as const);
  // early birds before the late-fee date, a second wave after it
  const createdAt = rng.chance(0.55) ? between(rng, yearStart, lateFrom) : between(rng, lateFrom, closes);
  const { fees, amounts, total, pays, paid, refunded } = planMoney(c, status, createdAt, people);
  const { waiveFees, discountPercentage, fixedDiscountCents, lateFeeApplied, removeLateFee } = fees;
  const { attends, drives, submittedFlights, needsTransportation, legs } = planTravel(c, status, town, people, createdAt);
  const hotel = planHotel(c, people, legs, attends, drives);
  const cancelledAt = status === 'cancelled' ? between(rng, createdAt, beforeEvent) : null;
  const hasEmergency = rng.chance(0.6);
  const emergencyName = `${firstName(rng, rng.chance(0.5) ? 'male' : 'female')} ${rng.chance(0.6) ? primary.lastName : rng.pick(P.LAST_NAMES)}`;
  const street = `${rng.int(100, 9899)} ${rng.pick(P.STREETS)} ${rng.pick(P.STREET_TYPES)}`;
  return {
    people,
    payments: pays,
    flights: legs,
    hotel,
    hotelUnmatched: false,
    reg: {
      status,
      paymentStatus: derivePaymentStatus(total, paid, refunded),
      primaryEmail: uniqueEmail(rng, primary.firstName, primary.lastName, emails),
      primaryPhone: phone(rng, town),
      primaryFirstName: primary.firstName,
      primaryLastName: primary.lastName,
      primaryAgeCategory: primary.ageCategory,
      addressLine1: rng.chance(0.95) ? street : null,
      addressLine2: rng.chance(0.15) ? `Apt ${rng.int(1, 30)}${rng.pick(['', 'A', 'B', 'C'])}` : null,
      city: town.city,
      state: town.state || null,
      zipCode: postalCode(rng, town),
      country: town.country,
      specialRequests: rng.chance(0.15) ? rng.pick(P.SPECIAL_REQUESTS) : null,
      dietaryRestrictions: primary.diet,
      emergencyContactName: hasEmergency ? emergencyName : null,
      emergencyContactPhone: hasEmergency ? phone(rng, town) : null,
      notes: rng.chance(0.1) ? rng.pick(P.ADMIN_NOTES) : null,
      baseAmountCents: amounts.baseCents,
      lateFeeCents: amounts.lateFeeCents,
      totalAmountCents: total,
      paidAmountCents: paid,
      waiveFees,
      discountPercentage,
      fixedDiscountCents,
      lateFeeApplied,
      removeLateFee,
      needsTransportation,
      cancelReason: cancelledAt ? rng.pick(P.CANCEL_REASONS) : null,
      cancelledAt,
      cancelledBy: cancelledAt ? admins.adminId : null,
      flightInfoRequestedAt: attends && !drives && !submittedFlights && rng.chance(0.6) ? between(rng, createdAt, beforeEvent) : null,
      createdBy: rng.chance(0.1) ? admins.adminId : null,
      createdAt,
      updatedAt: latest(createdAt, cancelledAt, ...pays.map((x) => x.createdAt as Date)),
    },
  };
}

/** The rooming list: most bookings matched, some waiting for "Find Match", a few not on the list at all. */
function planRoomingList(c: PlanContext, planned: Planned[]): Omit<NewHotel, 'registrationId'>[] {
  const { rng, event, profile, admins, newConfirmation, newRoom } = c;
  const { startDate: S, endDate: E } = event;
  const { rosterImported } = c.dates;
  const unmatchedTotal = Math.max(15, Math.round(profile.registrations * 0.1));
  const secondRooms = Math.max(2, Math.round(unmatchedTotal * 0.1));
  const loose = Math.round(unmatchedTotal * 0.55);
  const outsiders = unmatchedTotal - secondRooms - loose;
  const withHotel = rng.shuffle(planned.filter((p) => p.hotel));
  const unmatched: Omit<NewHotel, 'registrationId'>[] = [];

  for (const p of withHotel.slice(0, loose)) {
    // the hotel spelled the name its own way: only a loose match
    const [first, last] = [p.people[0].firstName, p.people[0].lastName];
    const spouse = p.people.find((x) => x.relationship === 'spouse');
    const variants = [
      ascii(last).toUpperCase(),
      `${last}, ${first[0]}.`,
      `${first} ${last}`,
      `${ascii(last)}, ${ascii(first)}`,
      `${last} Family`,
      spouse ? `${spouse.lastName}, ${spouse.firstName}` : `${last}, ${first[0]}.`,
    ];
    p.hotel!.guestName = rng.pick(variants);
    p.hotelUnmatched = true;
    unmatched.push(p.hotel!);
  }
  for (const p of withHotel.slice(loose, loose + secondRooms)) {
    // a second room for the family (e.g. grandparents) under the family name: Link shows orange
    const last = p.people[0].lastName;
    unmatched.push({
      ...p.hotel!,
      guestName: `${last}, ${firstName(rng, rng.chance(0.5) ? 'male' : 'female')}`,
      confirmationNumber: newConfirmation(),
      roomNumber: p.hotel!.roomNumber ? newRoom() : null,
      roomType: rng.pick(['King', 'Two Queens'] as const),
      vipStatus: null,
      notes: 'Second room for the family.',
    });
  }
  for (let i = 0; i < outsiders; i++) {
    const [last, first] =
      i < P.OUTSIDER_NAMES.length
        ? P.OUTSIDER_NAMES[i]
        : [rng.pick(P.OUTSIDER_NAMES)[0], firstName(rng, rng.chance(0.5) ? 'male' : 'female')];
    const checkIn = addDays(S, rng.pick([-1, 0]));
    const checkOut = addDays(E, rng.pick([0, 1]));
    unmatched.push({
      guestName: `${last}, ${first}`,
      confirmationNumber: newConfirmation(),
      roomType: rng.weighted(P.ROOM_TYPES),
      roomNumber: rng.chance(0.8) ? newRoom() : null,
      checkInDate: checkIn,
      checkOutDate: checkOut,
      nights: daysBetween(checkIn, checkOut),
      vipStatus: rng.chance(0.2) ? 'VIP' : null,
      notes: rng.chance(0.5) ? 'Not on the registration list; check with the committee.' : null,
      createdAt: rosterImported,
      updatedAt: rosterImported,
    });
  }
  // the rest were matched by an admin some days after the rooming list arrived
  for (const p of planned) {
    if (!p.hotel || p.hotelUnmatched) continue;
    const at = new Date(latest(p.reg.createdAt as Date, rosterImported).getTime() + rng.int(1, 12) * DAY);
    Object.assign(p.hotel, { matchedAt: at, matchedBy: admins.adminId, updatedAt: at });
  }
  return unmatched;
}

/**
 * The whole event in memory (pure and deterministic). `previous` is what the database already holds
 * (a --force seed): another seed and no email used twice.
 */
export function planDemoEvent(
  event: EventConfig,
  size: keyof typeof PROFILES,
  admins: DemoStaff,
  previous: { registrations: number; emails: Iterable<string>; confirmations: Iterable<string> } = {
    registrations: 0,
    emails: [],
    confirmations: [],
  },
) {
  const c = planContext(event, size, admins, previous);
  const planned = Array.from({ length: c.profile.registrations }, () => planRegistration(c));
  const unmatched = planRoomingList(c, planned);
  return { planned, unmatched };
}

// ---------- writing ----------

async function insertBatches<T, R>(rows: T[], write: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(...(await write(rows.slice(i, i + BATCH))));
  return out;
}

async function demoUser(db: DbOrTx, spec: typeof DEMO_ADMIN, role: Role, existing: string[]) {
  const found = await findUserByEmail(db, spec.email);
  if (found) {
    existing.push(spec.email);
    return { id: found.id, name: `${found.firstName} ${found.lastName}` };
  }
  const user = await createUser(db, { ...spec, role }, SYSTEM_ACTOR);
  return { id: user.id, name: `${user.first_name} ${user.last_name}` };
}

/**
 * Parties the desk already checked in, so the check-in desk can be tried at once: every sixth active
 * registration with a hotel room, checked in by the demo desk user in the hours before the seed ran
 * (tap times in the past, so a real tap made now wins over them).
 */
function deskArrivals(planned: Planned[], desk: { id: number; name: string }) {
  const now = Date.now();
  return (i: number): Partial<NewAttendee> => {
    const p = planned[i];
    if ((p.reg.status ?? 'active') !== 'active' || !p.hotel || p.hotelUnmatched || i % 6 !== 0) return {};
    const at = new Date(now - (1 + (i % 5)) * 3_600_000);
    return {
      checkedIn: true,
      checkedInAt: at,
      checkedInBy: desk.name,
      checkedInByUserId: desk.id,
      checkInTapAt: at,
      checkInReceivedAt: at,
      checkInDevice: 'demo',
    };
  };
}

export async function seedDemo(database: DbOrTx, config: Config, opts: { size: 'normal' | 'large' }): Promise<DemoResult> {
  return database.transaction(async (db) => {
    const existingUsers: string[] = [];
    const admin = await demoUser(db, DEMO_ADMIN, 'admin', existingUsers);
    const greeter = await demoUser(db, DEMO_GREETER, 'greeter', existingUsers);
    const desk = await demoUser(db, DEMO_CHECKIN, 'checkin', existingUsers);
    const existing = rowsOf<{ n: string; e: string }>(
      await db.execute(sql`select registration_number as n, primary_email as e from registrations`),
    );
    const { planned, unmatched } = planDemoEvent(
      config.event,
      opts.size,
      { adminId: admin.id, greeterId: greeter.id, greeterName: greeter.name },
      {
        registrations: existing.length,
        emails: existing.map((r) => r.e),
        confirmations: rowsOf<{ c: string }>(
          await db.execute(sql`select confirmation_number as c from hotel_assignments where deleted_at is null`),
        ).map((r) => r.c),
      },
    );

    // real registration numbers (random, not sequential), unique against what the database already has
    const taken = new Set(existing.map((r) => r.n));
    const regRows: NewRegistration[] = planned.map((p) => {
      let number: string;
      do number = newRegistrationNumber(config.event.year);
      while (taken.has(number));
      taken.add(number);
      const withHotel = p.hotel && !p.hotelUnmatched ? hotelFieldsOf(p.hotel) : {};
      const reg: NewRegistration = { ...p.reg, ...withHotel, registrationNumber: number };
      reg.searchText = buildSearchText(reg, p.people);
      return reg;
    });
    const regIds = await insertBatches(regRows, (batch) =>
      db.insert(registrations).values(batch).returning({ id: registrations.id, number: registrations.registrationNumber }),
    );
    const idOf = new Map(regIds.map((r) => [r.number, r.id]));
    const ids = regRows.map((r) => idOf.get(r.registrationNumber)!);

    const arrived = deskArrivals(planned, desk);
    const attendeeRows: NewAttendee[] = planned.flatMap((p, i) =>
      p.people.map((x, k) => ({
        ...arrived(i),
        registrationId: ids[i],
        firstName: x.firstName,
        lastName: x.lastName,
        isPrimary: k === 0,
        ageCategory: x.ageCategory,
        relationship: x.relationship,
        relationshipOther: x.relationshipOther,
        age: x.age,
        gender: x.gender,
        dietaryRestrictions: x.diet,
        createdAt: p.reg.createdAt,
        updatedAt: p.reg.createdAt,
      })),
    );
    const attendeeIds = await insertBatches(attendeeRows, (batch) =>
      db.insert(attendees).values(batch).returning({ id: attendees.id, registrationId: attendees.registrationId }),
    );
    // PostgreSQL returns multi-row INSERT … RETURNING rows in VALUES order; check rather than assume
    if (attendeeIds.some((a, i) => a.registrationId !== attendeeRows[i].registrationId)) {
      throw new Error('demo seed: attendee ids came back out of order');
    }
    const programs = planned
      .flatMap((p) => p.people)
      .flatMap((x, i) => x.programs.map((programType) => ({ attendeeId: attendeeIds[i].id, programType })));
    await insertBatches(programs, (batch) => db.insert(culturalPrograms).values(batch).returning({ id: culturalPrograms.id }));

    const paymentRows = planned.flatMap((p, i) => p.payments.map((x) => ({ ...x, registrationId: ids[i] })));
    await insertBatches(paymentRows, (batch) => db.insert(payments).values(batch).returning({ id: payments.id }));

    const flightRows = planned.flatMap((p, i) => p.flights.map((f) => ({ ...f, registrationId: ids[i] })));
    await insertBatches(flightRows, (batch) => db.insert(flights).values(batch).returning({ id: flights.id }));

    const hotelRows: NewHotel[] = [
      ...planned.flatMap((p, i) => (p.hotel && !p.hotelUnmatched ? [{ ...p.hotel, registrationId: ids[i] }] : [])),
      ...unmatched,
    ];
    await insertBatches(hotelRows, (batch) => db.insert(hotelAssignments).values(batch).returning({ id: hotelAssignments.id }));

    return {
      admin: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
      greeter: { email: DEMO_GREETER.email, password: DEMO_GREETER.password },
      checkin: { email: DEMO_CHECKIN.email, password: DEMO_CHECKIN.password },
      registrations: regRows.length,
      attendees: attendeeRows.length,
      flights: flightRows.length,
      payments: paymentRows.length,
      hotelAssignments: hotelRows.length,
      unmatchedHotelAssignments: unmatched.length,
      existingUsers,
    };
  });
}
