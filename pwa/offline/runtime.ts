/**
 * The app's one offline runtime: the Dexie database of this browser profile and the sync engine of the
 * signed-in user. No React here (hooks.ts wraps it). Stores nothing of its own beyond references: the
 * data is in Dexie (db.ts), the engine's status in the engine.
 *
 *   claimForSignIn(user)                           at sign-in, before any staff screen shows (owner.ts)
 *   startSync({ getToken, onAuthRequired, user })  after sign-in (and at start with a stored session):
 *                                                  the owner check at once, the first cycle after the
 *                                                  first paint (afterFirstPaint)
 *   syncNow()                                      the "Sync now" button, and after each new op
 *   clearLocalData({ force })                      on sign-out: refuses while changes are unsent
 *   wipeAfterRefusal(stillWanted)                  the session refused: the same wipe, unless a sign-in started
 *   getOpOutcome(opId) / waitForOp(opId)           what became of a queued change (op-outcome.ts)
 *
 * The session owner: the user whose owner check (owner.ts claimDevice) has run in this page and for whom
 * the engine runs. Until it is set, the hooks show nothing cached (a different user's copy must never
 * show, not even for a moment).
 *
 * The engine's first cycle (a first visit: the whole download written into Dexie, 0.3-0.5 s of script
 * on a slow phone) waits until the page has painted and the main thread is idle, so it does not compete
 * with the screen's first render. The owner check does not wait, and a change queued meanwhile is sent
 * at once (syncNow runs a cycle whether or not the engine has started).
 */
import { AppDB } from './db';
import { clearLocalData as clearTables, unsentCount, type ClearResult } from './local-data';
import { opOutcome, waitForOp as waitForOpIn, type OpOutcome } from './op-outcome';
import { claimDevice, type ClaimResult, type ClaimUser } from './owner';
import { SyncEngine, type EngineHost, type SyncEngineState, type SyncOutcome } from './sync-engine';
import type { LiveStatus } from './live';
import { apiTransport, type Transport } from './transport';
import type { OpAuthor } from './types';
import type { Role } from '../../shared/constants';
import { feedsFor } from './downloads';

export interface SyncUser {
  id: number;
  firstName: string;
  lastName: string;
  role: Role;
}

export interface StartSyncOptions {
  /** the staff session token (pwa/lib/api-client.ts getToken) */
  getToken: () => string | null;
  /** a 401 during sync: the outbox is kept; show sign-in, then call startSync again */
  onAuthRequired: () => void;
  /** a download refused with 403 (a role changed since sign-in): re-read the user */
  onForbidden?: () => void;
  /** who is signed in: decides the feeds (admins also get bookings and registrations) and the name on taps */
  user: SyncUser;
  /** tests and tools may bring their own */
  transport?: Transport;
}

let db: AppDB | null = null;
const defaultTransport: Transport = apiTransport(() => options?.getToken() ?? null);
let engine: SyncEngine | null = null;
let options: StartSyncOptions | null = null;
let unsubscribeEngine: (() => void) | null = null;
const listeners = new Set<() => void>();
/** the user whose owner check ran in this page (see the header) */
let sessionOwner: number | null = null;
/** the owner check could not run (storage refused): shown in the sync panel */
let storageError: string | null = null;
/** the live stream (live.ts): its stop, and whether it is open; a change it announces runs a cycle */
let stopLive: (() => void) | null = null;
let liveStatus: LiveStatus = 'off';
let liveSeq = 0;
const liveListeners = new Set<() => void>();
/** counts startSync calls, so a slower earlier one does not undo a later one */
let startSeq = 0;

/** The Web Lock the engine's cycles hold; an owner check holds it too, so it never splits a cycle in any tab. */
const SYNC_LOCK = 'reunion-desk-sync';
/** An owner check waits at most this long for another tab's cycle (a stuck request) before going ahead. */
const LOCK_WAIT_MS = 10_000;
/** The first cycle waits for a paint and an idle moment at most this long (a hidden tab never paints). */
const FIRST_SYNC_MAX_DELAY_MS = 2_000;

export const IDLE_STATE: SyncEngineState = {
  syncing: false,
  progress: null,
  reachable: true,
  authRequired: false,
  lastError: null,
  failures: 0,
  nextAttemptAt: null,
  sending: [],
};

/** The database of this browser profile (opened on first use). */
export function getAppDb(): AppDB {
  db ??= new AppDB();
  return db;
}

/** The signed-in user the engine runs for, or null. */
export const currentSyncUser = (): SyncUser | null => options?.user ?? null;

