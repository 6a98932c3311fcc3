/**
 * React hooks over the offline layer: screens read Dexie through useLiveQuery (the network refreshes
 * Dexie; the screen follows), and write through the outbox. Nothing is stored here. A live query
 * answers `undefined` while its first read runs: screens show their spinner then.
 *
 * Cached personal data (arrivals, bookings, candidates, registrations, "first download finished") is
 * read only for the session owner (runtime.ts): until the owner check (owner.ts) has run for the
 * signed-in user, and while the copy on this device is anyone else's, these hooks answer `undefined`
 * (loading), so a previous user's data never shows, not even for a moment.
 */
import { useOnline } from '../lib/use-online';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { mirrorRegistrations } from './registration-mirror';
import type { AppDB } from './db';
import type { Feed } from './downloads';
import { countOps, discardOp, keepServer, queueHotelLink, queuePickup, retryOp, type LinkTarget, type OutboxCounts } from './outbox';
import { LANDED_GRACE_MINUTES, orderNextToLand } from './next-to-land';
import { opOutcome, type OpOutcome } from './op-outcome';
import { handoverNotice, readOwned, type HandoverNotice } from './owner';
import { keepUnchanged } from './stable-rows';
import { msUntilSyncedTextChanges } from './sync-text';
import {
  queryArrival,
  queryArrivals,
  queryCandidates,
  queryExactMatches,
  queryOutbox,
  queryRegistration,
  queryRegistrations,
  queryUnmatched,
  type ArrivalFilter,
  type ExactMatch,
  type RegistrationFilter,
  type UnmatchedPage,
} from './queries';
import {
  actorName,
  currentAuthor,
  getAppDb,
  getSessionOwner,
  getStorageError,
  getLiveStatus,
  getSyncState,
  subscribeSync,
  syncNow,
} from './runtime';
import type { SyncProgress } from './sync-engine';
import type { OverrideNotice, ArrivalView, CachedRegistration, CandidateMatch, OutboxOp } from './types';
import { queueCheckIn, queuePayment } from './desk';
import type { DeskOp } from './types';

// ---- whose data ----------------------------------------------------------------------------------

/** The signed-in user whose owner check ran (runtime.ts), or null before it. */
export function useSessionOwner(): number | null {
  return useSyncExternalStore(subscribeSync, getSessionOwner, getSessionOwner);
}

/**
 * A live query over the cached personal data, answered only when this device's copy is the session
 * owner's (read inside the query, so a sign-in elsewhere re-runs it); `undefined` otherwise.
 */
function useOwnedQuery<T>(read: (db: AppDB) => Promise<T> | T, deps: unknown[]): T | undefined {
  const owner = useSessionOwner();
  const answer = useLiveQuery(() => readOwned(getAppDb(), owner, read), [owner, ...deps]);
  // useLiveQuery keeps its last answer while a new query runs: never hand on one read for someone else
  return answer && answer.owner === owner ? answer.value : undefined;
}

// ---- device --------------------------------------------------------------------------------------

/**
 * Whether the first full download of a feed finished on this device, so an empty list means "none",
 * not "not downloaded yet" (an interrupted one resumes; downloads.ts).
 */
export function useFirstDownloadDone(feed: Feed): boolean | undefined {
  return useOwnedQuery(async (db) => (await db.getMeta(`complete:${feed}`)) === true, [feed]);
}

/**
 * This device's id (device.ts; made at the owner check), to tell a pickup made here from one made "on
 * another phone"; null until made, undefined while loading. Not personal data.
 */
export function useDeviceId(): string | null | undefined {
  return useLiveQuery(async () => (await getAppDb().getMeta('deviceId')) ?? null, []);
}

/** The attendees whose check-in on this desk lost to another desk's, with the winning check-in's time (desk.ts). */
export function useLostCheckIns(): Record<number, string> | undefined {
  return useLiveQuery(async () => (await getAppDb().getMeta('lostCheckIns')) ?? {}, []);
}

