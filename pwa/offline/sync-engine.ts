/**
 * The sync engine (docs/architecture.md#offline-layer): a plain class, no React, with the transport injected.
 * It stores nothing itself: the outbox and the cache live in Dexie (db.ts), the cursors and the clock
 * offset in meta; in memory it keeps only what the status bar shows (syncing, progress, reachable,
 * sign-in needed) and its timer.
 *
 * When: on start, on `online`, when the page becomes visible, after each new op (requestSync), and on a
 * timer — every 30 s while there is something pending or the page is visible, and after a failure with
 * full-jitter exponential backoff (1 s base, 60 s cap). `online` resets the backoff and starts a cycle at
 * once, also when it arrives while a failing cycle is still running (that cycle is followed by a fresh
 * one instead of waiting for the timer). iOS Safari has no Background Sync, so the app drives it.
 *
 * One cycle:
 *   1. Upload first: the pending ops in order, each with its opId as Idempotency-Key (those another user
 *      made that the signed-in user's role may not send stay pending for one who may: senders.ts). Consecutive pickups
 *      go up to 100 at a time in one request (POST /flight-pickups/batch, one answer per op), and each
 *      batch's answers are recorded in one Dexie transaction (one redraw of the screen per batch); a
 *      hotel link goes alone through its route, so a batch never jumps over it (unless the link is held
 *      for an administrator: then the ops behind it, of other kinds, go first).
 *      2xx → settle (a stale pickup's answer carries the server's state, which the cache takes);
 *      network error, 5xx, 408, 429 → the op (every op of the batch) stays where it is and no later op is
 *      sent (retry later, order kept; a batch is sent again whole, each op idempotent); after an answer
 *      (a 5xx, or one that does not fit its schema) the feeds are still downloaded, unless a payment
 *      that was sent waits: the server may have recorded it, and a download would count it twice;
 *      401 → the outbox stays, the engine pauses and calls onAuthRequired; resume() after sign-in;
 *      409 on a hotel link → 'conflict'; any other 4xx → 'failed'. Neither blocks the ops behind it. A
 *      batch refused whole (a 400 naming one op) is sent again one op per request, so only that op fails.
 *   2. Then download each feed since its saved cursor (the server's, never this device's clock), page by
 *      page while hasMore, saving the cursor with each page, so an interrupted first download resumes.
 *      arrivals for everyone; unmatched bookings and registrations for admins (admin-downloads.ts, loaded
 *      on demand, so a greeter never loads that code).
 *   3. Every download answer (and GET /api/sync/time) carries `serverTime` and updates the measured clock
 *      offset (clock.ts). Upload answers do not: a replayed one carries the time of its first delivery.
 */
import type { AppDB } from './db';
import { measureOffset, offsetIsStale, recordOffset } from './clock';
import { applyArrivalsPage, copyPosition, CopyChanged, writeIntoCopy, type Feed } from './downloads';
import { pendingOps } from './outbox';
import { maySend } from './senders';
import { settleCheckIn, settlePayment } from './desk';
import { noteAttempt, refuseOp, settleGonePickup, settleHotelLink, settlePickup, settlePickupBatch, type PickupVerdict } from './settle';
import { NetworkError, type SyncRequest, type SyncResponse, type Transport } from './transport';
import { mayBeOnServer, refusedText } from './sync-text';
import type { CheckInOp, OutboxOp, PickupOp } from './types';
import type { PickupBatchResult } from '../../shared/schemas/arrivals';
import { PICKUP_BATCH_MAX } from '../../shared/constants';

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 60_000;
export const PERIODIC_MS = 30_000;
export const PAGE_LIMIT = 500;
/** A clock measurement older than this is refreshed with GET /api/sync/time at the start of a cycle. */
const CLOCK_REFRESH_MS = 5 * 60 * 1000;

/** The admins' feeds (bookings, registrations, candidates): loaded when one is downloaded, never for a greeter. */
const adminDownloads = () => import('./admin-downloads');

/** The answers' parser (answers.ts): loaded with the first answer, not part of a first visit's code. */
const answers = () => import('./answers');
type Answers = Awaited<ReturnType<typeof answers>>;

/** Reads an answer through its shared schema; one the app cannot read is "try again later", nothing stored. */
async function readAnswer<T>(parse: (a: Answers) => T): Promise<T> {
  const a = await answers();
  try {
    return parse(a);
  } catch (e) {
    if (e instanceof a.MalformedAnswer) throw new RetryLater(e.message);
    throw e;
  }
}

