/**
 * JSON answers cached by the database's MVCC snapshot (docs/decisions.md): for read endpoints whose answer
 * depends on nothing but the rows and the asker's role (the arrivals board, the stats summary, a staff
 * member's registration detail, an admin's list pages).
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
 * An answer read by one statement needs no transaction: the statement selects `SNAPSHOT_TEXT` beside its
 * rows (`read`), so a miss costs what the read cost before there was a cache. Answers of several
 * statements are read in one transaction (`json`), or, by `read`, kept only when every statement saw the
 * same snapshot (a list page and its count).
 *
 * Works the same on PGlite (one connection: the check waits for any running transaction to end).
 * Bounded: each cache its entries per database (least recently used dropped first) and a byte cap.
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

const SNAPSHOT_QUERY = sql`select ${SNAPSHOT_TEXT} as s`;

export async function currentSnapshot(db: DbOrTx): Promise<string> {
  return rowsOf<{ s: string }>(await db.execute(SNAPSHOT_QUERY))[0].s;
}

interface Entry {
  /** null: an answer not kept (its statements saw different snapshots) */
  snapshot: string | null;
  body: Uint8Array<ArrayBuffer>;
  /** the body compressed, by encoding, made when first asked for */
  encoded: Map<Encoding, Promise<Uint8Array<ArrayBuffer>>>;
}

const entryOf = (snapshot: string | null, value: unknown): Entry => ({
  snapshot,
  body: utf8.encode(JSON.stringify(value)),
  encoded: new Map(),
});

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

/**
 * An answer and the snapshot it was read at: the one of the statement that read it, when a single
 * statement reads the whole answer and selects `SNAPSHOT_TEXT` beside its rows; null when the answer took
 * statements that saw different snapshots (it is answered, not kept).
 */
export interface SnapshotRead {
  snapshot: string | null;
  value: unknown;
}

/**
 * Computes an answer. `known` is told, before the answer is read, a snapshot it will be at least as
 * fresh as, so requests arriving meanwhile at that snapshot wait for this answer instead of reading
 * their own.
 */
type Reader = (known: (snapshot: string) => void) => Promise<SnapshotRead>;

interface Running {
  snapshot: Promise<string | null>;
  entry: Promise<Entry>;
}

/** How much one cache keeps: entries (least recently used dropped first) and the answers' bytes. */
export interface CacheLimits {
  entries: number;
  bytes: number;
}

/** What an entry counts against the byte cap: its answer and its key (a search's text is part of a list page's). */
const size = (key: string, e: Entry) => e.body.length + key.length;

class SnapshotCache {
  private entries = new Map<string, Entry>();
  private running = new Map<string, Running>();
  private bytes = 0;

  constructor(private limits: CacheLimits) {}

  /** The answer for `key` at snapshot `now`: kept, being computed for `now`, or computed by `read`. */
  async json(key: string, now: string, read: Reader): Promise<Entry> {
    const hit = this.entries.get(key);
    if (hit?.snapshot === now) {
      this.entries.delete(key); // most recently used last
      this.entries.set(key, hit);
      return hit;
    }
    // a computation already under way at this very snapshot has this request's answer
    const running = this.running.get(key);
    if (running && (await running.snapshot.catch(() => null)) === now) return running.entry;
    return this.compute(key, read);
  }

  private compute(key: string, read: Reader): Promise<Entry> {
    let snapshotKnown!: (s: string | null) => void;
    let snapshotFailed!: (e: unknown) => void;
    const snapshot = new Promise<string | null>((resolve, reject) => {
      snapshotKnown = resolve;
      snapshotFailed = reject;
    });
    snapshot.catch(() => {}); // read by joiners only
    const entry = read(snapshotKnown)
      .then(
        ({ snapshot: s, value }): Entry => {
          snapshotKnown(s);
          const e = entryOf(s, value);
          if (s !== null) this.store(key, e);
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
      this.bytes -= size(key, old);
    }
    if (size(key, e) > this.limits.bytes) return;
    this.entries.set(key, e);
    this.bytes += size(key, e);
    for (const [k, v] of this.entries) {
      if (this.entries.size <= this.limits.entries && this.bytes <= this.limits.bytes) break;
      this.entries.delete(k);
      this.bytes -= size(k, v);
    }
  }
}

/** A cache of its own with `limits`, one per database object. */
export function snapshotCache(limits: CacheLimits) {
  const caches = new WeakMap<Db, SnapshotCache>();
  const of = (db: Db) => {
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = new SnapshotCache(limits)));
    return cache;
  };
  return {
    /**
     * The JSON text of `build(tx)`, computed in a read-only REPEATABLE READ transaction, or the bytes
     * computed earlier for the same `key` when the database's snapshot has not moved since: the snapshot
     * of the request's arrival `mark` when it has one (a read-only request of a signed-in user), else one
     * read now.
     */
    async json(db: Db, key: string, build: (tx: Tx) => Promise<unknown>, mark?: ArrivalMark | null): Promise<CachedJson> {
      const now = mark?.snapshot ?? (await currentSnapshot(db));
      const read: Reader = (known) =>
        db.transaction(
          async (tx) => {
            // the first statement fixes the transaction's snapshot: the same one every query below sees
            const s = await currentSnapshot(tx);
            known(s);
            return { snapshot: s, value: await build(tx) };
          },
          { isolationLevel: 'repeatable read', accessMode: 'read only' },
        );
      return cachedJson(await of(db).json(key, now, read));
    },
    /**
     * The JSON text of the answer `read` gives, or the bytes kept for `key` when the request's arrival
     * `mark` shows the snapshot they were read at. A miss costs what `read` costs and nothing more: its
     * own statement tells the snapshot. Requests arriving at the mark's snapshot while it reads share
     * its answer: its statement ran after that mark was read, and an equal snapshot text means nothing
     * was committed between their marks, so it shows every write committed before each of them. Without
     * a mark (no staff session) `read` answers, and nothing is kept.
     */
    async read(db: Db, key: string, mark: ArrivalMark | null, read: () => Promise<SnapshotRead>): Promise<CachedJson> {
      if (!mark) return cachedJson(entryOf(null, (await read()).value));
      return cachedJson(
        await of(db).json(key, mark.snapshot, (known) => {
          known(mark.snapshot);
          return read();
        }),
      );
    },
  };
}

/** Answers shared by every staff member: the arrivals board (one per date asked for) and the stats summary. */
const answers = snapshotCache({ entries: 16, bytes: 48 * 1024 * 1024 });

/** `json` of the cache of answers shared by every staff member (above). */
export const snapshotCachedJson = (db: Db, key: string, build: (tx: Tx) => Promise<unknown>, mark?: ArrivalMark | null) =>
  answers.json(db, key, build, mark);
