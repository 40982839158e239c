import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, isPermission, type Permission } from './catalogue.ts';
import { IMPLICATIONS, expandPermissions, impliedBy } from './implications.ts';

type Graph = Readonly<Partial<Record<string, readonly string[]>>>;

/** A node on the path it is reached by is a cycle; returns the first one found, or null. */
function findCycle(graph: Graph): string[] | null {
  const done = new Set<string>();
  const visit = (node: string, path: string[]): string[] | null => {
    if (path.includes(node)) return [...path.slice(path.indexOf(node)), node];
    if (done.has(node)) return null;
    for (const next of graph[node] ?? []) {
      const cycle = visit(next, [...path, node]);
      if (cycle) return cycle;
    }
    done.add(node);
    return null;
  };
  for (const node of Object.keys(graph)) {
    const cycle = visit(node, []);
    if (cycle) return cycle;
  }
  return null;
}

describe('the implication graph', () => {
  it.each<[Permission, Permission[]]>([
    [
      'item.create',
      ['item.upload', 'item.exportSequence', 'item.dependenciesOnExportSequence', 'general.mimirCutter'],
    ],
    ['item.commentRead', ['item.commentWrite', 'item.commentStatus', 'item.commentDeleteOwn']],
    ['item.update', ['item.updateTranscript', 'item.updateMetadata', 'share.requestUpload']],
    ['item.upload', ['share.requestUpload']],
    ['general.getGroups', ['general.bookmarks', 'general.setVisibleToGroups']],
    ['item.createCloudLive', ['item.createCloudLiveInExistingPlaceholder']],
  ])('lets %s bring %j directly', (permission, implied) => {
    expect(IMPLICATIONS[permission]).toEqual(implied);
  });

  it('has no implications beyond those of the spec', () => {
    expect(Object.keys(IMPLICATIONS).sort()).toEqual(
      [
        'general.getGroups',
        'item.commentRead',
        'item.create',
        'item.createCloudLive',
        'item.update',
        'item.upload',
      ].sort(),
    );
  });

  it('names only catalogued permissions', () => {
    const named = Object.entries(IMPLICATIONS).flatMap(([from, to]) => [from, ...to]);
    expect(named.filter((p) => !isPermission(p))).toEqual([]);
  });

  it('is acyclic', () => {
    expect(findCycle(IMPLICATIONS)).toBeNull();
  });

  it.each<[string, Graph, string[] | null]>([
    ['a self loop', { a: ['a'] }, ['a', 'a']],
    ['a loop of two', { a: ['b'], b: ['a'] }, ['a', 'b', 'a']],
    ['a loop behind a tail', { a: ['b'], b: ['c'], c: ['b'] }, ['b', 'c', 'b']],
    ['a diamond', { a: ['b', 'c'], b: ['d'], c: ['d'] }, null],
    ['a chain', { a: ['b'], b: ['c'] }, null],
  ])('would be caught by the cycle check if it had %s', (_name, graph, cycle) => {
    expect(findCycle(graph)).toEqual(cycle);
  });
});

describe('expandPermissions', () => {
  it.each<[string, string[], Permission[]]>([
    ['nothing', [], []],
    ['a permission that implies nothing', ['general.apiKeys'], ['general.apiKeys']],
    [
      'create, through upload down to request upload',
      ['item.create'],
      [
        'general.mimirCutter',
        'item.create',
        'item.dependenciesOnExportSequence',
        'item.exportSequence',
        'item.upload',
        'share.requestUpload',
      ],
    ],
    ['upload', ['item.upload'], ['item.upload', 'share.requestUpload']],
    [
      'update',
      ['item.update'],
      ['item.update', 'item.updateMetadata', 'item.updateTranscript', 'share.requestUpload'],
    ],
    [
      'comment read',
      ['item.commentRead'],
      ['item.commentDeleteOwn', 'item.commentRead', 'item.commentStatus', 'item.commentWrite'],
    ],
    [
      'getGroups',
      ['general.getGroups'],
      ['general.bookmarks', 'general.getGroups', 'general.setVisibleToGroups'],
    ],
    [
      'createCloudLive',
      ['item.createCloudLive'],
      ['item.createCloudLive', 'item.createCloudLiveInExistingPlaceholder'],
    ],
    [
      'an implied permission alone, which brings nothing back',
      ['share.requestUpload'],
      ['share.requestUpload'],
    ],
    ['duplicates', ['item.upload', 'item.upload'], ['item.upload', 'share.requestUpload']],
    ['unknown strings, which are dropped', ['item.fly', '', 'ITEM.CREATE'], []],
    [
      'known and unknown strings together',
      ['item.fly', 'general.getGroups'],
      ['general.bookmarks', 'general.getGroups', 'general.setVisibleToGroups'],
    ],
    [
      'two permissions sharing an implication',
      ['item.update', 'item.upload'],
      ['item.update', 'item.updateMetadata', 'item.updateTranscript', 'item.upload', 'share.requestUpload'],
    ],
  ])('expands %s', (_name, input, expected) => {
    expect([...expandPermissions(input)].sort()).toEqual(expected);
  });

  it('reads any iterable, such as a set', () => {
    expect(expandPermissions(new Set(['item.upload']))).toEqual(
      new Set(['item.upload', 'share.requestUpload']),
    );
  });

  it.each(ALL_PERMISSIONS)('is a closure for %s: expanding twice changes nothing', (permission) => {
    const once = expandPermissions([permission]);
    expect(expandPermissions(once)).toEqual(once);
    expect(once.has(permission)).toBe(true);
  });
});

describe('impliedBy', () => {
  it.each<[Permission, Permission[]]>([
    [
      'item.create',
      [
        'general.mimirCutter',
        'item.dependenciesOnExportSequence',
        'item.exportSequence',
        'item.upload',
        'share.requestUpload',
      ],
    ],
    ['item.upload', ['share.requestUpload']],
    ['item.update', ['item.updateMetadata', 'item.updateTranscript', 'share.requestUpload']],
    ['item.commentRead', ['item.commentDeleteOwn', 'item.commentStatus', 'item.commentWrite']],
    ['general.getGroups', ['general.bookmarks', 'general.setVisibleToGroups']],
    ['item.createCloudLive', ['item.createCloudLiveInExistingPlaceholder']],
    ['share.requestUpload', []],
    ['general.apiKeys', []],
    ['ui.metadata', []],
  ])('lists what %s brings with it, without itself', (permission, implied) => {
    expect(impliedBy(permission)).toEqual(implied);
  });
});
