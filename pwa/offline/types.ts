/**
 * The shapes the offline layer stores in IndexedDB (pwa/offline/db.ts) and the sync feeds it reads.
 * Server rows are kept exactly as the API sends them (types from shared/ and `import type` from
 * server/), plus a few local fields whose names say they are local: `sortKey`, `server`, `hiddenByOp`,
 * `pendingHotel`. Nothing here imports React or Dexie.
 */
import type { FlightArrival, PickupResult } from '../../shared/schemas/arrivals';
import type { HotelAssignment, HotelMatchCandidate } from '../../shared/schemas/hotel';
import type { HotelLinkAnswer } from '../../shared/schemas/answers';
import type { Registration } from '../../shared/schemas/registration';
import type { AttendeeCheckIn } from '../../shared/schemas/records';
import type { ArrivalsSyncPage, HotelSyncPage, RegistrationsSyncPage, SyncedRegistration } from '../../shared/schemas/sync';
import type { Role } from '../../shared/constants';

export type { SyncedRegistration };

// ---- arrivals ------------------------------------------------------------------------------------

/** The pickup fields of a flight, as the server last said or as a local tap set them. */
export interface PickupFields {
  picked_up: boolean;
  picked_up_at: string | null;
  picked_up_by: string | null;
}

/** The server's own pickup state of a cached arrival, kept beside the shown state. */
export interface ServerPickup extends PickupFields {
  /** sync version of the state (download rows and pickup answers both carry one) */
  version: number;
  /** the device whose tap made this state, and that tap's time (absent in copies saved before they were kept) */
  device?: string | null;
  tap_at?: string | null;
}

/**
 * One cached arrival: the download row, whose pickup fields show the local tap while an op for the
 * flight is pending, and `server`, the server's state, so a refused or discarded tap can be undone and
 * a late replayed answer cannot roll the screen back to an older state.
 */
export interface CachedArrival extends FlightArrival {
  /** 'YYYY-MM-DDTHH:MM' ('9999-12-31T99:99' when unknown): IndexedDB cannot index nulls */
  sortKey: string;
  server: ServerPickup;
}

/** An arrival as the screens get it: whether a tap on it is still waiting to reach the server. */
export interface ArrivalView extends CachedArrival {
  pendingSync: boolean;
}

// ---- hotel ---------------------------------------------------------------------------------------

/** One unmatched hotel booking as GET /api/sync/hotel sends it. */
export type HotelAssignmentRow = HotelAssignment;

export interface CachedHotelAssignment extends HotelAssignmentRow {
  /** the outbox op that links it: hidden from the unmatched list until the op settles or is undone */
  hiddenByOp: string | null;
}

/** A registration offered for a booking: the fields of GET /hotel-assignments/search-matches, plus the rank. */
export interface CandidateMatch extends HotelMatchCandidate {
  score: number;
}

export interface CachedCandidates {
  assignmentId: number;
  /** best first; ranked on this device from the cached registrations (candidates.ts) */
  matches: CandidateMatch[];
  updatedAt: string;
}

// ---- registrations -------------------------------------------------------------------------------

export const HOTEL_FIELDS = [
  'hotel_confirmation_number',
  'hotel_room_number',
  'hotel_room_type',
  'hotel_check_in_date',
  'hotel_check_out_date',
  'hotel_nights',
  'hotel_guest_name',
  'hotel_notes',
] as const;
export type HotelFields = Pick<Registration, (typeof HOTEL_FIELDS)[number]>;

export interface CachedRegistration extends SyncedRegistration {
  /** lower-cased, accent-stripped names, number, email and phone, for local search */
  searchText: string;
  /** a queued hotel link shows its booking here; `before` is the server's hotel fields to go back to */
  pendingHotel: { opId: string; before: HotelFields } | null;
  /** the desk's fields as the server last gave them; the shown ones add the queued check-ins and payments (desk.ts) */
  deskBase?: DeskState;
}

/** What the check-in desk changes on a registration: attendees' check-in state and the money (desk.ts). */
export interface DeskState {
  attendees: AttendeeCheckIn[];
  paid_amount: number;
  balance_due: number;
  payment_status: Registration['payment_status'];
}

// ---- outbox --------------------------------------------------------------------------------------

/**
 * pending: waiting to be sent (or being retried after a network error / 5xx);
 * failed: refused for good (400/403/404/410/422), shown with Retry / Discard;
 * conflict: a hotel link the server refused with 409 (linked elsewhere, deleted): Keep server / Retry;
 *   or a desk payment that, with another device's, paid more than the total: Dismiss (an admin refunds);
 * done: acknowledged (settled ops are removed in the same transaction, so this is never stored long).
 */
export type OpState = 'pending' | 'failed' | 'conflict' | 'done';

export interface PickupPayload {
  flightId: number;
  picked_up: boolean;
  /** the name shown until the server answers (the server records the signed-in user itself) */
  picked_up_by: string | null;
  deviceId: string;
}

export interface HotelLinkPayload {
  assignmentId: number;
  registrationId: number;
  /** the booking as it was cached, to copy onto the registration and to show in the sync panel */
  assignment: HotelAssignmentRow;
  registrationNumber: string;
  primaryName: string;
}

/** Who made a change on this device: replayed ops keep it, even after another user signs in (owner.ts). */
export interface OpAuthor {
  /** null: made before authors were recorded, by a user no longer known (owner.ts) */
  userId: number | null;
  /** 'First Last', as the sync panel names them; null when unknown */
  name: string | null;
}

