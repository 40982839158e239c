import { readdirSync, readFileSync } from 'node:fs';

const CLOCK_TICK_MS = 10;

/** User + system CPU time of a process (all its threads), from /proc, in ms; 0 where /proc is absent. */
export function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
  } catch {
    return 0;
  }
}

/**
 * CPU time of each local PostgreSQL backend serving `database` (their process titles name it) and
 * of each parallel worker, by process id, in ms.
 */
export function backendsCpuMs(database: string): Map<number, number> {
  const used = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      // Parallel workers do not name the database; few queries but the searches' use them.
      if (!title.startsWith('postgres: ')) continue;
      if (!title.includes(` ${database} `) && !title.includes('parallel worker')) continue;
      used.set(Number(entry), processCpuMs(Number(entry)));
    } catch {
      // the process ended meanwhile
    }
  }
  return used;
}

/**
 * What the backends used between two readings: those that ended meanwhile are left out (an idle
 * connection the pool closed), those that started count from zero.
 */
export function backendsCpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}

/** This process's CPU time (every thread) and its waited-for children's, in ms. */
export function cpuNow(): number {
  const own = process.cpuUsage();
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (own.user + own.system) / 1000 + (Number(fields[13]) + Number(fields[14])) * CLOCK_TICK_MS;
  } catch {
    return (own.user + own.system) / 1000;
  }
}

/** Seconds of CPU (this process and its children) since a `cpuNow()` reading. */
export const cpuSince = (before: number): number => (cpuNow() - before) / 1000;