/** Full jitter: a random delay in [0, min(cap, base · 2^(failures−1))]. */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.floor(random() * ceiling);
}

export type SyncProgress = { phase: 'upload'; done: number; total: number } | { phase: 'download'; feed: Feed; done: number };

export interface SyncEngineState {
  syncing: boolean;
  progress: SyncProgress | null;
  /** false after a request got no answer, true again after one does */
  reachable: boolean;
  /** a 401 paused the engine; the outbox is kept until resume() */
  authRequired: boolean;
  /** the last cycle's problem, for the sync panel ('No connection to the server', 'Server error (503)') */
  lastError: string | null;
  /** consecutive failed cycles (drives the backoff) */
  failures: number;
  /** when the timer will next start a cycle (device clock, ms), or null */
  nextAttemptAt: number | null;
  /** the changes (opIds) whose request is on its way: sent, no answer yet (they may be on the server already) */
  sending: readonly string[];
}

/** done: uploaded and downloaded; retry: no answer or a server error, backoff scheduled; auth: paused
 * for sign-in; stopped: stop() was called mid-cycle; error: a bug or storage failure (in lastError). */
export type SyncOutcome = 'done' | 'retry' | 'auth' | 'stopped' | 'error';

/**
 * What starts a cycle besides the timer: the signal back, the page shown again, the window focused.
 * iPhones have no Background Sync, so coming back to the app is the moment to sync (docs/architecture.md).
 */
export type HostEvent = 'online' | 'visibilitychange' | 'focus';

/** How long a cycle that has just started covers a return to the app (see onReturn). */
const RETURN_COVERED_MS = 2000;

/** What the engine needs of the page it runs in; tests leave it out. */
export interface EngineHost {
  addEventListener(type: HostEvent, fn: () => void): void;
  removeEventListener(type: HostEvent, fn: () => void): void;
  isVisible(): boolean;
  /** runs `fn` holding a cross-tab lock (Web Locks), so two tabs do not upload the same ops at once */
  withLock?<T>(fn: () => Promise<T>): Promise<T>;
}