// ---- arrivals ------------------------------------------------------------------------------------

/**
 * Cached arrivals by date and time; `date` ('YYYY-MM-DD') and `search` optional. A row whose data did
 * not change keeps its object from the previous answer (stable-rows.ts), and the array stays the same
 * when nothing changed, so after a pickup tick only the changed party's row or card redraws.
 */
export function useArrivals(filter: ArrivalFilter = {}): ArrivalView[] | undefined {
  const { date, search, withNight } = filter;
  const rows = useOwnedQuery((db) => queryArrivals(db, { date, search, withNight }), [date, search, withNight]);
  const previous = useRef<ArrivalView[] | undefined>(undefined);
  return useMemo(() => {
    // idempotent: running it twice (StrictMode) hands back the same objects
    const kept = rows && keepUnchanged(previous.current, rows);
    previous.current = kept;
    return kept;
  }, [rows]);
}

/** `arrivals` in 'next to land' order (re-ordered every minute as time passes); see next-to-land.ts. */
export function useNextToLand<T extends ArrivalView>(
  arrivals: T[] | undefined,
  timeZone: string,
  graceMinutes = LANDED_GRACE_MINUTES,
): T[] | undefined {
  const now = useMinuteClock();
  return useMemo(
    () => (arrivals ? orderNextToLand(arrivals, now, timeZone, graceMinutes) : undefined),
    [arrivals, now, timeZone, graceMinutes],
  );
}

/** One cached arrival (null when not on this device). */
export function useArrival(id: number | null | undefined): ArrivalView | null | undefined {
  return useOwnedQuery((db) => (id == null ? null : queryArrival(db, id)), [id]);
}

/**
 * The pickup control: `toggle(flightId, pickedUp)` shows the tap at once and queues it; the engine sends
 * it. Resolves with the queued op's id (useOpOutcome); rejects (OutboxError) only when the arrival is
 * not on this device.
 */
export function useTogglePickup(): (flightId: number, pickedUp: boolean) => Promise<string> {
  return useCallback(async (flightId: number, pickedUp: boolean) => {
    const op = await queuePickup(getAppDb(), { flightId, pickedUp, actorName: actorName(), madeBy: currentAuthor() });
    void syncNow();
    return op.opId;
  }, []);
}

// ---- hotel ---------------------------------------------------------------------------------------

/** Unmatched bookings, one page (default 10), as GET /hotel-assignments/unmatched answers. */
export function useUnmatchedAssignments(p: { page?: number; limit?: number; search?: string } = {}): UnmatchedPage | undefined {
  const { page, limit, search } = p;
  return useOwnedQuery((db) => queryUnmatched(db, { page, limit, search }), [page, limit, search]);
}

/** The bookings that can be linked in one step (queries.ts queryExactMatches). */
export function useExactMatches(): ExactMatch[] | undefined {
  return useOwnedQuery((db) => queryExactMatches(db), []);
}

/**
 * Ranked candidate registrations for a booking, computed on the device, each with the registration's
 * hotel confirmation as it stands now (a link queued here shows at once: queries.ts).
 */
export function useCandidates(assignmentId: number | null | undefined): CandidateMatch[] | undefined {
  return useOwnedQuery((db) => (assignmentId == null ? [] : queryCandidates(db, assignmentId)), [assignmentId]);
}

/**
 * The Link button: `link(assignmentId, registration)` takes the booking off the unmatched list, shows it
 * on the registration and queues the match. Resolves with the queued op's id, whose fate
 * useOpOutcome / waitForOp / getOpOutcome tell. Rejects (OutboxError) when the booking is not on this
 * device or is already being linked.
 */
export function useLinkHotel(): (assignmentId: number, registration: LinkTarget) => Promise<string> {
  return useCallback(async (assignmentId: number, registration: LinkTarget) => {
    const op = await queueHotelLink(getAppDb(), { assignmentId, registration, madeBy: currentAuthor() });
    void syncNow();
    return op.opId;
  }, []);
}