/** 'First Last', else 'Admin': the name the server records for a user. */
const displayName = (u: SyncUser) => `${u.firstName} ${u.lastName}`.trim() || 'Admin';

/** The name a tap shows until the server answers: the same the server records ('First Last', else 'Admin'). */
export function actorName(): string | null {
  const u = options?.user;
  return u ? displayName(u) : null;
}

/** Who a change queued now is recorded as made by (outbox.ts madeBy). */
export function currentAuthor(): OpAuthor | null {
  const u = options?.user;
  return u ? { userId: u.id, name: displayName(u) } : null;
}

/** The user whose owner check ran in this page, or null: the hooks show cached data only for them. */
export const getSessionOwner = (): number | null => sessionOwner;

/** Why the offline copy cannot be used (storage refused), or null. */
export const getStorageError = (): string | null => storageError;

function setSessionOwner(id: number | null) {
  if (sessionOwner === id) return;
  sessionOwner = id;
  emit();
}

const claimUserOf = (u: SyncUser): ClaimUser => ({ id: u.id, name: displayName(u), role: u.role });

/** Runs `fn` holding the sync lock (all tabs), waiting for it at most LOCK_WAIT_MS. */
async function withSyncLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return fn();
  const gaveUp = new AbortController();
  const timer = setTimeout(() => gaveUp.abort(), LOCK_WAIT_MS);
  let granted = false;
  try {
    return await locks.request(SYNC_LOCK, { signal: gaveUp.signal }, () => {
      granted = true;
      clearTimeout(timer);
      return fn();
    });
  } catch (e) {
    if (!granted && gaveUp.signal.aborted) return fn();
    throw e;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * At sign-in, before the staff screens show: makes this device's copy the user's (owner.ts: another
 * user's cached data is removed, their unsent changes kept). startSync checks again; this one only
 * makes sure nothing of a previous user is on screen meanwhile.
 */
export async function claimForSignIn(user: SyncUser): Promise<ClaimResult> {
  if (sessionOwner !== user.id) setSessionOwner(null);
  return withSyncLock(() => claimDevice(getAppDb(), claimUserOf(user)));
}

export { feedsFor };

function browserHost(): EngineHost | undefined {
  if (typeof window === 'undefined' || typeof document === 'undefined') return undefined;
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return {
    addEventListener: (type, fn) => (type === 'visibilitychange' ? document : window).addEventListener(type, fn),
    removeEventListener: (type, fn) => (type === 'visibilitychange' ? document : window).removeEventListener(type, fn),
    isVisible: () => document.visibilityState === 'visible',
    withLock: locks ? (fn) => locks.request(SYNC_LOCK, fn) : undefined,
  };
}

/**
 * Runs `fn` once the page has painted and the main thread is idle, at most FIRST_SYNC_MAX_DELAY_MS
 * from now; at once without a page (tests, tools). Safari has no requestIdleCallback: right after the
 * paint there.
 */
function afterFirstPaint(fn: () => void): void {
  if (typeof window === 'undefined' || typeof window.requestAnimationFrame !== 'function') return fn();
  let ran = false;
  const run = () => {
    if (ran) return;
    ran = true;
    clearTimeout(latest);
    fn();
  };
  const latest = setTimeout(run, FIRST_SYNC_MAX_DELAY_MS);
  // a timer set in an animation frame fires after that frame is painted
  window.requestAnimationFrame(() =>
    setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: FIRST_SYNC_MAX_DELAY_MS });
      else run();
    }, 0),
  );
}

function emit() {
  for (const fn of listeners) fn();
}

/**
 * Starts (or, after a new sign-in, resumes) syncing for the signed-in user, after the owner check
 * (owner.ts). The first engine's first cycle runs after the first paint (see the header). Resolves with
 * the engine, or null when the check failed (storage refused) or a sign-out or a newer start came first.
 */