export interface SyncEngineOptions {
  db: AppDB;
  transport: Transport;
  /** the feeds this user downloads (arrivals for staff; 'hotel' and 'registrations' for admins) */
  feeds: () => Feed[];
  onAuthRequired?: () => void;
  /** a feed refused with 403: the user's role may have changed since sign-in (the app re-reads the user) */
  onForbidden?: () => void;
  /** device clock in ms (tests inject skew) */
  now?: () => number;
  random?: () => number;
  pageLimit?: number;
  host?: EngineHost;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

class AuthRequired extends Error {}
class RetryLater extends Error {}
class Halted extends Error {}

const errorText = (res: SyncResponse) => {
  const body = res.body as { error?: unknown } | null;
  return typeof body?.error === 'string' && body.error ? body.error : refusedText(res.status);
};

/** 408 and 429 are "try again later"; other 4xx are the server's final word on that request. */
const isRetryable = (status: number) => status >= 500 || status === 408 || status === 429 || status === 425;

/** The most pickups one batch request carries: as many as the server takes. */
export const PICKUP_BATCH_SIZE = PICKUP_BATCH_MAX;

/** The pickups at the head of the queue, up to a batch: a hotel link ends the run, so order is kept. */
function leadingPickups(queue: readonly OutboxOp[]): PickupOp[] {
  const run: PickupOp[] = [];
  for (const op of queue) {
    if (op.kind !== 'pickup' || run.length === PICKUP_BATCH_SIZE) break;
    run.push(op);
  }
  return run;
}

/** The desk's consecutive check-ins at the head of the queue (at most one batch). */
function leadingCheckIns(queue: readonly OutboxOp[]): CheckInOp[] {
  const run: CheckInOp[] = [];
  for (const op of queue) {
    if (op.kind !== 'check-in' || run.length === PICKUP_BATCH_SIZE) break;
    run.push(op);
  }
  return run;
}

/** A check-in's body, the same for the single route and a batch op (the server hashes it to match replays). */
export const checkInFields = (op: CheckInOp) => ({
  attendee_ids: op.payload.attendeeIds,
  checked_in: op.payload.checkedIn,
  client_time: op.clientTime,
  device_id: op.payload.deviceId,
  checked_in_by: op.payload.checkedInBy,
});

/** A toggle's body, the same for the single route and a batch op (the server hashes it to match replays). */
export const pickupFields = (op: PickupOp) => ({
  picked_up: op.payload.picked_up,
  picked_up_by: op.payload.picked_up_by,
  clientTime: op.clientTime,
  deviceId: op.payload.deviceId,
});

/**
 * The request that sends `op` through its own route, with its opId as the Idempotency-Key. The server
 * hashes the body as its schema parses it to recognise a replay, so these bodies must not change while
 * devices hold queued ops (tests/pwa/keyed-request-shapes.test.ts, docs/decisions.md).
 */
export function syncRequest(op: OutboxOp): SyncRequest {
  if (op.kind === 'pickup') {
    return {
      method: 'POST',
      path: `/flight-info/admin/flight-pickups/${op.payload.flightId}`,
      body: pickupFields(op),
      idempotencyKey: op.opId,
    };
  }
  if (op.kind === 'check-in') {
    return {
      method: 'POST',
      path: `/registrations/${op.payload.registrationId}/check-in`,
      body: checkInFields(op),
      idempotencyKey: op.opId,
    };
  }
  if (op.kind === 'payment') {
    const p = op.payload;
    return {
      method: 'POST',
      path: `/registrations/${p.registrationId}/payments`,
      body: { amount: p.amount, method: p.method, note: p.note },
      idempotencyKey: op.opId,
    };
  }
  return {
    method: 'POST',
    path: `/hotel-assignments/${op.payload.assignmentId}/match`,
    body: { registrationId: op.payload.registrationId },
    idempotencyKey: op.opId,
  };
}

export class SyncEngine {
  private readonly db: AppDB;
  private readonly opts: SyncEngineOptions;
  private readonly now: () => number;
  private state: SyncEngineState = {
    syncing: false,
    progress: null,
    reachable: true,
    authRequired: false,
    lastError: null,
    failures: 0,
    nextAttemptAt: null,
    sending: [],
  };
  private listeners = new Set<() => void>();
  private running: Promise<SyncOutcome> | null = null;
  /** when the running cycle started (this.now()) */
  private runStartedAt = 0;
  private again = false;
  private started = false;
  /** set by stop(): a running cycle ends at its next step */
  private halted = false;
  private timer: unknown = null;
  /** set by `online` while a cycle runs: that cycle's failure is stale news, so one more cycle runs at once */
  private onlineAgain = false;
  private readonly onOnline = () => {
    // the signal is back: the backoff starts over, and a cycle failing right now is followed by a fresh one
    this.set({ failures: 0 });
    if (this.running) this.onlineAgain = true;
    void this.requestSync();
  };
  /**
   * Coming back to the app fires both `visibilitychange` and `focus`: a cycle that started less than
   * RETURN_COVERED_MS ago covers the second one (it would otherwise ask for another full cycle).
   */
  private readonly onReturn = () => {
    if (this.running && this.now() - this.runStartedAt < RETURN_COVERED_MS) return;
    void this.requestSync();
  };
  private readonly onVisibility = () => {
    if (this.opts.host?.isVisible()) this.onReturn();
  };
  private readonly onFocus = () => this.onReturn();

  constructor(opts: SyncEngineOptions) {
    this.opts = opts;
    this.db = opts.db;
    this.now = opts.now ?? Date.now;
  }

  // ---- observing ---------------------------------------------------------------------------------

  getState = (): SyncEngineState => this.state;

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  private set(patch: Partial<SyncEngineState>) {
    this.state = { ...this.state, ...patch };
    for (const fn of this.listeners) fn();
  }

  // ---- lifecycle ---------------------------------------------------------------------------------

  /** Listens for `online`, visibility and focus, and syncs now. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.halted = false;
    this.opts.host?.addEventListener('online', this.onOnline);
    this.opts.host?.addEventListener('visibilitychange', this.onVisibility);
    this.opts.host?.addEventListener('focus', this.onFocus);
    void this.requestSync();
  }

  /**
   * Stops listening and the timer; a cycle in flight ends after its current request (whose answer is
   * still recorded). Resolves when nothing runs any more, so sign-out can clear the cache safely.
   */
  async stop(): Promise<void> {
    this.started = false;
    this.halted = true;
    this.opts.host?.removeEventListener('online', this.onOnline);
    this.opts.host?.removeEventListener('visibilitychange', this.onVisibility);
    this.opts.host?.removeEventListener('focus', this.onFocus);
    this.clearTimer();
    await this.running?.catch(() => undefined);
  }