/**
 * What became of a queued change, live: 'pending' (with the last error), 'failed' / 'conflict' (with the
 * server's sentence), 'done' (with the server's sentence when it sent one), 'discarded', 'server-kept' or 'unknown'
 * (op-outcome.ts); undefined while loading or without an op id.
 */
export function useOpOutcome(opId: string | null | undefined): OpOutcome | undefined {
  return useLiveQuery(async () => (opId ? opOutcome(getAppDb(), opId) : undefined), [opId]);
}

// ---- registrations -------------------------------------------------------------------------------

/** Cached registrations (admins), newest first, filtered by words and status. */
export function useCachedRegistrations(filter: RegistrationFilter = {}): CachedRegistration[] | undefined {
  const { search, status } = filter;
  return useOwnedQuery((db) => queryRegistrations(db, { search, status }), [search, status]);
}

/** One cached registration (with attendees and flights) by id or registration number; null when absent. */
export function useCachedRegistration(ref: number | string | null | undefined): CachedRegistration | null | undefined {
  return useOwnedQuery((db) => (ref == null || ref === '' ? null : queryRegistration(db, ref)), [ref]);
}

// ---- check-in desk -------------------------------------------------------------------------------

/**
 * The desk's controls (desk.ts): check attendees in or out, and record a payment. Each shows at once,
 * is queued and sent by the engine; resolves with the op's id; rejects (OutboxError) when the
 * registration is not on this device or is cancelled.
 */
/** Sends after the tap has been drawn: the sync's own work would otherwise compete with the redraw. */
const syncAfterRedraw = () => setTimeout(() => void syncNow(), 150);

export function useDeskActions() {
  return useMemo(
    () => ({
      checkIn: async (registrationId: number, attendeeIds: number[], checkedIn: boolean) => {
        const op = await queueCheckIn(getAppDb(), {
          registrationId,
          attendeeIds,
          checkedIn,
          actorName: actorName(),
          madeBy: currentAuthor(),
        });
        syncAfterRedraw();
        return op.opId;
      },
      pay: async (registrationId: number, amount: number, method: string) => {
        const op = await queuePayment(getAppDb(), { registrationId, amount, method, madeBy: currentAuthor() });
        syncAfterRedraw();
        return op.opId;
      },
    }),
    [],
  );
}

/** Every cached registration, for the desk's search and counter, kept current row by row (registration-mirror.ts). */
export function useSettledRegistrations(settleMs = 1000): CachedRegistration[] | undefined {
  const owner = useSessionOwner();
  const [rows, setRows] = useState<{ owner: number | null; value: CachedRegistration[] } | undefined>();
  useEffect(() => mirrorRegistrations(getAppDb(), owner, (value) => setRows({ owner, value }), settleMs), [owner, settleMs]);
  return rows && rows.owner === owner && owner !== null ? rows.value : undefined;
}

/** The desk's changes to one registration still in the outbox: on their way ("Not synced yet"), refused, or paid twice. */
export function useUnsyncedDeskOps(registrationId: number | null | undefined): DeskOp[] | undefined {
  return useLiveQuery(async () => {
    if (registrationId == null) return [];
    const ops = await getAppDb().outbox.orderBy('seq').toArray();
    return ops.filter(
      (op): op is DeskOp => (op.kind === 'check-in' || op.kind === 'payment') && op.payload.registrationId === registrationId,
    );
  }, [registrationId]);
}

// ---- sync status ---------------------------------------------------------------------------------

