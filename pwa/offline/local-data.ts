/**
 * Sign-out wipes the personal data on this device (docs/architecture.md#offline-layer), but never silently
 * drops changes that have not reached the server: with unsent ops in the
 * outbox it refuses, and the UI offers "Discard N pending changes" (force; pwa/app/discard-changes-dialog.tsx).
 * Kept: meta 'deviceId' only (a random id, not personal). Everything else goes: arrivals,
 * registrations, bookings, candidates, the outbox, receipts, cursors, clock offset, last-synced time,
 * the owner.
 *
 * clearCachedData is the part shared with the owner check (owner.ts): it empties the downloaded copy
 * and what says how far it got (cursors, "first download finished", last synced), and nothing else.
 */
import { forgetCopies } from './copy-marker';
import type { AppDB } from './db';
import type { Feed } from './downloads';
import type { MetaKey, OutboxOp } from './types';
import { asSent, signOutQuestion } from './sync-text';

/** Not cleared: how many changes, the question naming what they are, and what staying signed in does with them. */
export type ClearResult = { cleared: true } | { cleared: false; unsent: number; message: string; note: string };

/**
 * A change the server does not hold: waiting, refused, or a conflict it did not apply (a hotel link). A
 * payment conflict was recorded there (paid twice, or after cancelling): it stays only as a note.
 */
export const notOnServer = (op: OutboxOp): boolean =>
  op.state === 'pending' || op.state === 'failed' || (op.state === 'conflict' && op.kind !== 'payment');

/** Changes made on this device that the server does not hold (`notOnServer`). */
export async function unsentCount(db: AppDB): Promise<number> {
  return db.outbox.where('state').anyOf('pending', 'failed', 'conflict').filter(notOnServer).count();
}

/** Every table the downloads fill. */
export const cacheTables = (db: AppDB) => [db.arrivals, db.registrations, db.hotelAssignments, db.candidates];

/** The meta keys that describe a feed's copy: its cursor and whether its first download finished. */
export const feedMetaKeys = (feeds: Feed[]): MetaKey[] => feeds.flatMap((f) => [`cursor:${f}`, `complete:${f}`] as MetaKey[]);

/**
 * Empties the downloaded copy of the given feeds (all by default) and their cursors, so the next sync
 * downloads them afresh. With every feed, 'lastSyncedAt' goes too. Call inside a transaction over
 * cacheTables(db) and meta.
 */
export async function clearCachedData(db: AppDB, feeds: Feed[] = ['arrivals', 'hotel', 'registrations']): Promise<void> {
  const jobs: Promise<unknown>[] = [];
  if (feeds.includes('arrivals')) jobs.push(db.arrivals.clear());
  if (feeds.includes('registrations')) jobs.push(db.registrations.clear());
  if (feeds.includes('hotel')) jobs.push(db.hotelAssignments.clear());
  // candidates are computed from bookings and registrations
  if (feeds.includes('hotel') || feeds.includes('registrations')) jobs.push(db.candidates.clear());
  const keys = feedMetaKeys(feeds);
  if (feeds.length === 3) keys.push('lastSyncedAt');
  jobs.push(db.meta.bulkDelete(keys));
  forgetCopies(feeds);
  await Promise.all(jobs);
}

export async function clearLocalData(db: AppDB, opts: { force?: boolean; sending?: readonly string[] } = {}): Promise<ClearResult> {
  return db.transaction('rw', [...cacheTables(db), db.outbox, db.receipts, db.meta], async () => {
    const unsent = await db.outbox.where('state').anyOf('pending', 'failed', 'conflict').filter(notOnServer).toArray();
    if (unsent.length > 0 && !opts.force)
      return { cleared: false, unsent: unsent.length, ...signOutQuestion(unsent.map((op) => asSent(op, opts.sending ?? []))) };
    const deviceId = await db.getMeta('deviceId');
    await Promise.all([clearCachedData(db), db.outbox.clear(), db.receipts.clear(), db.meta.clear()]);
    if (deviceId) await db.setMeta('deviceId', deviceId);
    // a download already on its way (another tab's cycle) must not refill the copy just cleared
    await db.setMeta('signedOut', true);
    return { cleared: true };
  });
}
