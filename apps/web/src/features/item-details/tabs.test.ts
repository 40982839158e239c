import { describe, expect, it } from 'vitest';
import { itemTabs, resolveItemTab } from './tabs.ts';

const all = {
  metadata: true,
  logging: true,
  relations: true,
  comments: true,
  history: true,
  usageRules: true,
  shares: true,
  analytics: true,
  transcript: true,
  translation: true,
};
const none = {
  metadata: false,
  logging: false,
  relations: false,
  comments: false,
  history: false,
  usageRules: false,
  shares: false,
  analytics: false,
  transcript: false,
  translation: false,
};

describe('item details tab from ?tab=', () => {
  it.each([
    ['metadata', all, 'metadata'],
    ['history', all, 'history'],
    ['relations', all, 'relations'],
    [null, all, 'metadata'],
    ['comments', all, 'comments'],
    ['comments', { ...all, comments: false }, 'metadata'],
    ['logging', all, 'logging'],
    ['logging', { ...all, logging: false }, 'metadata'],
    ['history', { ...all, history: false }, 'metadata'],
    ['shares', all, 'shares'],
    ['shares', { ...all, shares: false }, 'metadata'],
    [null, { ...all, metadata: false }, 'logging'],
    [null, { ...all, metadata: false, logging: false }, 'relations'],
    ['usageRules', all, 'usageRules'],
    ['analytics', all, 'analytics'],
    ['transcript', { ...all, transcript: false }, 'metadata'],
    ['translation', all, 'translation'],
    ['metadata', { ...none, history: true }, 'history'],
    ['metadata', none, null],
  ] as const)('%s with %j shows %s', (raw, access, tab) => {
    expect(resolveItemTab(raw, access)).toBe(tab);
  });

  it('keeps the spec’s order: Metadata, Logging, Relations, Comments, History, Usage rules, Shares, Analytics, Transcript, Translation', () => {
    expect(itemTabs(all)).toEqual([
      'metadata',
      'logging',
      'relations',
      'comments',
      'history',
      'usageRules',
      'shares',
      'analytics',
      'transcript',
      'translation',
    ]);
  });
});
