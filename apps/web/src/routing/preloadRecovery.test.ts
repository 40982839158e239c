import { describe, expect, it, vi } from 'vitest';
import {
  PRELOAD_RELOAD_KEY,
  handlePreloadError,
  isChunkLoadError,
  markScreenLoaded,
  reloadTarget,
  screenLoadSucceeded,
} from './preloadRecovery.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

describe('preload error recovery', () => {
  it('reloads once, cancelling the event', () => {
    const storage = memoryStorage();
    const event = { preventDefault: vi.fn() };
    const reload = vi.fn();
    expect(handlePreloadError(event, storage, reload)).toBe('reloading');
    expect(event.preventDefault).toHaveBeenCalledOnce();
    expect(reload).toHaveBeenCalledOnce();
    expect(storage.getItem(PRELOAD_RELOAD_KEY)).not.toBeNull();
  });

  it('lets the error through on a second failure in the same tab', () => {
    const storage = memoryStorage();
    handlePreloadError({ preventDefault: vi.fn() }, storage, vi.fn());
    const event = { preventDefault: vi.fn() };
    const reload = vi.fn();
    expect(handlePreloadError(event, storage, reload)).toBe('rethrown');
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('may reload again after a screen loaded successfully', () => {
    const storage = memoryStorage();
    handlePreloadError({ preventDefault: vi.fn() }, storage, vi.fn());
    markScreenLoaded(storage);
    const reload = vi.fn();
    expect(handlePreloadError({ preventDefault: vi.fn() }, storage, reload)).toBe('reloading');
    expect(reload).toHaveBeenCalledOnce();
  });

  it.each([
    'Failed to fetch dynamically imported module: http://x/assets/a.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/a.css',
  ])('recognises the chunk error %j', (message) => {
    expect(isChunkLoadError(new Error(message))).toBe(true);
  });

  it('does not mistake other errors for chunk errors', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('when a screen counts as loaded', () => {
  it('is after a navigation that ended without route errors', () => {
    expect(screenLoadSucceeded({ initialized: true, navigation: { state: 'idle' }, errors: null })).toBe(
      true,
    );
  });

  it('is not while loading, before the first screen, or when a route failed', () => {
    expect(screenLoadSucceeded({ initialized: true, navigation: { state: 'loading' }, errors: null })).toBe(
      false,
    );
    expect(screenLoadSucceeded({ initialized: false, navigation: { state: 'idle' }, errors: null })).toBe(
      false,
    );
    expect(
      screenLoadSucceeded({
        initialized: true,
        navigation: { state: 'idle' },
        errors: { 0: new Error('x') },
      }),
    ).toBe(false);
  });

  it('reloads to the screen being opened when there is one', () => {
    expect(reloadTarget({ pathname: '/settings/groups', search: '?a=1', hash: '' })).toBe(
      '/settings/groups?a=1',
    );
    expect(reloadTarget(undefined)).toBeNull();
  });
});