  /** After a new sign-in: the kept outbox goes on. */
  resume(): void {
    this.set({ authRequired: false, lastError: null });
    void this.requestSync();
  }

  /**
   * Asks for a cycle. While one runs, one more is run after it (ops queued meanwhile are not left for
   * the timer). Resolves with the outcome of the cycle that covered this request.
   */
  requestSync(): Promise<SyncOutcome> {
    if (this.state.authRequired) return Promise.resolve('auth');
    if (this.halted) return Promise.resolve('stopped');
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.runStartedAt = this.now();
    const run = (async () => {
      let outcome: SyncOutcome;
      let retryNow: boolean;
      do {
        this.again = false;
        this.onlineAgain = false;
        outcome = await this.cycleWithLock();
        // back online during a failing cycle: its failure is stale news; go again at once, backoff reset
        retryNow = this.onlineAgain && (outcome === 'retry' || outcome === 'error');
        if (retryNow) this.set({ failures: 0 });
      } while ((this.again && outcome === 'done') || retryNow);
      return outcome;
    })();
    this.running = run;
    void run.finally(() => {
      if (this.running === run) this.running = null;
    });
    return run;
  }

  /** Runs a cycle now (tests drive the engine with this; the timer is only used once started). */
  syncOnce(): Promise<SyncOutcome> {
    this.halted = false;
    return this.requestSync();
  }

  // ---- the cycle ---------------------------------------------------------------------------------

  private cycleWithLock(): Promise<SyncOutcome> {
    const lock = this.opts.host?.withLock;
    return lock ? lock(() => this.cycle()) : this.cycle();
  }

  private async cycle(): Promise<SyncOutcome> {
    this.clearTimer();
    this.set({ syncing: true, progress: null });
    try {
      await this.refreshClockIfOld();
      // the server answered but could not take a change (a 5xx, an unreadable answer): the change waits
      // in its place, and the board is still brought up to date, so one change the server keeps failing
      // on does not leave the device showing an old board. Not while a payment that was sent waits: the
      // server may have recorded it before failing, and the card would count it twice (downloaded and pending)
      const held = await this.upload().then(
        () => null,
        (e: unknown) => {
          if (e instanceof RetryLater) return e;
          throw e;
        },
      );
      if (held && (await this.paymentWaits())) throw held;
      await this.download();
      if (held) throw held;
      await this.db.setMeta('lastSyncedAt', new Date(this.now()).toISOString());
      this.set({ failures: 0, lastError: null });
      await this.scheduleNext();
      return 'done';
    } catch (e) {
      if (e instanceof AuthRequired) {
        this.set({ authRequired: true, lastError: 'Sign in again to sync your changes.' });
        this.opts.onAuthRequired?.();
        return 'auth';
      }
      if (e instanceof Halted) return 'stopped';
      const failures = this.state.failures + 1;
      this.set({ failures, lastError: e instanceof Error ? e.message : String(e) });
      this.schedule(backoffDelay(failures, this.opts.random));
      if (e instanceof RetryLater || e instanceof NetworkError) return 'retry';
      // a bug or a storage failure: keep everything, say so in the panel, try again later
      console.error('sync failed', e);
      return 'error';
    } finally {
      this.set({ syncing: false, progress: null });
    }
  }

  /**
   * Whether a desk payment is on its way that may already be on the server (sent, its answer lost or
   * failed): shown on the card on top of what the server says, a download would count it twice. One
   * never sent cannot be on the server (noteAttempt counts only sends that may have reached it).
   */
  private async paymentWaits(): Promise<boolean> {
    // a payment held for a desk user (senders.ts) was not sent by this one: it makes no download wait
    const role = (await this.db.getMeta('owner'))?.role;
    return (
      (await this.db.outbox
        .where('kind')
        .equals('payment')
        .filter((op) => op.state === 'pending' && mayBeOnServer(op) && maySend(role, op.kind))
        .count()) > 0
    );
  }

