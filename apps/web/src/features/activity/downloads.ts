import { useSyncExternalStore } from 'react';
import { parseApiError } from '../../api/errors.ts';
import { itemDownloadUrl } from '../../api/items.ts';
import {
  downloadsReducer,
  type BrowserDownload,
  type DownloadEvent,
  type DownloadKind,
} from './downloadState.ts';
import { filenameFromDisposition } from './progress.ts';

/**
 * The download manager of this browser tab: the item page's Download buttons start downloads here,
 * the download notification and the activity monitor's Download tab show them. A download is fetched
 * with a stream reader (for its progress), held as a Blob, and saved through an object URL when the
 * user chooses Save (spec §4: "in progress, then completed with a save action").
 */

/**
 * Above this size a file is not held in the page (its bytes would sit in memory until saved): it is
 * handed to the browser's own download manager through a hidden frame instead.
 */
export const IN_BROWSER_LIMIT = 1024 ** 3;

/** Spec §4: a hidden download frame is removed after 60 minutes; a held file is released as long. */
export const HOLD_MS = 60 * 60 * 1000;

/** Progress is published at most this often, not on every chunk the network delivers. */
const PROGRESS_INTERVAL_MS = 150;

export interface DownloadRequest {
  itemId: string;
  title: string;
  kind: DownloadKind;
  versionId?: string | undefined;
  /** The size the page knows (the version's or the metadata's); the answer's Content-Length wins. */
  size: number | null;
  /** Used until the answer names the file. */
  filename: string;
}

let downloads: readonly BrowserDownload[] = [];
const listeners = new Set<() => void>();
const controllers = new Map<string, AbortController>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();

function dispatch(event: DownloadEvent): void {
  const next = downloadsReducer(downloads, event);
  if (next === downloads) return;
  // Object URLs of records that are gone, or no longer hold their file, are released.
  for (const before of downloads) {
    const after = next.find((d) => d.id === before.id);
    if (before.objectUrl && after?.objectUrl !== before.objectUrl) URL.revokeObjectURL(before.objectUrl);
  }
  downloads = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const snapshot = () => downloads;

/** Every download of this tab, newest first. */
export function useBrowserDownloads(): readonly BrowserDownload[] {
  return useSyncExternalStore(subscribe, snapshot);
}

/** The state of one download now, outside React; null once it has been dismissed. */
export function downloadState(id: string): BrowserDownload['state'] | null {
  return downloads.find((d) => d.id === id)?.state ?? null;
}

/** One download, or null once it has been dismissed. */
export function useBrowserDownload(id: string): BrowserDownload | null {
  return useSyncExternalStore(subscribe, () => downloads.find((d) => d.id === id) ?? null);
}

function releaseLater(id: string, release: () => void): void {
  timers.set(
    id,
    setTimeout(() => {
      timers.delete(id);
      release();
    }, HOLD_MS),
  );
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

async function fetchInto(id: string, url: string, signal: AbortSignal): Promise<void> {
  const response = await fetch(url, { credentials: 'include', signal });
  if (!response.ok) throw parseApiError(response.status, await readJson(response), response.statusText);
  const length = Number(response.headers.get('content-length') ?? NaN);
  dispatch({
    type: 'answered',
    id,
    total: Number.isFinite(length) && length >= 0 ? length : null,
    filename: filenameFromDisposition(response.headers.get('content-disposition')),
  });
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const reader = response.body?.getReader();
  if (reader) {
    let pending = 0;
    let published = Date.now();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      pending += value.byteLength;
      if (Date.now() - published >= PROGRESS_INTERVAL_MS) {
        dispatch({ type: 'received', id, bytes: pending });
        pending = 0;
        published = Date.now();
      }
    }
    if (pending > 0) dispatch({ type: 'received', id, bytes: pending });
  }
  const blob = new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' });
  const objectUrl = URL.createObjectURL(blob);
  if (signal.aborted) {
    URL.revokeObjectURL(objectUrl);
    return;
  }
  dispatch({ type: 'completed', id, objectUrl });
  releaseLater(id, () => {
    dispatch({ type: 'dismissed', id });
  });
}

/** Lets the browser download the file itself, through a frame removed after HOLD_MS. */
function handOff(id: string, url: string): void {
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.src = url;
  document.body.appendChild(frame);
  dispatch({ type: 'handedOff', id });
  releaseLater(id, () => {
    frame.remove();
  });
}

/** Starts a download; returns its id. */
export function startDownload(request: DownloadRequest): string {
  const id = crypto.randomUUID();
  const url = itemDownloadUrl(request.itemId, request.kind, request.versionId);
  dispatch({
    type: 'started',
    download: {
      id,
      itemId: request.itemId,
      title: request.title,
      kind: request.kind,
      filename: request.filename,
      received: 0,
      total: request.size,
      state: 'downloading',
      error: null,
      startedAt: Date.now(),
      objectUrl: null,
      saved: false,
    },
  });
  if (request.size !== null && request.size > IN_BROWSER_LIMIT) {
    handOff(id, url);
    return id;
  }
  const controller = new AbortController();
  controllers.set(id, controller);
  fetchInto(id, url, controller.signal)
    .catch((error: unknown) => {
      if (!controller.signal.aborted) dispatch({ type: 'failed', id, error });
    })
    .finally(() => {
      controllers.delete(id);
    });
  return id;
}

/** Stops a running download and its request. */
export function cancelDownload(id: string): void {
  const controller = controllers.get(id);
  dispatch({ type: 'cancelled', id });
  controller?.abort();
}

/** Saves a completed download under its file name. */
export function saveDownload(id: string): void {
  const download = downloads.find((d) => d.id === id);
  if (!download?.objectUrl) return;
  const link = document.createElement('a');
  link.href = download.objectUrl;
  link.download = download.filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  dispatch({ type: 'saved', id });
}

/** Forgets a download, stopping it first when it still runs, and releases its file. */
export function dismissDownload(id: string): void {
  cancelDownload(id);
  const timer = timers.get(id);
  if (timer !== undefined && downloads.find((d) => d.id === id)?.state !== 'handedOff') {
    clearTimeout(timer);
    timers.delete(id);
  }
  dispatch({ type: 'dismissed', id });
}
