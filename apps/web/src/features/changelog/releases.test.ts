import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RELEASES } from './releases.ts';

const changesIn = (language: string) =>
  (
    JSON.parse(
      readFileSync(new URL(`../../../public/locales/${language}/changelog.json`, import.meta.url), 'utf8'),
    ) as {
      changes: Record<string, string>;
    }
  ).changes;

describe('the change log', () => {
  it('lists releases newest first, each with a valid date', () => {
    const dates = RELEASES.map((r) => Date.parse(r.date));
    expect(dates.every((d) => !Number.isNaN(d))).toBe(true);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it.each(['en', 'nb', 'nn', 'fr'])('has every change written out in %s', (language) => {
    const changes = changesIn(language);
    for (const key of RELEASES.flatMap((r) => r.changes)) expect(changes[key], key).toBeTruthy();
  });
});
