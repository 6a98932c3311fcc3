/**
 * A bad network for the offline layer's fault-injection tests: each device's sync requests reach the
 * REAL test app (in process), but some are dropped, some have their answer lost after the server applied
 * them, some are delivered twice (in a row or in parallel), and some arrive again much later
 * ("stragglers"). Seeded (`FAULT_SEED`), so a failing run can be repeated.
 */
import { expect } from 'vitest';
import type { TestApp } from './app';
import { deliverTo } from './app-transport';
import { NetworkError, type SyncRequest, type SyncResponse, type Transport } from '../../pwa/offline/transport';
import type { SyncEngine } from '../../pwa/offline/sync-engine';

/** The last of `taps` that `match` picks, by tap time: what last-tap-wins must leave on the server. */
export function lastTap<T extends { at: number }>(taps: readonly T[], match: (tap: T) => boolean): T | undefined {
  return taps
    .filter(match)
    .sort((a, b) => a.at - b.at)
    .at(-1);
}

/** mulberry32: a small seeded generator. */
function rngFrom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

export function faultNetwork(t: TestApp) {
  const seed = Number(process.env.FAULT_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const rng = rngFrom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
  const stats = { requests: 0, dropped: 0, lost: 0, duplicated: 0, parallelDuplicates: 0, replayedLater: 0, batches: 0, largestBatch: 0 };
  let faultsOn = true;
  /** requests "still in the network" that will arrive again later */
  const stragglers: { token: string; req: SyncRequest }[] = [];

  async function deliver(token: string, req: SyncRequest): Promise<SyncResponse> {
    stats.requests += 1;
    if (req.path.endsWith('/batch')) {
      stats.batches += 1;
      stats.largestBatch = Math.max(stats.largestBatch, (req.body as { ops: unknown[] }).ops.length);
    }
    return deliverTo(t, token, req);
  }

  /** A device's network: drops, lost answers, duplicates (in a row, in parallel, and much later). */
  function transport(token: string): Transport {
    return async (req) => {
      if (!faultsOn) return deliver(token, req);
      const r = rng();
      if (r < 0.12) {
        stats.dropped += 1;
        throw new NetworkError('dropped');
      }
      if (r < 0.24) {
        stats.lost += 1;
        const res = await deliver(token, req);
        expect(res.status).toBeLessThan(500);
        throw new NetworkError('answer lost');
      }
      if (r < 0.32) {
        stats.duplicated += 1;
        if (rng() < 0.5) {
          stats.parallelDuplicates += 1;
          const [a, b] = await Promise.all([deliver(token, req), deliver(token, req)]);
          expect(b.body).toEqual(a.body);
          return rng() < 0.5 ? a : b;
        }
        const a = await deliver(token, req);
        const b = await deliver(token, req);
        if (req.method === 'POST') expect(b).toEqual(a);
        return b;
      }
      if (r < 0.37 && req.method === 'POST') stragglers.push({ token, req });
      return deliver(token, req);
    };
  }

  /** Delivers some stragglers now (their answers go nowhere). */
  async function deliverStragglers() {
    const n = Math.floor(rng() * (stragglers.length + 1));
    for (const s of stragglers.splice(0, n)) {
      stats.replayedLater += 1;
      const res = await deliver(s.token, s.req);
      expect(res.status).toBeLessThan(500);
    }
  }

  /** The network heals: the stragglers left arrive, and from now on every request is delivered once. */
  async function heal() {
    await deliverStragglers();
    faultsOn = false;
    for (const s of stragglers.splice(0)) expect((await deliver(s.token, s.req)).status).toBeLessThan(500);
  }

  /** Syncs until a cycle completes (faults may need several tries). */
  async function syncUntilDone(name: string, engine: SyncEngine, maxTries = 60) {
    for (let i = 0; i < maxTries; i++) if ((await engine.syncOnce()) === 'done') return;
    throw new Error(`${name} could not complete a sync in ${maxTries} tries (seed ${seed})`);
  }

  return {
    seed,
    rng,
    pick,
    stats,
    transport,
    deliverStragglers,
    heal,
    syncUntilDone,
    setFaults: (on: boolean) => {
      faultsOn = on;
    },
  };
}
