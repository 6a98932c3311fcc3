/**
 * The bench's child processes: the production server (`node --import tsx server/main.ts`, one process so
 * its RSS is the server's own) and the floor server. Each is started in its own process group, waited
 * for until it prints the URL it listens on, and stopped with its whole group.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BENCH_SECRET } from './database';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Child {
  url: string;
  pid: number;
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}

/** Spawns `node --import tsx <script>` and resolves once a line matches `ready` (its first group is the URL). */
export async function startNode(
  script: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  opts: { nodeFlags?: string[]; timeoutMs?: number } = {},
): Promise<Child> {
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const child = spawn(process.execPath, [...(opts.nodeFlags ?? []), '--import', 'tsx', script, ...args], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start in ${timeoutMs / 1000} s:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = ready.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code}) before it was ready:\n${output}`));
    });
  });
  return { url, pid: child.pid!, child, exited, output: () => output };
}

/** The production server on `bench`'s database, on a free port, in its own process. */
export function startServer(bench: { env: Record<string, string> }, nodeFlags: string[] = []): Promise<Child> {
  return startNode(
    'server/main.ts',
    [],
    {
      ...bench.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      MAIL_TRANSPORT: 'log',
      SESSION_SECRET: BENCH_SECRET,
      STATIC_DIR: path.join(ROOT, 'dist'),
    },
    /running at (http:\/\/\S+)/,
    { nodeFlags },
  );
}

/** SIGTERM to the group, SIGKILL after 10 s. */
export async function stop(c: Child): Promise<void> {
  try {
    process.kill(-c.pid, 'SIGTERM');
  } catch {
    return;
  }
  const killer = setTimeout(() => {
    try {
      process.kill(-c.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }, 10_000);
  await c.exited;
  clearTimeout(killer);
}

/** Resident memory of one process, in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** Samples a process's RSS every `everyMs` until stopped; returns the highest value seen. */
export function sampleRss(pid: number, everyMs = 10) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      /* process gone */
    }
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ: 100 on Linux everywhere in practice). */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used so far, in ms; 0 when it is gone or not readable. */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // fields after "(comm)": state is field 3, utime field 14, stime field 15
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * CPU used by a set of processes between start() and stop(), in ms. The set is read again at the end
 * (database backends can be opened during a run); a process that appeared meanwhile counts from 0.
 */
export async function cpuMeter(pids: () => Promise<number[]> | number[]) {
  const before = new Map((await pids()).map((pid) => [pid, cpuMs(pid)]));
  return {
    stop: async () => {
      let total = 0;
      for (const pid of new Set([...before.keys(), ...(await pids())])) total += cpuMs(pid) - (before.get(pid) ?? 0);
      return total;
    },
  };
}