export async function startSync(opts: StartSyncOptions): Promise<SyncEngine | null> {
  const seq = (startSeq += 1);
  if (sessionOwner !== opts.user.id) setSessionOwner(null);
  options = opts;
  try {
    await withSyncLock(() => claimDevice(getAppDb(), claimUserOf(opts.user)));
    storageError = null;
  } catch (e) {
    console.error('offline copy: owner check failed', e);
    storageError = `The offline copy on this device cannot be used: ${e instanceof Error ? e.message : String(e)}`;
    emit();
    return null;
  }
  if (seq !== startSeq || options !== opts) return engine;
  setSessionOwner(opts.user.id);
  if (engine) {
    if (engine.getState().authRequired) engine.resume();
    else void engine.requestSync();
    openLive();
    return engine;
  }
  engine = new SyncEngine({
    db: getAppDb(),
    // read through `options` so a new sign-in's token and role apply without a new engine
    transport: (req) => (options?.transport ?? defaultTransport)(req),
    feeds: () => feedsFor(options?.user.role),
    onAuthRequired: () => options?.onAuthRequired(),
    onForbidden: () => options?.onForbidden?.(),
    host: browserHost(),
  });
  unsubscribeEngine = engine.subscribe(emit);
  const created = engine;
  // not started if a sign-out (stopSync) came first
  afterFirstPaint(() => {
    if (engine !== created) return;
    created.start();
    openLive();
  });
  emit();
  return engine;
}

/**
 * (Re)opens the live stream with the current session's token (browsers only: tests drive cycles
 * themselves). Its code loads after the first paint, outside the greeter's first-visit budget.
 */
function openLive(): void {
  stopLive?.();
  stopLive = null;
  const token = options?.getToken();
  if (!token || typeof window === 'undefined' || options?.transport) return;
  const seq = (liveSeq += 1);
  void import('./live').then(({ startLive }) => {
    if (seq !== liveSeq || !options) return; // signed out or reopened meanwhile
    stopLive = startLive({
      token,
      onChange: () => {
        void engine?.requestSync();
        for (const fn of liveListeners) fn();
      },
      onStatus: (status) => {
        liveStatus = status;
        emit();
      },
    });
  });
}

/** Runs `fn` when another device changed something (screens that read the network, not Dexie, refetch). */
export function subscribeLiveChanges(fn: () => void): () => void {
  liveListeners.add(fn);
  return () => liveListeners.delete(fn);
}

/** 'live' while this device's stream is open (the sync line says so). */
export const getLiveStatus = (): LiveStatus => liveStatus;

/** Stops the engine (sign-out); waits for a running cycle to end. */
export async function stopSync(): Promise<void> {
  liveSeq += 1;
  stopLive?.();
  stopLive = null;
  const e = engine;
  engine = null;
  unsubscribeEngine?.();
  unsubscribeEngine = null;
  options = null;
  sessionOwner = null;
  emit();
  await e?.stop();
}

/** Runs a sync cycle now (no-op 'stopped' when not started). */
export function syncNow(): Promise<SyncOutcome> {
  return engine ? engine.requestSync() : Promise.resolve('stopped');
}

/** The engine's status, or idle when none runs (for useSyncExternalStore). */
export const getSyncState = (): SyncEngineState => engine?.getState() ?? IDLE_STATE;

/** What became of a queued change (op-outcome.ts), now. */
export const getOpOutcome = (opId: string): Promise<OpOutcome> => opOutcome(getAppDb(), opId);

/** Resolves once a queued change no longer waits for the network, or after `timeoutMs` (op-outcome.ts). */
export const waitForOp = (opId: string, opts: { timeoutMs?: number } = {}): Promise<OpOutcome> => waitForOpIn(getAppDb(), opId, opts);

export function subscribeSync(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** How many changes of this device the server does not hold (a payment conflict it recorded is not one). */
export const unsentChanges = (): Promise<number> => unsentCount(getAppDb());

/**
 * After the server refused the session: the sign-out's wipe when no change waits to be sent, given up
 * (false) once `stillWanted` turns false, checked again under the sync lock just before the clear: a
 * sign-in started meanwhile keeps its copy.
 */
export async function wipeAfterRefusal(stillWanted: () => boolean): Promise<boolean> {
  const database = getAppDb();
  if (!stillWanted() || (await unsentCount(database)) > 0) return false;
  await stopSync();
  return withSyncLock(async () => stillWanted() && (await clearTables(database)).cleared);
}

/**
 * Sign-out: stops syncing and empties the cache. While changes are unsent it refuses (and keeps syncing)
 * unless `force` — the UI's "Discard N pending changes" (pwa/app/discard-changes-dialog.tsx).
 */
export async function clearLocalData(opts: { force?: boolean } = {}): Promise<ClearResult> {
  const database = getAppDb();
  if (!opts.force) {
    const unsent = await unsentCount(database);
    if (unsent > 0) return clearTables(database, { ...opts, sending: getSyncState().sending });
  }
  await stopSync();
  // another tab's cycle finishes its write first (downloads.ts writeIntoCopy refuses any after the clear)
  return withSyncLock(() => clearTables(database, opts));
}
