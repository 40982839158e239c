/**
 * The downloads started in this browser, as a list of records changed by events. The side effects
 * (fetch, object URLs, notifications) live in downloads.ts; this is the bookkeeping they share.
 */

import type { DownloadKind } from '../../api/items.ts';

export type { DownloadKind };

/**
 * `downloading` → `complete` (the file is held in the browser until it is saved) or `failed`;
 * `cancelled` ends a download the user stopped; `handedOff` is a file too large to hold in the
 * browser, passed to the browser's own download manager, whose progress the page cannot see.
 */
export type BrowserDownloadState = 'downloading' | 'complete' | 'failed' | 'cancelled' | 'handedOff';

export interface BrowserDownload {
  id: string;
  itemId: string;
  title: string;
  kind: DownloadKind;
  filename: string;
  received: number;
  /** Bytes expected: the answer's Content-Length, else the size the caller knew; null if neither. */
  total: number | null;
  state: BrowserDownloadState;
  /** Why it failed (an ApiError for a refused request). */
  error: unknown;
  startedAt: number;
  /** The saved file's object URL while it is held (state `complete`). */
  objectUrl: string | null;
  /** The user has saved the completed file (at least once). */
  saved: boolean;
}

export type DownloadEvent =
  | { type: 'started'; download: BrowserDownload }
  | { type: 'answered'; id: string; total: number | null; filename: string | null }
  | { type: 'received'; id: string; bytes: number }
  | { type: 'completed'; id: string; objectUrl: string }
  | { type: 'saved'; id: string }
  | { type: 'handedOff'; id: string }
  | { type: 'failed'; id: string; error: unknown }
  | { type: 'cancelled'; id: string }
  | { type: 'dismissed'; id: string };

/** How many downloads the list keeps; the oldest finished ones go first. */
export const KEPT_DOWNLOADS = 50;

function update(
  list: readonly BrowserDownload[],
  id: string,
  change: (download: BrowserDownload) => BrowserDownload,
): readonly BrowserDownload[] {
  const index = list.findIndex((download) => download.id === id);
  const current = list[index];
  if (current === undefined) return list;
  const updated = change(current);
  return updated === current ? list : list.with(index, updated);
}

export function isInProgress(download: BrowserDownload): boolean {
  return download.state === 'downloading';
}

export function downloadsReducer(
  list: readonly BrowserDownload[],
  event: DownloadEvent,
): readonly BrowserDownload[] {
  switch (event.type) {
    case 'started': {
      const next = [event.download, ...list];
      if (next.length <= KEPT_DOWNLOADS) return next;
      // Never drop one that is still running.
      const dropIndex = next.findLastIndex((d) => !isInProgress(d));
      return dropIndex === -1 ? next : next.filter((_, index) => index !== dropIndex);
    }
    case 'answered':
      return update(list, event.id, (d) =>
        d.state !== 'downloading'
          ? d
          : { ...d, total: event.total ?? d.total, filename: event.filename ?? d.filename },
      );
    case 'received':
      return update(list, event.id, (d) =>
        d.state !== 'downloading' ? d : { ...d, received: d.received + event.bytes },
      );
    case 'completed':
      return update(list, event.id, (d) =>
        d.state !== 'downloading'
          ? d
          : // Without a Content-Length the total is known only now.
            { ...d, state: 'complete', total: d.received, objectUrl: event.objectUrl },
      );
    case 'saved':
      return update(list, event.id, (d) => (d.state !== 'complete' || d.saved ? d : { ...d, saved: true }));
    case 'handedOff':
      return update(list, event.id, (d) => (d.state !== 'downloading' ? d : { ...d, state: 'handedOff' }));
    case 'failed':
      return update(list, event.id, (d) =>
        d.state !== 'downloading' ? d : { ...d, state: 'failed', error: event.error },
      );
    case 'cancelled':
      return update(list, event.id, (d) =>
        d.state !== 'downloading' ? d : { ...d, state: 'cancelled', objectUrl: null },
      );
    case 'dismissed':
      return list.some((d) => d.id === event.id) ? list.filter((d) => d.id !== event.id) : list;
  }
}
