/**
 * Whose data this is. The cache and the outbox belong to the user who filled them, recorded in meta
 * 'owner' ({ userId, name, role }). claimDevice runs when a user signs in (auth-context.tsx, before the
 * staff screens show) and again when syncing starts for them (runtime.ts startSync); until it has run
 * for the signed-in user, the hooks show nothing cached (hooks.ts). The rule:
 *
 *   the same user again         everything is kept (an expired session that signs in again loses
 *                               nothing); if they are now a greeter, the admin-only copies go
 *                               (registrations, bookings, candidates: a greeter's phone never keeps them).
 *   nobody's data (empty cache, empty outbox, no owner)
 *                               the user becomes the owner.
 *   a DIFFERENT user, or data with no recorded owner (a device from before owners were recorded)
 *                               the previous user's cached personal data goes: arrivals, registrations,
 *                               bookings, candidates, with their cursors, "first download finished" and
 *                               last-synced time, so the new user's first sync downloads their own copy.
 *                               The outbox stays: an unsent tap or link is a change someone made at the
 *                               desk, and docs/decisions.md says a tick is never lost. Each op carries who made it
 *                               (`madeBy`; a pickup also carries the tapper's name, which the server
 *                               records), and is replayed under the new session, or waits for a user
 *                               whose role may send it (senders.ts: a check-in desk's user cannot send
 *                               a greeter's tick). The sync panel says that
 *                               another user's changes were kept and their saved data removed
 *                               (handoverNotice), until those changes are on the server (local-data.ts
 *                               notOnServer: a payment kept as a conflict is there already).
 *   always kept                 this device's id, the measured server-clock offset and its last taps'
 *                               times (not personal).
 *
 * Everything happens in one Dexie transaction, so no screen can read a half-cleared copy.
 */
import type { AppDB } from './db';
import { ensureDeviceId } from './device';
import { cacheTables, clearCachedData, notOnServer } from './local-data';
import { feedsFor, type Feed } from './downloads';
import { maySend, sendersOfAll } from './senders';
import type { DeviceOwner, OutboxOp } from './types';
import type { Role } from '../../shared/constants';

export interface ClaimUser {
  id: number;
  /** 'First Last' */
  name: string;
  role: Role;
}

/**
 * kept: the same user, nothing removed; adopted: nothing was here, the user now owns it;
 * narrowed: the same user, now a greeter: the admin-only copies were removed;
 * cleared: another user's (or nobody's recorded) data was removed, `keptOps` unsent changes were kept.
 */
export type ClaimResult =
  | { kind: 'kept' }
  | { kind: 'adopted' }
  | { kind: 'narrowed' }
  | { kind: 'cleared'; keptOps: number; previous: Pick<DeviceOwner, 'userId' | 'name'> | null };

const UNSENT = ['pending', 'failed', 'conflict'] as const;

async function unsentOps(db: AppDB): Promise<OutboxOp[]> {
  return db.outbox
    .where('state')
    .anyOf([...UNSENT])
    .sortBy('seq');
}

async function isEmpty(db: AppDB): Promise<boolean> {
  const counts = await Promise.all([...cacheTables(db), db.outbox].map((t) => t.count()));
  return counts.every((n) => n === 0);
}

/** The cached feeds of `from` that `to` does not download in the same view. */
function changedFeeds(from: Role, to: Role): Feed[] {
  const kept = feedsFor(to);
  return feedsFor(from).filter((f) => !kept.includes(f) || f === 'registrations');
}

export async function claimDevice(db: AppDB, user: ClaimUser, now: () => number = Date.now): Promise<ClaimResult> {
  return db.transaction('rw', [...cacheTables(db), db.outbox, db.receipts, db.meta], async () => {
    await ensureDeviceId(db);
    await db.meta.delete('signedOut');
    const owner = await db.getMeta('owner');
    const stamp: DeviceOwner = { userId: user.id, name: user.name, role: user.role, since: new Date(now()).toISOString() };

    if (owner && owner.userId === user.id) {
      // another role reads other feeds, or the same feed in another view (an admin's registrations are
      // the full records, the desk's are not): what the new role does not read as it is, is removed
      const dropped = owner.role === user.role ? [] : changedFeeds(owner.role, user.role);
      const narrowed = dropped.length > 0;
      if (narrowed) await clearCachedData(db, dropped);
      if (owner.role !== user.role || owner.name !== user.name) await db.setMeta('owner', { ...stamp, since: owner.since });
      return { kind: narrowed ? 'narrowed' : 'kept' };
    }
    if (!owner && (await isEmpty(db))) {
      await db.setMeta('owner', stamp);
      return { kind: 'adopted' };
    }

    const kept = await unsentOps(db);
    await clearCachedData(db);
    // receipts describe the previous user's ops that already left; the kept ones write their own later
    await db.receipts.clear();
    // an op from before authors were recorded was the previous owner's (or nobody known's)
    const previous = owner ? { userId: owner.userId, name: owner.name } : null;
    for (const op of kept) if (!op.madeBy) await db.outbox.update(op.seq!, { madeBy: previous ?? { userId: null, name: null } });
    await db.setMeta('owner', stamp);
    return { kind: 'cleared', keptOps: kept.length, previous };
  });
}

/** Unsent changes on this device made by someone other than its owner, grouped for the sync panel. */
export interface HandoverNotice {
  count: number;
  /** the names of who made them, as recorded; empty when unknown */
  names: string[];
  /** how many of them, waiting to be sent, the signed-in user's role may not send (senders.ts): they wait for one who may */
  held: number;
  /** the roles that may send every held one (empty when none is held) */
  heldFor: Role[];
}

/** The sync panel's notice about another user's unsent changes, or null when there are none. */
export async function handoverNotice(db: AppDB): Promise<HandoverNotice | null> {
  // both reads start at once (see readOwned: a live query tracks reads started in its first step)
  const [row, ops] = await Promise.all([db.meta.get('owner'), unsentOps(db)]);
  const owner = row?.value as DeviceOwner | undefined;
  if (!owner) return null;
  const foreign = ops.filter((op) => notOnServer(op) && !!op.madeBy && op.madeBy.userId !== owner.userId);
  if (!foreign.length) return null;
  const names = [...new Set(foreign.flatMap((op) => (op.madeBy?.name ? [op.madeBy.name] : [])))];
  // only what would be sent: a refused or conflicting change waits for Retry or Resolve, not for a role
  const held = foreign.filter((op) => op.state === 'pending' && !maySend(owner.role, op.kind));
  return { count: foreign.length, names, held: held.length, heldFor: held.length ? sendersOfAll(held.map((op) => op.kind)) : [] };
}

/**
 * The hooks' gate (hooks.ts): reads the cache only for `sessionOwner` (the signed-in user whose owner
 * check ran) and only while the copy is theirs; undefined otherwise. The answer is tagged with whom it
 * was read for, so a stale answer is never handed to someone else.
 *
 * The owner and the data are read side by side, not one after the other: inside a live query, a read
 * started after awaiting another async function can fall outside Dexie's tracking, and the screen would
 * then miss later changes to that data.
 */
export async function readOwned<T>(
  db: AppDB,
  sessionOwner: number | null,
  read: (db: AppDB) => Promise<T> | T,
): Promise<{ owner: number; value: T } | undefined> {
  if (sessionOwner === null) return undefined;
  const [row, value] = await Promise.all([db.meta.get('owner'), read(db)]);
  return (row?.value as DeviceOwner | undefined)?.userId === sessionOwner ? { owner: sessionOwner, value } : undefined;
}
