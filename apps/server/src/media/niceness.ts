import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * The niceness every analysis tool and the vision thread run at: the weakest share of the
 * processors, so a transcode beside an analysis (an upload's proxy) is barely slowed by it, and
 * the analysis still gets all the processors nothing else wants.
 */
export const ANALYSIS_NICENESS = 19;

/**
 * Lowers the calling thread alone to ANALYSIS_NICENESS (Linux keeps a niceness per thread, and
 * threads it starts inherit it); elsewhere it does nothing.
 */
export function niceThisThread(): void {
  if (process.platform !== 'linux') return;
  // /proc/thread-self links to <pid>/task/<thread id>.
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(threadId)) setPriority(threadId, ANALYSIS_NICENESS);
}
