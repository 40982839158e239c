import type { AnalysisState } from './items.ts';

/** The `item` event of GET /api/v1/events. */
export interface ItemEvent {
  itemId: string;
  transcoding: AnalysisState;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isAnalysisState(value: unknown): value is AnalysisState {
  return (
    isRecord(value) &&
    (value.state === null || typeof value.state === 'string') &&
    typeof value.enabled === 'boolean' &&
    typeof value.progress === 'number'
  );
}

/** The event's data, or null when it is not the contract's shape (it is then ignored). */
export function parseItemEvent(data: string): ItemEvent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || typeof parsed.itemId !== 'string' || !isAnalysisState(parsed.transcoding))
    return null;
  const transcoding = parsed.transcoding;
  return {
    itemId: parsed.itemId,
    transcoding: {
      state: transcoding.state,
      enabled: transcoding.enabled,
      errorMessage: typeof transcoding.errorMessage === 'string' ? transcoding.errorMessage : null,
      progress: transcoding.progress,
    },
  };
}

function sameState(a: unknown, b: AnalysisState): boolean {
  return (
    isRecord(a) &&
    a.state === b.state &&
    a.enabled === b.enabled &&
    a.errorMessage === b.errorMessage &&
    a.progress === b.progress
  );
}

function patchEntry(entry: unknown, event: ItemEvent): unknown {
  if (!isRecord(entry) || entry.id !== event.itemId || !('transcoding' in entry)) return entry;
  if (sameState(entry.transcoding, event.transcoding)) return entry;
  return { ...entry, transcoding: event.transcoding };
}

function patchPage(page: unknown, event: ItemEvent): unknown {
  if (!isRecord(page) || !Array.isArray(page.items)) return page;
  const items: unknown[] = page.items;
  const patched = items.map((entry) => patchEntry(entry, event));
  return patched.some((entry, i) => entry !== items[i]) ? { ...page, items: patched } : page;
}

/**
 * Applies an item's new transcoding state to whatever an item query holds: an infinite list
 * (`{ pages: Page[] }`), a page (`{ items }`) or one item. Returns the same object when the item is
 * not in it or already has that state, so unrelated queries do not re-render.
 */
export function applyItemEvent(data: unknown, event: ItemEvent): unknown {
  if (!isRecord(data)) return data;
  if (Array.isArray(data.pages)) {
    const pages: unknown[] = data.pages;
    const patched = pages.map((page) => patchPage(page, event));
    return patched.some((page, i) => page !== pages[i]) ? { ...data, pages: patched } : data;
  }
  if (Array.isArray(data.items)) return patchPage(data, event);
  return patchEntry(data, event);
}

/** Whether a query's data holds the item (to refetch it once its renditions exist). */
export function holdsItem(data: unknown, itemId: string): boolean {
  if (!isRecord(data)) return false;
  if (Array.isArray(data.pages)) return data.pages.some((page: unknown) => holdsItem(page, itemId));
  if (Array.isArray(data.items))
    return data.items.some((entry: unknown) => isRecord(entry) && entry.id === itemId);
  return data.id === itemId;
}
