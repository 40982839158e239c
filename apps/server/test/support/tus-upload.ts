import type { TestUser } from './factories.ts';

/** The answer to a tus upload sent whole: the creation's status, and the item it became. */
export interface SentUpload {
  status: number;
  body: string;
  itemId: string | null;
}

/**
 * A file sent by the tus protocol in two requests (creation, then all of its bytes), as a client
 * without chunking does; `metadata` becomes the Upload-Metadata header. Stops at a refused creation.
 */
export async function sendByTus(
  endpoint: string,
  user: TestUser,
  data: Buffer,
  metadata: Record<string, string>,
): Promise<SentUpload> {
  const header = Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
  const common = { cookie: user.cookie, 'tus-resumable': '1.0.0', 'sec-fetch-site': 'same-origin' };
  const created = await fetch(endpoint, {
    method: 'POST',
    headers: { ...common, 'upload-length': String(data.length), 'upload-metadata': header },
  });
  if (created.status !== 201) return { status: created.status, body: await created.text(), itemId: null };
  const sent = await fetch(new URL(created.headers.get('location') ?? '', endpoint), {
    method: 'PATCH',
    headers: { ...common, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(data),
  });
  return { status: sent.status, body: await sent.text(), itemId: sent.headers.get('skald-item-id') };
}