export interface SyncStatus {
  /** the browser says online and the last request got an answer */
  online: boolean;
  /** true until the outbox and the last-synced time have been read: the counts below are unknown then */
  loading: boolean;
  /** undefined while loading (never a '0 not synced' that is not known yet) */
  pending: number | undefined;
  failed: number | undefined;
  conflicts: number | undefined;
  /** ISO time of the last complete sync, null when never; undefined while loading */
  lastSyncedAt: string | null | undefined;
  syncing: boolean;
  progress: SyncProgress | null;
  /** a 401 paused syncing: sign in again (the outbox is kept) */
  authRequired: boolean;
  lastError: string | null;
  /** the live stream is open: other devices' changes show within moments */
  live: boolean;
}

/** The changes whose request is on its way (sent, no answer yet): the engine's `sending`. */
const getSending = () => getSyncState().sending;
export function useSendingOps(): readonly string[] {
  return useSyncExternalStore(subscribeSync, getSending, getSending);
}

export function useSyncStatus(): SyncStatus {
  const engine = useSyncExternalStore(subscribeSync, getSyncState, getSyncState);
  const storageError = useSyncExternalStore(subscribeSync, getStorageError, getStorageError);
  const live = useSyncExternalStore(subscribeSync, getLiveStatus, getLiveStatus);
  const browserOnline = useOnline();
  const counts: OutboxCounts | undefined = useLiveQuery(() => countOps(getAppDb()), []);
  const lastSyncedAt = useLiveQuery(async () => ({ value: (await getAppDb().getMeta('lastSyncedAt')) ?? null }), []);
  return {
    online: browserOnline && engine.reachable,
    loading: counts === undefined || lastSyncedAt === undefined,
    pending: counts?.pending,
    failed: counts?.failed,
    conflicts: counts?.conflicts,
    lastSyncedAt: lastSyncedAt?.value,
    syncing: engine.syncing,
    progress: engine.progress,
    authRequired: engine.authRequired,
    lastError: engine.lastError ?? storageError,
    live: live === 'live',
  };
}

/**
 * Unsent changes on this device made by a user other than the one signed in (kept when they signed in:
 * owner.ts), for the sync panel; null when there are none, undefined while loading.
 */
export function useHandover(): HandoverNotice | null | undefined {
  return useLiveQuery(() => handoverNotice(getAppDb()), []);
}

/** This device's taps that another device's later tap overrode, unread; and marking them read. */
export function useOverrides(): { notices: OverrideNotice[] | undefined; markRead: () => Promise<void> } {
  const notices = useLiveQuery(async () => (await getAppDb().getMeta('overrides')) ?? [], []);
  return { notices, markRead: () => getAppDb().setMeta('overrides', []) };
}

/** The outbox for the sync panel, and its actions. */
export function useOutbox(): {
  ops: OutboxOp[] | undefined;
  retry: (opId: string) => Promise<void>;
  keepServer: (opId: string) => Promise<void>;
  discard: (opId: string) => Promise<void>;
} {
  const ops = useLiveQuery(() => queryOutbox(getAppDb()), []);
  return useMemo(
    () => ({
      ops,
      retry: async (opId: string) => {
        await retryOp(getAppDb(), opId);
        void syncNow();
      },
      keepServer: (opId: string) => keepServer(getAppDb(), opId),
      discard: (opId: string) => discardOp(getAppDb(), opId),
    }),
    [ops],
  );
}

/**
 * Date.now(), read again as soon as 'Last synced …' of `sinceIso` would say another thing, so "just now"
 * turns into "1 min ago" a minute after the sync, not up to half a minute later.
 */
export function useSyncedClock(sinceIso: string | null | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const since = sinceIso ? Date.parse(sinceIso) : NaN;
    setNow(Date.now());
    if (!Number.isFinite(since)) return;
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      timer = setTimeout(
        () => {
          setNow(Date.now());
          next();
        },
        msUntilSyncedTextChanges(since, Date.now()),
      );
    };
    next();
    return () => clearTimeout(timer);
  }, [sinceIso]);
  return now;
}

/** Date.now(), refreshed every minute (for 'Last synced 2 min ago' and 'next to land'). */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  return now;
}
