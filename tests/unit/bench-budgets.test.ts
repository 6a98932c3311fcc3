/**
 * The bench's verdicts (scripts/bench/budgets.ts): a missed throughput ratio says, in the same line, when
 * no server could have met it because PostgreSQL's own CPU per request caps the endpoint lower.
 */
import { describe, expect, it } from 'vitest';
import { ceiling, endpointVerdict, type Measured } from '../../scripts/bench/budgets';

const write = (over: Partial<Measured>): Measured => ({
  kind: 'write',
  ratio: 0.12,
  p99: 80,
  failures: 0,
  serverCpuMs: 0.6,
  databaseCpuMs: 0.71,
  healthReqPerSec: 9000,
  healthServerCpuMs: 0.11,
  cores: 2,
  ...over,
});

describe('bench verdicts', () => {
  it('a write whose ratio asks more than its ceiling says so beside the miss', () => {
    // 2 cores ÷ (0.71 ms in PostgreSQL + 0.11 ms, the health check's server CPU)
    expect(ceiling({ databaseCpuMs: 0.71, healthServerCpuMs: 0.11, cores: 2 })).toBe(2439);
    const v = endpointVerdict(write({}));
    expect(v.pass).toBe(false);
    expect(v.missed).toBe(
      "ratio ≥ 0.33 (asks 2,970 req/s; its PostgreSQL CPU and a server as cheap as the health check's allow at most 2,439 on 2 cores)",
    );
  });

  it('a miss the database could have allowed is reported plainly; a met budget passes', () => {
    expect(endpointVerdict(write({ databaseCpuMs: 0.5 })).missed).toBe('ratio ≥ 0.33');
    expect(endpointVerdict(write({ databaseCpuMs: null })).missed).toBe('ratio ≥ 0.33');
    expect(endpointVerdict(write({ ratio: 0.4, p99: 200 })).missed).toBe('p99 < 150 ms');
    expect(endpointVerdict(write({ ratio: 0.4 })).pass).toBe(true);
  });

  it('a read is judged against its own ratio; PGlite (no budgets) fails only on errors', () => {
    const read = write({ kind: 'read', ratio: 0.2, databaseCpuMs: 0.47, healthReqPerSec: 9340 });
    expect(endpointVerdict(read).missed).toBe(
      "ratio ≥ 0.5 (asks 4,670 req/s; its PostgreSQL CPU and a server as cheap as the health check's allow at most 3,448 on 2 cores)",
    );
    expect(endpointVerdict({ ...read, databaseCpuMs: 0.27 }).missed).toBe('ratio ≥ 0.5');
    expect(endpointVerdict(read, false)).toMatchObject({ pass: true, missed: '' });
    expect(endpointVerdict({ ...read, failures: 3 }, false)).toMatchObject({ pass: false, missed: 'no errors' });
  });
});
