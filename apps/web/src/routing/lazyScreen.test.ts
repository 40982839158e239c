import { describe, expect, it } from 'vitest';
import { importChunk, lazyScreen } from './lazyScreen.ts';

/** What a promise has come to once the tasks queued so far have run. */
async function settled<T>(promise: Promise<T>): Promise<{ value: T } | 'pending'> {
  const later = new Promise<'pending'>((resolve) => {
    setTimeout(() => {
      resolve('pending');
    }, 0);
  });
  return Promise.race([promise.then((value) => ({ value })), later]);
}

describe('lazy chunks', () => {
  it('gives the imported module', async () => {
    const module = { answer: 42 };
    expect(await settled(importChunk(() => Promise.resolve(module)))).toEqual({ value: module });
  });

  it('waits for the reload when Vite cancelled a failed import (it then resolves to undefined)', async () => {
    expect(await settled(importChunk(() => Promise.resolve(undefined)))).toBe('pending');
  });

  it('passes a failed import on to the error screens', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    await expect(importChunk(() => Promise.reject(failure))).rejects.toBe(failure);
  });

  it('makes a route of the screen the module exports', async () => {
    const Screen = () => null;
    const route = await lazyScreen(
      () => Promise.resolve({ Screen }),
      (module) => module.Screen,
    )();
    expect(route.Component).toBe(Screen);
  });
});
