/**
 * JSON answers cached by the database's MVCC snapshot (docs/decisions.md): for read endpoints whose answer
 * depends on nothing but the rows (the arrivals board, the stats summary).
 *
 * `pg_current_snapshot()` is `xmin:xmax:running-xids`. Any transaction that ends changes it: an xid that
 * was running leaves the list, one that began later moves xmax. So two identical snapshot texts see
 * exactly the same committed rows, and an answer computed in a REPEATABLE READ transaction at snapshot S
 * is still the answer while the database's current snapshot is S. A request therefore costs one trivial
 * query while nobody writes (none, when it brings the snapshot its session lookup read: arrival-mark.ts),
 * and the first request after any write (an API call, a script, another server instance, psql) computes
 * afresh. Each server instance keeps its own cache and validates it
 * against the shared database; nothing that matters lives only in memory (docs/architecture.md).
 *
 * The postmaster's start time is part of the key (arrival-mark.ts says why). Caches are kept per database
 * object (two databases, or two PGlite instances, can show the same snapshot text).
 *
 * Works the same on PGlite (one connection: the check waits for any running transaction to end).
 * Bounded: a few entries per database (least recently used dropped first) and a byte cap.
 *
 * A large answer is also kept compressed, once per encoding a client asked for (server/lib/precompressed.ts);
 * the byte cap counts the answers' own bytes, and the compressed copies add about a tenth to them.
 */
import { sql } from 'drizzle-orm';
import { compressed, type CachedJson, type Encoding } from '../lib/precompressed';
import type { Db, DbOrTx, Tx } from './client';
import { rowsOf } from './rows';
import { SNAPSHOT_TEXT, type ArrivalMark } from './arrival-mark';

const utf8 = new TextEncoder();
const MAX_ENTRIES = 16;
const MAX_BYTES = 48 * 1024 * 1024;

const SNAPSHOT_QUERY = sql`select ${SNAPSHOT_TEXT} as s`;

export async function currentSnapshot(db: DbOrTx): Promise<string> {
  return rowsOf<{ s: string }>(await db.execute(SNAPSHOT_QUERY))[0].s;
}

interface Entry {
  snapshot: string;
  body: Uint8Array<ArrayBuffer>;
  /** the body compressed, by encoding, made when first asked for */
  encoded: Map<Encoding, Promise<Uint8Array<ArrayBuffer>>>;
}

const cachedJson = (entry: Entry): CachedJson => ({
  body: entry.body,
  encoded: (encoding) => {
    let bytes = entry.encoded.get(encoding);
    if (!bytes) {
      entry.encoded.set(encoding, (bytes = compressed(entry.body, encoding)));
      bytes.catch(() => entry.encoded.delete(encoding));
    }
    return bytes;
  },
});

interface Running {
  snapshot: Promise<string>;
  entry: Promise<Entry>;
}

class SnapshotCache {
  private entries = new Map<string, Entry>();
  private running = new Map<string, Running>();
  private bytes = 0;

  constructor(private db: Db) {}

  async json(key: string, build: (tx: Tx) => Promise<unknown>, known?: string): Promise<Entry> {
    const now = known ?? (await currentSnapshot(this.db));
    const hit = this.entries.get(key);
    if (hit?.snapshot === now) {
      this.entries.delete(key); // most recently used last
      this.entries.set(key, hit);
      return hit;
    }
    // a computation already under way at this very snapshot has this request's answer
    const running = this.running.get(key);
    if (running && (await running.snapshot.catch(() => null)) === now) return running.entry;
    return this.compute(key, build);
  }

  private compute(key: string, build: (tx: Tx) => Promise<unknown>): Promise<Entry> {
    let snapshotKnown!: (s: string) => void;
    let snapshotFailed!: (e: unknown) => void;
    const snapshot = new Promise<string>((resolve, reject) => {
      snapshotKnown = resolve;
      snapshotFailed = reject;
    });
    snapshot.catch(() => {}); // read by joiners only
    const entry = this.db
      .transaction(
        async (tx) => {
          // the first statement fixes the transaction's snapshot: the same one every query below sees
          const s = await currentSnapshot(tx);
          snapshotKnown(s);
          return { snapshot: s, body: utf8.encode(JSON.stringify(await build(tx))), encoded: new Map() };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      )
      .then(
        (e) => {
          this.store(key, e);
          return e;
        },
        (err: unknown) => {
          snapshotFailed(err);
          throw err;
        },
      )
      .finally(() => {
        if (this.running.get(key)?.entry === entry) this.running.delete(key);
      });
    this.running.set(key, { snapshot, entry });
    return entry;
  }

  private store(key: string, e: Entry) {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.body.length;
    }
    if (e.body.length > MAX_BYTES) return;
    this.entries.set(key, e);
    this.bytes += e.body.length;
    for (const [k, v] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
      this.entries.delete(k);
      this.bytes -= v.body.length;
    }
  }
}

const caches = new WeakMap<Db, SnapshotCache>();

/**
 * The JSON text of `build(tx)`, computed in a read-only REPEATABLE READ transaction, or the bytes
 * computed earlier for the same `key` when the database's snapshot has not moved since: the snapshot of
 * the request's arrival `mark` when it has one (a read-only request of a signed-in user), else one read now.
 */
export async function snapshotCachedJson(
  db: Db,
  key: string,
  build: (tx: Tx) => Promise<unknown>,
  mark?: ArrivalMark | null,
): Promise<CachedJson> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SnapshotCache(db)));
  return cachedJson(await cache.json(key, build, mark?.snapshot));
}
