/**
 * Which rows of a table a committed Dexie write touched, from Dexie's `storagemutated` event (the event
 * its live queries are built on; it fires after every write transaction, in this tab or another). The
 * event names the primary keys a put or a delete of fewer than 50 rows wrote; a bigger write, a clear
 * or a range delete shows as a range. So a screen that holds a whole table in memory (the check-in desk:
 * every registration) can re-read the few rows a tap wrote instead of the whole table.
 */
import type { IntervalTree, IntervalTreeNode, ObservabilitySet } from 'dexie';

/** untouched: the write did not touch the table; all: re-read it whole; else the keys written */
export type Mutated = { kind: 'untouched' } | { kind: 'all' } | { kind: 'keys'; keys: number[] };

const isNode = (t: IntervalTree | null | undefined): t is IntervalTreeNode => !!t && t.d > 0;

/**
 * The rows of `table` (numeric primary keys) in database `dbName` that `parts` says were written: at
 * most `limit` single keys, or `all` when a range was written (or more keys than `limit`).
 */
export function mutatedKeys(parts: ObservabilitySet, dbName: string, table: string, limit = 100): Mutated {
  const tree = parts[`idb://${dbName}/${table}/`];
  if (!isNode(tree)) return { kind: 'untouched' };
  const keys: number[] = [];
  const stack: IntervalTreeNode[] = [tree];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.from !== node.to || typeof node.from !== 'number' || keys.length >= limit) return { kind: 'all' };
    keys.push(node.from);
    if (isNode(node.l)) stack.push(node.l);
    if (isNode(node.r)) stack.push(node.r);
  }
  return { kind: 'keys', keys };
}
