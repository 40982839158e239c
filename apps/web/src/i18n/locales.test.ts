import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ALL_PERMISSIONS, MESSAGES, PERMISSION_GROUPS } from '@skald/domain';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from './languages.ts';
import { NAMESPACES } from './namespaces.ts';

type Tree = { [key: string]: string | Tree };

function load(language: string, namespace: string): Tree {
  const url = new URL(`../../public/locales/${language}/${namespace}.json`, import.meta.url);
  return JSON.parse(readFileSync(fileURLToPath(url), 'utf8')) as Tree;
}

function lookup(tree: Tree, path: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

describe('locale files', () => {
  it.each(SUPPORTED_LANGUAGES)('has every namespace for %s', (language) => {
    for (const namespace of NAMESPACES) expect(() => load(language, namespace)).not.toThrow();
  });

  it('gives the spec messages their exact English text (MESSAGES of @skald/domain)', () => {
    const english = load('en', 'messages');
    const keys = Object.keys(english);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(MESSAGES, `messages:${key} is not a spec message`).toHaveProperty(key);
      expect(english[key]).toBe(MESSAGES[key as keyof typeof MESSAGES]);
    }
  });

  it.each(SUPPORTED_LANGUAGES)(
    'names every permission and permission group of the catalogue in %s',
    (language) => {
      const tree = load(language, 'permissions');
      const missing = [
        ...PERMISSION_GROUPS.filter((group) => !lookup(tree, `groups.${group}`)).map((g) => `groups.${g}`),
        ...ALL_PERMISSIONS.filter((permission) => !lookup(tree, `names.${permission}`)).map(
          (p) => `names.${p}`,
        ),
      ];
      expect(missing).toEqual([]);
    },
  );

  it.each(['nb', 'nn', 'fr'])('keeps the {placeholders} of every message in %s', (language) => {
    const placeholders = (text: string | undefined) => (text?.match(/\{\w+\}/g) ?? []).sort();
    const english = load('en', 'messages');
    const translated = load(language, 'messages');
    for (const key of Object.keys(english)) {
      expect(placeholders(lookup(translated, key)), key).toEqual(placeholders(lookup(english, key)));
    }
  });

  it.each(['nb', 'nn', 'fr'])('translates the spec messages into %s', (language) => {
    const english = load('en', 'messages');
    const translated = load(language, 'messages');
    for (const key of Object.keys(english)) {
      expect(lookup(translated, key)).toBeTruthy();
      expect(lookup(translated, key)).not.toBe(english[key]);
    }
  });
});
