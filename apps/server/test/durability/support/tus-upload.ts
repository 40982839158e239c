import { createReadStream } from 'node:fs';
import * as tus from 'tus-js-client';

export interface TusOptions {
  endpoint: string;
  cookie: string;
  metadata: Record<string, string>;
  chunkSize?: number;
  /** Delays between attempts after a failed request; null fails at once. */
  retryDelays?: number[] | null;
  onProgress?: (bytesSent: number, bytesTotal: number) => void;
}

export interface TusResult {
  itemId: string;
  uploadUrl: string;
}

/**
 * Uploads a file from disk with the real tus client, as the web app's Uppy does. It reads each
 * chunk from the file (never the whole file into memory) and, with retryDelays, resumes after a
 * failed request from the offset the server answers to HEAD.
 */
export function tusUpload(file: string, o: TusOptions): Promise<TusResult> {
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(createReadStream(file), {
      endpoint: o.endpoint,
      chunkSize: o.chunkSize ?? Infinity,
      retryDelays: o.retryDelays ?? null,
      headers: { cookie: o.cookie },
      metadata: o.metadata,
      ...(o.onProgress ? { onProgress: o.onProgress } : {}),
      onSuccess: (payload) => {
        const itemId = payload.lastResponse.getHeader('Skald-Item-Id');
        if (!itemId) reject(new Error('the last answer named no item'));
        else resolve({ itemId, uploadUrl: upload.url ?? '' });
      },
      onError: (err) => {
        const res = (err as tus.DetailedError).originalResponse;
        reject(new Error(`upload failed: ${res ? `${res.getStatus()} ${res.getBody()}` : String(err)}`));
      },
    });
    upload.start();
  });
}
