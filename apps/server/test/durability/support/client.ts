import sharp from 'sharp';

export interface TranscodingState {
  state: 'initiated' | 'progressing' | 'complete' | 'error' | null;
  progress: number;
  errorMessage: string | null;
}

/** The parts of the contract's Item these tests read. */
export interface ItemBody {
  id: string;
  itemType: string;
  resolvedThumbnailUrl: string;
  transcoding: TranscodingState;
  media: { segmentCount: number; segmentDuration: { numerator: number; denominator: number } } | null;
  technicalMetadata: {
    durationSeconds: number | null;
    videoCodec: string | null;
    audioCodec: string | null;
    width: number | null;
    height: number | null;
    size: number;
    sha256: string;
  } | null;
  versions: { id: string; size: number }[];
  leadingVersionId: string | null;
  playback: {
    hlsUrl: string | null;
    proxyUrl: string | null;
    posterUrl: string | null;
    previewUrl: string | null;
    waveformUrl: string | null;
    strip: { url: string; columns: number; rows: number; tileWidth: number; tileHeight: number } | null;
  } | null;
}

/** A signed-in user's HTTP client for a server on loopback (in-process or a child). */
export function client(base: string, cookie: string) {
  const get = (url: string, headers: Record<string, string> = {}) =>
    fetch(new URL(url, base), { headers: { cookie, ...headers } });
  const json = async <T>(url: string): Promise<T> => {
    const res = await get(url);
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  return {
    get,
    json,
    item: (id: string) => json<ItemBody>(`/api/v1/items/${id}`),
    historyActions: async (id: string) =>
      (await json<{ items: { action: string }[] }>(`/api/v1/items/${id}/history`)).items.map((h) => h.action),
    /** An image rendition: its content type and what sharp reads in it. */
    image: async (url: string) => {
      const res = await get(url);
      const body = Buffer.from(await res.arrayBuffer());
      const { format, width, height } = await sharp(body).metadata();
      return { status: res.status, contentType: res.headers.get('content-type'), format, width, height };
    },
  };
}

/** Settled: the pipeline finished one way or the other. */
export const isSettled = (t: TranscodingState): boolean => t.state === 'complete' || t.state === 'error';
