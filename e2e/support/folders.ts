import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';

/**
 * A folder at the root, made through the API as the context's signed-in user. Tests that upload and
 * then look for their tiles use one of their own: the demo's folders fill up as the run goes on.
 */
export async function newFolder(context: BrowserContext, name: string): Promise<string> {
  const root = (await (await context.request.get('/api/v1/folders/root')).json()) as { id: string };
  const response = await context.request.post('/api/v1/folders', { data: { name, parentId: root.id } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}
