import { describe, expect, it } from 'vitest';
import type { QueryNode } from './ast.ts';
import { matchesQuery, userFilterValues, type SearchDocument } from './evaluate.ts';
import { parseSearchQuery } from './parse.ts';

function query(input: string): QueryNode | null {
  const result = parseSearchQuery(input);
  if (!result.ok) throw new Error(result.error.message);
  return result.query;
}

const ANNA = 'user-anna';
const BO = 'user-bo';

const folder: SearchDocument = {
  title: 'Påske i fjellet 2026',
  description: '',
  itemType: 'folder',
  ownerId: ANNA,
  createdById: BO,
  createdAt: '2026-02-14T23:59:59.999Z',
};

/** `owner:anna` names Anna, `createdBy:bo@demo.test` names Bo, `owner:nobody` nobody. */
const users = new Map([
  ['anna', new Set([ANNA])],
  ['bo@demo.test', new Set([BO])],
]);

describe('matchesQuery', () => {
  it.each([
    ['', true],
    ['paske', true],
    ['PÅSKE', true],
    ['påske fjellet', true],
    ['paske vinter', false],
    ['paske OR vinter', true],
    ['vinter OR sommer', false],
    ['paske -fjellet', false],
    ['NOT vinter', true],
    ['paske AND (vinter OR fjellet)', true],
    ['"i fjellet"', true],
    ['"fjellet i"', false],
    ['"påske fjellet"', false],
    ['pas*', true],
    ['fjell*', true],
    ['jell*', false],
    ['p?ske', true],
    ['p?sk', false],
    ['*ske', true],
    ['f*t', true],
    ['title:paske', true],
    ['title:"i fjellet"', true],
    ['description:paske', false],
    ['-description:paske', true],
    ['2026', true],
    ['type:folder', true],
    ['type:video', false],
    ['type:video OR type:folder', true],
    ['paske -type:folder', false],
    ['owner:anna', true],
    ['owner:nobody', false],
    ['createdBy:anna', false],
    ['createdBy:bo@demo.test', true],
    ['owner:anna createdBy:bo@demo.test paske', true],
    ['created:2026-02-14', true],
    ['created:2026-02-13', false],
    ['created:2026-02-15', false],
    ['created:>2026-02-13', true],
    ['created:>2026-02-14', false],
    ['created:>=2026-02-14', true],
    ['created:<2026-02-14', false],
    ['created:<2026-02-15', true],
    ['created:<=2026-02-14', true],
    ['created:<=2026-02-13', false],
  ])('a folder named "Påske i fjellet 2026" matches %j: %s', (search, expected) => {
    expect(matchesQuery(query(search), folder, users)).toBe(expected);
  });

  it.each([
    ['paske', { title: 'Vinter', description: 'Påske' }, true],
    ['title:paske', { title: 'Vinter', description: 'Påske' }, false],
    ['description:paske', { title: 'Vinter', description: 'Påske' }, true],
    // A phrase is matched within one field, never across the end of the title.
    ['"vinter paske"', { title: 'Vinter', description: 'Påske' }, false],
    ['aero', { title: 'Ærø-tur', description: '' }, true],
    ['tur', { title: 'Ærø-tur', description: '' }, true],
    ['strasse', { title: 'Straße', description: '' }, true],
  ])('%j against %j: %s', (search, fields, expected) => {
    expect(matchesQuery(query(search), { ...folder, ...fields }, users)).toBe(expected);
  });

  it('names nobody with an owner: value the server did not resolve', () => {
    expect(matchesQuery(query('owner:anna'), folder)).toBe(false);
  });
});

describe('userFilterValues', () => {
  it.each([
    ['paske', []],
    ['owner:Anna', ['anna']],
    ['owner:anna OR (createdBy:bo@demo.test -owner:anna)', ['anna', 'bo@demo.test']],
  ])('%j asks to resolve %j', (search, expected) => {
    expect(userFilterValues(query(search))).toEqual(expected);
  });
});