interface OpBase {
  /** auto-increment: replay order */
  seq?: number;
  /** crypto.randomUUID(): also the Idempotency-Key */
  opId: string;
  /** tap time on the server's clock (device clock + measured offset), ISO */
  clientTime: string;
  /** device clock, ISO: when the op was queued */
  createdAt: string;
  attempts: number;
  /**
   * set (device clock, ISO) just before the first request that may carry it leaves, kept: a tab closed or
   * reloaded while that request was on its way, or another tab, then knows the op may be on the server
   * though no failed send has counted it in `attempts` (sync-text.ts asSent)
   */
  leftAt?: string;
  lastError: string | null;
  state: OpState;
  /** human text for the sync panel, e.g. 'Picked up: UA 1234 – Nguyen family' */
  label: string;
  /** who made it (absent on ops queued before authors were recorded, or with no one signed in) */
  madeBy?: OpAuthor | null;
}

export interface PickupOp extends OpBase {
  kind: 'pickup';
  payload: PickupPayload;
}

export interface HotelLinkOp extends OpBase {
  kind: 'hotel-link';
  payload: HotelLinkPayload;
}

export interface CheckInPayload {
  registrationId: number;
  attendeeIds: number[];
  checkedIn: boolean;
  /** the signed-in user's name, shown as "checked in by" until the server answers */
  checkedInBy: string | null;
  deviceId: string;
}

export interface PaymentPayload {
  registrationId: number;
  amount: number;
  method: string;
  note: string | null;
  deviceId: string;
  /** the total this device showed when the payment was taken (not sent; absent on older ops) */
  totalSeen?: number;
}

export interface CheckInOp extends OpBase {
  kind: 'check-in';
  payload: CheckInPayload;
}

export interface PaymentOp extends OpBase {
  kind: 'payment';
  payload: PaymentPayload;
}

export type DeskOp = CheckInOp | PaymentOp;

export type OutboxOp = PickupOp | HotelLinkOp | CheckInOp | PaymentOp;
export type OpKind = OutboxOp['kind'];

/**
 * What became of an op that left the outbox (op-outcome.ts), kept a day so a screen can still learn
 * the fate of the op it queued after the op is gone (opId → receipt). Holds no personal data.
 *   done       the server acknowledged it (`message`: its sentence, e.g. 'Successfully linked …')
 *   discarded  dropped on this device: Discard, Keep server, or sign-out with "discard"
 *   retried    refused, then sent again under a new opId (`nextOpId`)
 */
export interface OpReceipt {
  opId: string;
  kind: OpKind;
  /** server-kept: a conflict resolved with Keep server (the server refused it, and the user accepted that) */
  outcome: 'done' | 'discarded' | 'retried' | 'server-kept';
  message: string | null;
  nextOpId: string | null;
  /** device clock, ISO: when it left the outbox */
  at: string;
}

// ---- meta ----------------------------------------------------------------------------------------

export interface ClockOffset {
  /** server clock − device clock, in ms */
  offsetMs: number;
  /** round trip of the request it was measured on */
  rttMs: number;
  measuredAt: string;
}

/** Whose cached data and outbox these are (owner.ts). */
export interface DeviceOwner {
  userId: number;
  name: string;
  role: Role;
  since: string;
}

/** The meta table's keys and their values' types. */
export interface MetaValues {
  deviceId: string;
  owner: DeviceOwner;
  clockOffset: ClockOffset;
  /** the server-clock time (ms) of this device's latest tap on each record ('flight:12'), for an hour (clock.ts) */
  lastTaps: Record<string, number>;
  lastSyncedAt: string;
  'cursor:arrivals': string;
  'cursor:hotel': string;
  'cursor:registrations': string;
  /** 'done' once the first full download of a feed finished (cursors alone cannot say) */
  'complete:arrivals': boolean;
  'complete:hotel': boolean;
  'complete:registrations': boolean;
  /** taps of this device that another device's later tap overrode, until the greeter has read them */
  overrides: OverrideNotice[];
  /** set by sign-out's clear until the next sign-in claims the device: no download is written meanwhile */
  signedOut: boolean;
  /**
   * Attendees this desk checked in after another desk already had (a race lost, desk.ts settleCheckIn),
   * each with the time of the check-in that won: the card says "Already checked in … on another device"
   * while that check-in stands.
   */
  lostCheckIns: Record<number, string>;
  /**
   * Bookings or registrations were downloaded since the match suggestions were last worked out: set with
   * the page that brought them, cleared with the suggestions (candidates.ts), so a cycle cut short after
   * the page (a failed next request, a reload) still works them out at the next one.
   */
  candidatesStale: boolean;
}

/** "Your 1:34 pickup of Ngozi Garcia was undone by Demo Admin at 1:36" */
export interface OverrideNotice {
  opId: string;
  text: string;
  /**
   * 'flight': a flight its family changed or removed (no tap of this device's); 'payment': a desk payment
   * held for a refund, settled; absent: a tap overridden
   */
  about?: 'flight' | 'payment';
  /** device clock, ISO */
  at: string;
}
export type MetaKey = keyof MetaValues;

export interface MetaRow<K extends MetaKey = MetaKey> {
  key: K;
  value: MetaValues[K];
}

// ---- server answers ------------------------------------------------------------------------------

export type { FlightArrival, PickupResult };

export type ArrivalsPage = ArrivalsSyncPage;
export type HotelPage = HotelSyncPage;

export type RegistrationsPage = RegistrationsSyncPage;

/** POST /api/hotel-assignments/{id}/match */
export type HotelMatchResult = HotelLinkAnswer;
