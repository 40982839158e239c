import { useQuery } from '@tanstack/react-query';
import { parseWaveform, type Waveform } from './waveform.ts';

async function fetchWaveform(url: string, signal: AbortSignal): Promise<Waveform | null> {
  const response = await fetch(url, {
    credentials: 'same-origin',
    signal,
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Waveform: HTTP ${response.status}`);
  return parseWaveform(await response.json());
}

/** The audio's waveform; null while loading, when missing or unreadable (the player falls back to a bar). */
export function useWaveform(url: string | null): Waveform | null {
  const query = useQuery({
    queryKey: ['player', 'waveform', url],
    queryFn: ({ signal }) => fetchWaveform(url ?? '', signal),
    enabled: url !== null,
    // A rendition does not change under the same URL.
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  return query.data ?? null;
}
