/**
 * Every cached registration held in memory for the check-in desk's search and counter, kept current
 * without re-reading the table on every write. Read whole once; after that a write that names the rows
 * it touched (a tap, a server's answer, a small download page: mutated-keys.ts) re-reads those rows
 * only, and a bigger write (a download page of 50 or more, a clear) re-reads the whole table at most
 * once per `settleMs`. Re-reading 2,000 registrations after every tap held the next tap's redraw up by
 * hundreds of milliseconds on a slow phone (docs/quality.md "Check-in desk").
 *
 * Reads run one after another, so a row read after a whole read always wins over it. Rows are read for
 * the session owner only (owner.ts): on another owner's copy the mirror holds nothing.
 */
import { Dexie, type ObservabilitySet } from 'dexie';
import type { AppDB } from './db';
import { mutatedKeys } from './mutated-keys';
import { readOwned } from './owner';
import type { CachedRegistration } from './types';

/** Calls `onRows` with every registration (in id order) now and after each change; returns the unsubscribe. */
export function mirrorRegistrations(
  db: AppDB,
  owner: number | null,
  onRows: (rows: CachedRegistration[]) => void,
  settleMs = 1000,
): () => void {
  let live = true;
  let byId = new Map<number, CachedRegistration>();
  let wholeTimer: ReturnType<typeof setTimeout> | undefined;
  let lastWhole = 0;
  const dirty = new Set<number>();
  let reads = Promise.resolve();
  const publish = (rows: CachedRegistration[]) => {
    if (live) onRows(rows);
  };
  const readWhole = async () => {
    lastWhole = Date.now();
    const answer = await readOwned(db, owner, (d) => d.registrations.toArray());
    byId = new Map((answer?.value ?? []).map((r) => [r.id, r]));
    publish(answer?.value ?? []);
  };
  const readDirty = async () => {
    const keys = [...dirty];
    dirty.clear();
    const answer = await readOwned(db, owner, (d) => d.registrations.bulkGet(keys));
    if (!answer) return publish([]);
    let added = false;
    keys.forEach((id, i) => {
      const row = answer.value[i];
      if (!row) byId.delete(id);
      else {
        added ||= !byId.has(id);
        byId.set(id, row);
      }
    });
    if (added) byId = new Map([...byId].sort(([a], [b]) => a - b));
    publish([...byId.values()]);
  };
  const enqueue = (read: () => Promise<void>) => {
    reads = reads.then(() => (live ? read() : undefined)).catch(() => undefined);
  };
  const settleWhole = () => {
    if (wholeTimer !== undefined) return;
    wholeTimer = setTimeout(
      () => {
        wholeTimer = undefined;
        enqueue(readWhole);
      },
      Math.max(0, lastWhole + settleMs - Date.now()),
    );
  };
  const onMutated = (parts: ObservabilitySet) => {
    const mutated = mutatedKeys(parts, db.name, 'registrations');
    if (mutated.kind === 'all') settleWhole();
    else if (mutated.kind === 'keys') {
      const idle = dirty.size === 0;
      mutated.keys.forEach((id) => dirty.add(id));
      if (idle) enqueue(readDirty);
    }
  };
  enqueue(readWhole);
  Dexie.on('storagemutated', onMutated);
  return () => {
    live = false;
    clearTimeout(wholeTimer);
    Dexie.on('storagemutated').unsubscribe(onMutated);
  };
}