  /** Sends one request, measuring the clock on fresh answers that carry serverTime. */
  private async call(req: SyncRequest): Promise<SyncResponse> {
    if (this.halted) throw new Halted();
    const startedAt = this.now();
    let res: SyncResponse;
    // reachable as soon as an answer begins: a long first-download page would otherwise leave the
    // status saying "offline" for as long as its body takes to arrive
    const reached = () => {
      if (!this.state.reachable) this.set({ reachable: true });
    };
    try {
      res = await this.opts.transport(req, { onAnswer: reached });
    } catch (e) {
      if (e instanceof NetworkError) this.set({ reachable: false });
      throw e;
    }
    const endedAt = this.now();
    reached();
    // only fresh answers tell the time: a replayed Idempotency-Key answer carries its first serverTime
    if (res.status < 300 && !req.idempotencyKey) {
      const m = measureOffset(startedAt, endedAt, (res.body as { serverTime?: unknown } | null)?.serverTime);
      if (m) await recordOffset(this.db, m);
    }
    if (res.status === 401) throw new AuthRequired('Sign in again to sync your changes.');
    return res;
  }

  private async refreshClockIfOld(): Promise<void> {
    const stored = await this.db.getMeta('clockOffset');
    if (!offsetIsStale(stored, this.now(), CLOCK_REFRESH_MS)) return;
    const res = await this.call({ method: 'GET', path: '/sync/time' });
    if (isRetryable(res.status)) throw new RetryLater(`Server error (${res.status})`);
  }

  private async upload(): Promise<void> {
    let done = 0;
    let lastOpId: string | null = null;
    for (;;) {
      // another user's change this user may not send waits on the device for one who may (senders.ts)
      const [all, owner] = await Promise.all([pendingOps(this.db), this.db.getMeta('owner')]);
      const queue = all.filter((op) => maySend(owner?.role, op.kind));
      const op = queue[0];
      if (!op) return;
      // an op that stayed pending after its answer was recorded would loop forever: stop instead
      if (op.opId === lastOpId) throw new RetryLater('An outbox change could not be recorded');
      lastOpId = op.opId;
      this.set({ progress: { phase: 'upload', done, total: done + queue.length } });
      const run = leadingPickups(queue);
      if (run.length > 0) {
        // a batch refused whole (a 400 naming one op) goes one by one, so only that op fails
        if (!(await this.uploadPickups(run))) for (const p of run) await this.uploadOne(p);
        done += run.length;
      } else if (leadingCheckIns(queue).length > 1) {
        // the desk's taps queued offline go up together too; a batch refused whole goes one by one
        const desk = leadingCheckIns(queue);
        if (!(await this.uploadCheckIns(desk))) for (const c of desk) await this.uploadOne(c);
        done += desk.length;
      } else {
        await this.uploadOne(op);
        done += 1;
      }
    }
  }

  /**
   * Sends `req`, which carries `ops`, with them in the state's `sending` meanwhile (Sync details and
   * sign-out say they may be on the server), and marks them `leftAt` on the device first, so a tab closed
   * or reloaded before the answer, or another tab, says so too. A send that never left (the device
   * offline) takes its marks back.
   */
  private async sendOps(ops: readonly OutboxOp[], req: SyncRequest): Promise<SyncResponse> {
    const opIds = ops.map((op) => op.opId);
    this.set({ sending: opIds });
    const marked: string[] = [];
    const now = new Date().toISOString();
    // the browser says it is offline: nothing leaves (the transport answers so at once), nothing to mark
    if (typeof navigator === 'undefined' || navigator.onLine !== false)
      await this.db.outbox
        .where('opId')
        .anyOf(opIds)
        .modify((o) => {
          if (o.leftAt !== undefined) return;
          o.leftAt = now;
          marked.push(o.opId);
        });
    try {
      return await this.call(req);
    } catch (e) {
      if (e instanceof NetworkError && !e.mayHaveReached && marked.length)
        await this.db.outbox
          .where('opId')
          .anyOf(marked)
          .modify((o) => {
            delete o.leftAt;
          });
      throw e;
    } finally {
      this.set({ sending: [] });
    }
  }

