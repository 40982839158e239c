import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { API_BASE } from './client.ts';
import { applyItemEvent, holdsItem, parseItemEvent, type ItemEvent } from './itemCache.ts';
import { queryKeys } from './queryKeys.ts';

export type { ItemEvent };

interface Subscriber {
  onItem?: (event: ItemEvent) => void;
  /** A notification arrived for the user, or some were read (in another tab too). */
  onAccount?: () => void;
  /** The stream came back after dropping: events may have been missed. */
  onReconnect?: () => void;
}

// One EventSource per tab, however many screens listen, closed when the last one leaves.
const subscribers = new Set<Subscriber>();
let source: EventSource | null = null;

function open(): EventSource {
  const stream = new EventSource(`${API_BASE}/events`, { withCredentials: true });
  let dropped = false;
  stream.addEventListener('item', (message) => {
    const event = parseItemEvent(String(message.data));
    if (event) for (const subscriber of subscribers) subscriber.onItem?.(event);
  });
  for (const name of ['notification', 'notifications']) {
    stream.addEventListener(name, () => {
      for (const subscriber of subscribers) subscriber.onAccount?.();
    });
  }
  stream.addEventListener('error', () => {
    dropped = true;
  });
  stream.addEventListener('open', () => {
    if (!dropped) return;
    dropped = false;
    for (const subscriber of subscribers) subscriber.onReconnect?.();
  });
  return stream;
}

function subscribe(subscriber: Subscriber): () => void {
  subscribers.add(subscriber);
  source ??= open();
  return () => {
    subscribers.delete(subscriber);
    if (subscribers.size === 0) {
      source?.close();
      source = null;
    }
  };
}

/** Calls `onItem` for every `item` event of GET /api/v1/events while the component is mounted. */
export function useItemEvents(onItem: (event: ItemEvent) => void, onReconnect?: () => void): void {
  const latest = useRef({ onItem, onReconnect });
  useEffect(() => {
    latest.current = { onItem, onReconnect };
  });
  useEffect(
    () =>
      subscribe({
        onItem: (event) => {
          latest.current.onItem(event);
        },
        onReconnect: () => {
          latest.current.onReconnect?.();
        },
      }),
    [],
  );
}

/**
 * Calls `onAccount` whenever the user's notifications change (one arrived, some were read), and
 * after the stream came back from a drop, while the component is mounted.
 */
export function useAccountEvents(onAccount: () => void): void {
  const latest = useRef(onAccount);
  useEffect(() => {
    latest.current = onAccount;
  });
  useEffect(
    () =>
      subscribe({
        onAccount: () => {
          latest.current();
        },
        onReconnect: () => {
          latest.current();
        },
      }),
    [],
  );
}

/**
 * Keeps every cached item (lists, recycle bin, details) at its live transcoding state. Once an item's
 * transcoding has completed, the queries holding it are refetched: its thumbnail and duration exist now.
 */
export function useLiveTranscoding(): void {
  const client = useQueryClient();
  useItemEvents(
    (event) => {
      client.setQueriesData({ queryKey: queryKeys.items }, (data: unknown) => applyItemEvent(data, event));
      if (event.transcoding.state === 'complete') {
        void client.invalidateQueries({
          queryKey: queryKeys.items,
          predicate: (query) => holdsItem(query.state.data, event.itemId),
        });
      }
    },
    () => {
      void client.invalidateQueries({ queryKey: queryKeys.items });
    },
  );
}
