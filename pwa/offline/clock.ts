/**
 * The server's clock as seen from this device (docs/architecture.md: last tap wins by the time of the tap,
 * corrected by the offset to the server clock measured at the last successful request).
 *
 * Stored in meta 'clockOffset' ({ offsetMs, rttMs, measuredAt }) so a tap made offline after a restart
 * still gets a corrected time. offset = serverTime − midpoint of the request (Cristian's algorithm): the
 * error is at most half the round trip, so a measurement over a slow link does not replace a much
 * better recent one.
 */
import type { AppDB } from './db';
import type { ClockOffset } from './types';

/** A measurement older than this is replaced by any newer one, however slow its round trip. */
const FRESH_MS = 10 * 60 * 1000;

/** The offset (ms) of the server clock to the device clock from one request, or null if unusable. */
export function measureOffset(startedAt: number, endedAt: number, serverTime: unknown): ClockOffset | null {
  if (typeof serverTime !== 'string') return null;
  const server = Date.parse(serverTime);
  if (!Number.isFinite(server) || endedAt < startedAt) return null;
  return {
    offsetMs: Math.round(server - (startedAt + endedAt) / 2),
    rttMs: endedAt - startedAt,
    measuredAt: new Date(endedAt).toISOString(),
  };
}

/** How far two measurements may disagree beyond their error bounds (half of each round trip) before the clock is said to have jumped. */
const JUMP_SLACK_MS = 1000;

/**
 * Whether `next` should replace `prev`: a fresher or a more precise measurement wins, and so does any
 * measurement once the device's clock has jumped: it was set back (`next` is stamped before `prev`), or
 * the two offsets disagree by more than both error bounds allow. A precise offset from before the phone's
 * clock was changed is wrong by the size of the change, however precise it was.
 */
export function betterOffset(prev: ClockOffset | undefined, next: ClockOffset): boolean {
  if (!prev) return true;
  const age = Date.parse(next.measuredAt) - Date.parse(prev.measuredAt);
  const jumped = age < 0 || Math.abs(next.offsetMs - prev.offsetMs) > (next.rttMs + prev.rttMs) / 2 + JUMP_SLACK_MS;
  return jumped || age > FRESH_MS || next.rttMs <= prev.rttMs * 2 + 50;
}

/** Whether a stored measurement should be taken again: old, or stamped ahead of the device's clock (it was set back). */
export function offsetIsStale(stored: ClockOffset | undefined, now: number, maxAgeMs: number): boolean {
  if (!stored) return true;
  const age = now - Date.parse(stored.measuredAt);
  return age < 0 || age >= maxAgeMs;
}

/** Saves a measurement when it is at least as good as the stored one. */
export async function recordOffset(db: AppDB, m: ClockOffset): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const prev = await db.getMeta('clockOffset');
    if (betterOffset(prev, m)) await db.setMeta('clockOffset', m);
  });
}

/** Server clock − device clock in ms (0 until the first measurement). */
export async function readOffset(db: AppDB): Promise<number> {
  return (await db.getMeta('clockOffset'))?.offsetMs ?? 0;
}

/** How long a record's last tap time is kept: a measured offset moves by seconds, not by the hour. */
const TAP_MEMORY_MS = 60 * 60 * 1000;
/**
 * A last tap further ahead of the corrected clock than this came from a wrong clock (a reset phone before
 * its first measurement), not from a correction: it holds nothing back, or every later tap would carry
 * that wrong time.
 */
const TAP_AHEAD_MS = 10 * 60 * 1000;

/**
 * The time of a tap made now on `records` (a flight's pickup: 'flight:12'; a check-in: 'attendee:71' for
 * each attendee; none for a payment), on the server's clock, and later than this device's previous tap
 * on any of them (meta 'lastTaps'). A sync between a tap and its undo can measure the offset again and
 * move the corrected clock back; the undo must still be the later tap, or last tap wins would keep the
 * tap it undoes. Only the same records are held back, and not by a tap far ahead of the clock: one odd
 * stamp does not push later taps forward. Call inside a read-write transaction that includes meta.
 */
export async function tapTimeIso(db: AppDB, records: readonly string[], now: () => number = Date.now): Promise<string> {
  const corrected = now() + (await readOffset(db));
  const last = Object.entries((await db.getMeta('lastTaps')) ?? {}).filter(([, t]) => t - corrected <= TAP_AHEAD_MS);
  const held = new Map(last);
  const at = Math.max(corrected, ...records.map((r) => (held.get(r) ?? -Infinity) + 1));
  const kept = Object.fromEntries(last.filter(([, t]) => t > at - TAP_MEMORY_MS));
  for (const r of records) kept[r] = at;
  await db.setMeta('lastTaps', kept);
  return new Date(at).toISOString();
}
