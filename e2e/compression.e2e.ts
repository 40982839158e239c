import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sharedBrowser, newPage } from './support/browser.ts';
import { signInAs, waitForSearchScreen } from './support/sign-in.ts';

const e2e = sharedBrowser();

/** The encoding the server should have picked for what the browser said it accepts. */
async function expectedEncoding(response: Response): Promise<string> {
  const accepted = (await response.request().allHeaders())['accept-encoding'] ?? '';
  return /\bbr\b/.test(accepted) ? 'br' : 'gzip';
}

describe('compression', () => {
  it("sends the app's files as the build compressed them, and the API's larger JSON compressed", async () => {
    const { context, page } = await newPage(e2e.browser);
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await signInAs(page, 'admin@demo.test');
    await waitForSearchScreen(page, 'Ada Admin');

    const files = responses.filter((r) => /\/(assets|locales)\/.+\.(js|css|json)(\?|$)/.test(r.url()));
    expect(files.filter((r) => r.url().endsWith('.js')).length).toBeGreaterThan(10);
    // What crossed the wire against what the page got.
    let [wire, read] = [0, 0];
    for (const response of files) {
      const decoded = (await response.body()).length;
      const { responseBodySize } = await response.request().sizes();
      [wire, read] = [wire + responseBodySize, read + decoded];
      // The build keeps no compressed copy of a file of a few bytes, which it would not shrink.
      if (decoded < 1024) continue;
      expect(response.headers()['content-encoding'], response.url()).toBe(await expectedEncoding(response));
      expect(responseBodySize, response.url()).toBeLessThan(decoded);
    }
    expect(wire).toBeLessThan(read / 3);
    const document = responses.find((r) => r.request().resourceType() === 'document');
    expect(document?.headers()['content-encoding']).toBe(await expectedEncoding(document as Response));

    // The sign-in's answer is the caller's `me`, a JSON of a few kB.
    const signedIn = responses.find((r) => r.url().endsWith('/api/v1/auth/login') && r.status() === 200);
    expect(signedIn, 'POST /api/v1/auth/login').toBeDefined();
    expect((await signedIn?.body())?.length).toBeGreaterThan(1024);
    expect(signedIn?.headers()['content-encoding']).toBe(await expectedEncoding(signedIn as Response));
    expect(await signedIn?.json()).toMatchObject({ user: { email: 'admin@demo.test' } });
    await context.close();
  });
});
