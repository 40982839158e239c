import { describe, expect, it } from 'vitest';
import * as domain from '../index.ts';
import * as search from './index.ts';

// The server's search engines and the web screen code against these names.
describe('the search API', () => {
  it.each([['parseSearchQuery'], ['searchTokens'], ['tokensWithOffsets'], ['highlighter'], ['fold']])(
    'exports %s from the domain package',
    (name) => {
      expect(typeof (domain as Record<string, unknown>)[name]).toBe('function');
    },
  );

  it.each([['parseSearchQuery'], ['searchTokens'], ['tokensWithOffsets'], ['highlighter']])(
    'exports %s from the search module',
    (name) => {
      expect((search as Record<string, unknown>)[name]).toBe((domain as Record<string, unknown>)[name]);
    },
  );
});