  /** Sends one op through its own route and records the answer. */
  private async uploadOne(op: OutboxOp): Promise<void> {
    let res: SyncResponse;
    try {
      res = await this.sendOps([op], syncRequest(op));
    } catch (e) {
      if (e instanceof NetworkError) await noteAttempt(this.db, op, e.message, e.mayHaveReached);
      throw e;
    }
    if (res.status < 300) {
      try {
        if (op.kind === 'pickup') await settlePickup(this.db, op, await readAnswer((a) => a.parsePickupResult(res.body)));
        else if (op.kind === 'check-in') await settleCheckIn(this.db, op, await readAnswer((a) => a.parseCheckInResult(res.body)));
        else if (op.kind === 'payment') await settlePayment(this.db, op, await readAnswer((a) => a.parsePaymentAnswer(res.body)));
        else await settleHotelLink(this.db, op, await readAnswer((a) => a.parseHotelLinkAnswer(res.body)));
      } catch (e) {
        // an answer this app cannot read: the op stays queued, and its line in Sync details says why
        if (e instanceof RetryLater) await noteAttempt(this.db, op, e.message);
        throw e;
      }
    } else if (isRetryable(res.status)) {
      await noteAttempt(this.db, op, errorText(res));
      throw new RetryLater(`Server error (${res.status})`);
    } else if (res.status === 404 && op.kind === 'pickup') {
      await settleGonePickup(this.db, op);
    } else {
      const conflict = res.status === 409 && op.kind === 'hotel-link';
      await refuseOp(this.db, op, conflict ? 'conflict' : 'failed', errorText(res));
    }
  }

  /**
   * Sends consecutive pickups in one request (POST /flight-pickups/batch) and records every answer in one
   * Dexie transaction. False when the server refused the batch as a whole (4xx): the caller sends them
   * one by one. No answer or a 5xx: every op of the batch counts the attempt and the upload stops; the
   * batch is sent again later (each op is idempotent under its opId).
   */
  private async uploadPickups(run: PickupOp[]): Promise<boolean> {
    let res: SyncResponse;
    try {
      res = await this.sendOps(run, {
        method: 'POST',
        path: '/flight-info/admin/flight-pickups/batch',
        body: { ops: run.map((op) => ({ opId: op.opId, flightId: op.payload.flightId, ...pickupFields(op) })) },
      });
    } catch (e) {
      if (e instanceof NetworkError)
        await settlePickupBatch(
          this.db,
          run.map((op) => ({ op, outcome: 'retry', message: e.message, reached: e.mayHaveReached })),
        );
      throw e;
    }
    if (res.status >= 300 && !isRetryable(res.status)) return false;
    const results = res.status < 300 ? (res.body as { results?: PickupBatchResult[] } | null)?.results : undefined;
    const byOp = new Map((Array.isArray(results) ? results : []).map((r): [string, SyncResponse] => [r.opId, r]));
    const { parsePickupResult, MalformedAnswer } = await answers();
    // each op as its own answer; a whole-batch 5xx, or an op the answer left out, is "try again" for it
    const verdicts = run.map((op): PickupVerdict => {
      const r = byOp.get(op.opId) ?? (res.status < 300 ? { status: 502, body: null } : res);
      if (r.status < 300) {
        try {
          return { op, outcome: 'done', answer: parsePickupResult(r.body) };
        } catch (e) {
          if (e instanceof MalformedAnswer) return { op, outcome: 'retry', message: e.message };
          throw e;
        }
      }
      if (r.status === 404) return { op, outcome: 'gone' };
      return { op, outcome: isRetryable(r.status) ? 'retry' : 'failed', message: errorText(r) };
    });
    await settlePickupBatch(this.db, verdicts);
    if (verdicts.some((v) => v.outcome === 'retry')) throw new RetryLater(`Server error (${res.status})`);
    return true;
  }

  /**
   * Sends the desk's consecutive check-ins in one request (POST /registrations/check-in/batch), one answer
   * per op, settled one by one. False when the server refused the batch as a whole (4xx): the caller
   * sends them one by one. No answer, a 5xx, or an op's unreadable answer: the op stays pending and the
   * upload stops (each op is idempotent under its opId).
   */
  private async uploadCheckIns(run: CheckInOp[]): Promise<boolean> {
    let res: SyncResponse;
    try {
      res = await this.sendOps(run, {
        method: 'POST',
        path: '/registrations/check-in/batch',
        body: { ops: run.map((op) => ({ opId: op.opId, registration_id: op.payload.registrationId, ...checkInFields(op) })) },
      });
    } catch (e) {
      if (e instanceof NetworkError) for (const op of run) await noteAttempt(this.db, op, e.message, e.mayHaveReached);
      throw e;
    }
    if (res.status >= 300 && !isRetryable(res.status)) return false;
    const results =
      res.status < 300 ? (res.body as { results?: { opId: string; status: number; body: unknown }[] } | null)?.results : undefined;
    const byOp = new Map((Array.isArray(results) ? results : []).map((r): [string, SyncResponse] => [r.opId, r]));
    const { parseCheckInResult, MalformedAnswer } = await answers();
    let retry = false;
    for (const op of run) {
      const r = byOp.get(op.opId) ?? (res.status < 300 ? { status: 502, body: null } : res);
      if (r.status < 300) {
        try {
          await settleCheckIn(this.db, op, parseCheckInResult(r.body));
        } catch (e) {
          if (!(e instanceof MalformedAnswer)) throw e;
          await noteAttempt(this.db, op, e.message);
          retry = true;
        }
      } else if (isRetryable(r.status)) {
        await noteAttempt(this.db, op, errorText(r));
        retry = true;
      } else await refuseOp(this.db, op, 'failed', errorText(r));
    }
    if (retry) throw new RetryLater(`Server error (${res.status})`);
    return true;
  }

