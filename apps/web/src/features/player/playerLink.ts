import { createContext, useContext, useEffect, useSyncExternalStore, type RefObject } from 'react';

/** A comment's place on the timeline. */
export interface TimelineMarker {
  id: string;
  startMs: number;
  endMs: number | null;
  label: string;
  resolved: boolean;
}

interface Handle {
  element: HTMLMediaElement;
  seek: (seconds: number) => void;
}

const NO_MARKERS: readonly TimelineMarker[] = [];

/**
 * What the item page shares with its player: the time now, a seek that waits until the media is
 * ready (an address with ?t= opens there), and the markers drawn on the player's timeline.
 */
export class PlayerLink {
  #handle: Handle | null = null;
  #pending: number | null = null;
  #markers: readonly TimelineMarker[] = NO_MARKERS;
  #onMarker: ((id: string) => void) | null = null;
  readonly #listeners = new Set<() => void>();

  attach(handle: Handle | null): void {
    this.#handle = handle;
    if (handle && this.#pending !== null) this.seek(this.#pending);
  }

  /** The player's media element, while one is attached (the cutter reads what it has buffered). */
  element(): HTMLMediaElement | null {
    return this.#handle?.element ?? null;
  }

  /** Seconds into the media, or null without a player. */
  currentTime(): number | null {
    return this.#handle ? this.#handle.element.currentTime : null;
  }

  seek(seconds: number): void {
    const handle = this.#handle;
    if (!handle || handle.element.readyState < HTMLMediaElement.HAVE_METADATA) {
      this.#pending = seconds;
      handle?.element.addEventListener(
        'loadedmetadata',
        () => {
          if (this.#pending !== null && this.#handle === handle) this.seek(this.#pending);
        },
        { once: true },
      );
      return;
    }
    this.#pending = null;
    handle.seek(seconds);
  }

  get markers(): readonly TimelineMarker[] {
    return this.#markers;
  }

  setMarkers(markers: readonly TimelineMarker[], onMarker: (id: string) => void): void {
    this.#markers = markers;
    this.#onMarker = onMarker;
    for (const listener of this.#listeners) listener();
  }

  markerChosen(marker: TimelineMarker): void {
    this.seek(marker.startMs / 1000);
    this.#onMarker?.(marker.id);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };
}

export const PlayerLinkContext = createContext<PlayerLink | null>(null);

/** A player hands the item page its element and seek while it is mounted. */
export function useAttachPlayer(
  ref: RefObject<HTMLMediaElement | null>,
  seek: (seconds: number) => void,
): void {
  const link = useContext(PlayerLinkContext);
  useEffect(() => {
    const element = ref.current;
    if (!link || !element) return undefined;
    link.attach({ element, seek });
    return () => {
      link.attach(null);
    };
  }, [link, ref, seek]);
}

/** The markers to draw, and what choosing one does. */
export function useTimelineMarkers(): {
  markers: readonly TimelineMarker[];
  choose: (m: TimelineMarker) => void;
} {
  const link = useContext(PlayerLinkContext);
  const markers = useSyncExternalStore(link?.subscribe ?? noSubscribe, () => link?.markers ?? NO_MARKERS);
  return { markers, choose: (m) => link?.markerChosen(m) };
}

const noSubscribe = () => () => undefined;
