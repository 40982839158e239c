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
 * CPU time of the local PostgreSQL backends serving `database` (their process titles name it) and
 * of the parallel workers, in ms: what a search costs the database, apart from everything else the
 * machine runs.
 */
export function backendsCpuMs(database: string): number {
  let sum = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      // Parallel workers do not name the database; few queries but the searches' use them.
      if (!title.startsWith('postgres: ')) continue;
      if (!title.includes(` ${database} `) && !title.includes('parallel worker')) continue;
      sum += processCpuMs(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return sum;
}
