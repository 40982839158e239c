import { randomToken } from '../../../src/lib/tokens.ts';

/** Each test has job types of its own, so leftovers of another test (or file) are never picked up. */
export const uniqueType = (name: string): string =>
  `${name}-${randomToken(6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}`;

/** Polls until `probe` answers something other than undefined. */
export async function waitUntil<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export interface Gate {
  promise: Promise<void>;
  open: () => void;
}

/** A promise the test resolves when it chooses, to hold a handler mid-run. */
export function gate(): Gate {
  let open = (): void => undefined;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}
