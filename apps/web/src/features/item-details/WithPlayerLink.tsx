import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PlayerLink, PlayerLinkContext } from '../player/playerLink.ts';

/**
 * One link per item page, where its player and its comments meet (seeking, the timeline's markers);
 * an address with ?t= (seconds) opens the media there.
 */
export function WithPlayerLink({ children }: { children: ReactNode }) {
  const [link] = useState(() => new PlayerLink());
  const [params] = useSearchParams();
  const startAt = Number(params.get('t') ?? Number.NaN);
  useEffect(() => {
    if (Number.isFinite(startAt) && startAt >= 0) link.seek(startAt);
  }, [link, startAt]);
  return <PlayerLinkContext value={link}>{children}</PlayerLinkContext>;
}
