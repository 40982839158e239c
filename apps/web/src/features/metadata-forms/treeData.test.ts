import { treePath } from '@skald/domain';
import { describe, expect, it } from 'vitest';
import { treeSelectData } from './treeData.ts';

const tree = [
  { value: 'no', label: 'Norway', children: [{ value: 'oslo', label: 'Oslo', children: [] }] },
  { value: 'fr', label: 'France', children: [] },
];

describe('treeSelectData', () => {
  it('gives every node its path from the root, the value the domain checks', () => {
    const data = treeSelectData(tree);
    expect(data).toEqual([
      { value: 'no', label: 'Norway', children: [{ value: 'no/oslo', label: 'Oslo' }] },
      { value: 'fr', label: 'France' },
    ]);
    expect(treePath(tree, data[0]?.children?.[0]?.value ?? '')?.map((n) => n.label)).toEqual([
      'Norway',
      'Oslo',
    ]);
  });
});
