import { useEffect, useState } from 'react';
import type { PlayerLink } from '../player/playerLink.ts';

// How often the word being said is looked up while the media plays.
const FOLLOW_MS = 200;

/** The player's time in milliseconds, read a few times a second (null without a player). */
export function usePlayerTimeMs(link: PlayerLink | null): number | null {
  const [ms, setMs] = useState<number | null>(null);
  useEffect(() => {
    if (!link) return undefined;
    const timer = setInterval(() => {
      const seconds = link.currentTime();
      setMs(seconds === null ? null : Math.round(seconds * 1000));
    }, FOLLOW_MS);
    return () => {
      clearInterval(timer);
    };
  }, [link]);
  return ms;
}
