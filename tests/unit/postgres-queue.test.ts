/**
 * postgres.js keeps its pool's connections in queues (its src/queue.js), patched here
 * (scripts/patches/postgres+3.4.9.patch, docs/decisions.md "postgres.js's pool queue, patched"). Unpatched,
 * a queue that never empties kept one slot per shift for ever: under steady load the pool's queue of busy
 * connections grew by one per query, and each query's `remove` scanned all of it. The first test fails on
 * the unpatched file (the shifted slots are still held after two million moves); the second checks that
 * the patch keeps the queue's order and removals, compactions included.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';

interface Queue<T> {
  readonly length: number;
  push(x: T): T;
  shift(): T | undefined;
  remove(x: T): T | null;
}

const loadQueue = async () => {
  const url = pathToFileURL(path.resolve('node_modules/postgres/src/queue.js')).href;
  return ((await import(url)) as { default: <T>(initial?: T[]) => Queue<T> }).default;
};

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapAfterGc = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

describe("postgres.js's pool queue", () => {
  it('stays small when it never empties, as the busy connections do under load', async () => {
    const Queue = await loadQueue();
    const busy = Queue<object>();
    const connections = Array.from({ length: 20 }, () => ({}));
    for (const c of connections) busy.push(c);
    const before = heapAfterGc();
    // the pool's pattern: take the longest-busy connection, give it a query, move it to the back (the
    // pool also calls remove(c) in between, which unpatched scanned every held slot: left out here, or
    // the unpatched run would take minutes to fail)
    for (let i = 0; i < 2_000_000; i++) busy.push(busy.shift()!);
    const grownMb = (heapAfterGc() - before) / 1024 / 1024;
    expect(busy.length).toBe(20);
    // unpatched: two million held slots, ≈ 16 MB
    expect(grownMb).toBeLessThan(4);
  });

  it('still hands out first in, first out, and removes from the middle', async () => {
    const Queue = await loadQueue();
    const q = Queue<number>();
    const model: number[] = [];
    let next = 0;
    // a fixed pseudo-random walk of pushes, shifts and removes, checked against a plain array
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let step = 0; step < 20_000; step++) {
      const r = random();
      if (r < 0.5 || model.length === 0) {
        q.push(next);
        model.push(next++);
      } else if (r < 0.85) {
        expect(q.shift()).toBe(model.shift());
      } else {
        const victim = model[Math.floor(random() * model.length)];
        expect(q.remove(victim)).toBe(victim);
        model.splice(model.indexOf(victim), 1);
        expect(q.remove(victim)).toBeNull();
      }
      expect(q.length).toBe(model.length);
    }
    while (model.length) expect(q.shift()).toBe(model.shift());
  });
});