  private async download(): Promise<void> {
    const feeds = this.opts.feeds();
    for (const feed of feeds) await this.downloadFeed(feed);
    // the match suggestions, once bookings or registrations came (in this cycle or one cut short before)
    if (feeds.some((f) => f !== 'arrivals') && (await this.db.getMeta('candidatesStale'))) {
      await (await adminDownloads()).refreshCandidates(this.db);
    }
  }

  /** Downloads one feed from its cursor. */
  private async downloadFeed(feed: Feed): Promise<void> {
    let done = 0;
    const from = await copyPosition(this.db, feed);
    for (;;) {
      this.set({ progress: { phase: 'download', feed, done } });
      const res = await this.call({
        method: 'GET',
        path: `/sync/${feed}`,
        query: { since: from.cursor || undefined, limit: this.opts.pageLimit ?? PAGE_LIMIT },
      });
      if (isRetryable(res.status)) throw new RetryLater(`Server error (${res.status})`);
      // 403: this user may not have this feed (a role change); nothing to download, and the app re-reads who it is
      if (res.status === 403) {
        this.opts.onForbidden?.();
        return;
      }
      if (res.status >= 400) throw new RetryLater(`Could not download ${feed}: ${errorText(res)}`);
      let written: { rows: number; page: { cursor: string | number; hasMore: boolean } };
      try {
        if (feed === 'arrivals') {
          const p = await readAnswer((a) => a.parseArrivalsPage(res.body));
          written = await writeIntoCopy(this.db, feed, from, async () => {
            await applyArrivalsPage(this.db, p);
            return { rows: p.arrivals.length + p.removed.length, page: p };
          });
        } else {
          const admin = await adminDownloads();
          const p = await readAnswer((a) => admin.parseAdminPage(a, feed, res.body));
          written = await writeIntoCopy(this.db, feed, from, async () => {
            const w = await admin.applyAdminPage(this.db, p);
            if (w.rows > 0) await this.db.setMeta('candidatesStale', true);
            return w;
          });
        }
      } catch (e) {
        // another user's copy now, or another tab's download: this cycle ends here, and says nothing was
        // synced (docs/architecture.md)
        if (e instanceof CopyChanged) throw new RetryLater(e.message);
        throw e;
      }
      done += written.rows;
      const next = String(written.page.cursor);
      // a server that says "more" without moving the cursor would loop forever
      if (!written.page.hasMore || next === from.cursor) return;
      from.cursor = next;
    }
  }

  // ---- timer -------------------------------------------------------------------------------------

  private async scheduleNext(): Promise<void> {
    if (!this.started) return;
    const pending = await this.db.outbox.where('state').equals('pending').count();
    if (pending > 0 || this.opts.host?.isVisible()) this.schedule(PERIODIC_MS);
  }

  private schedule(ms: number): void {
    if (!this.started) return;
    this.clearTimer();
    const set = this.opts.setTimer ?? ((fn: () => void, t: number) => setTimeout(fn, t));
    this.timer = set(() => {
      this.timer = null;
      this.set({ nextAttemptAt: null });
      void this.requestSync().catch(() => undefined);
    }, ms);
    this.set({ nextAttemptAt: this.now() + ms });
  }

  private clearTimer(): void {
    if (this.timer === null) return;
    const clear = this.opts.clearTimer ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>));
    clear(this.timer);
    this.timer = null;
    if (this.state.nextAttemptAt !== null) this.set({ nextAttemptAt: null });
  }
}
