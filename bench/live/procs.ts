// Child processes of the live benchmarks: TypeScript children through tsx,
// request/response over IPC, and a process's resident memory from /proc.
import { fork, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export function forkTs(file: string, env: Record<string, string> = {}): ChildProcess {
  return fork(path.join(here, file), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** The next IPC message of `child` matching `match`. */
export function nextMessage<T>(
  child: ChildProcess,
  match: (m: T) => boolean,
  timeoutMs: number,
): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off('message', listener);
      resolve(null);
    }, timeoutMs);
    const listener = (m: unknown) => {
      if (!match(m as T)) return;
      clearTimeout(timer);
      child.off('message', listener);
      resolve(m as T);
    };
    child.on('message', listener);
  });
}

/** Resident and peak resident memory (MiB) of a process, from /proc. */
export function memoryMiB(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/**
 * Starts a process's peak resident memory (VmHWM) again from its current
 * size (Linux ≥ 4.0, `clear_refs` 5): a phase's peak, not the start-up's.
 */
export function resetPeakMemory(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

export const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

export function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const fmt = (x: number, digits = 1) => x.toFixed(digits).padStart(8);

/** CPU seconds (user + system) a process has used, from /proc. */
export function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds the whole machine spent busy since boot (/proc/stat: all but idle and iowait). */
export function machineBusySeconds(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = ticks.map(Number);
  const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
  return (total - n[3]! - n[4]!) / 100;
}

/**
 * CPU seconds of a process and every process it started that runs now (nginx:
 * its master and workers), from /proc's parent links.
 */
export function treeCpuSeconds(rootPid: number): number {
  const parents = new Map<number, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      parents.set(Number(pid), Number(fields[1]));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parents.get(p)) {
      if (p === rootPid) return true;
    }
    return false;
  };
  let total = 0;
  for (const pid of parents.keys()) {
    if (!inTree(pid)) continue;
    try {
      total += cpuSecondsOf(pid);
    } catch {
      // Ended meanwhile.
    }
  }
  return total;
}

/**
 * CPU seconds of every PostgreSQL process running now (the server's side of
 * the run: on PostgreSQL the database's work is the instances' work).
 */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes(' (postgres) ')) continue;
      const fields = stat.split(') ')[1]!.split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}
