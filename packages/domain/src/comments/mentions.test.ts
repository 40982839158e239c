import { describe, expect, it } from 'vitest';
import { mentionCandidates, mentionKey, resolveMentions } from './mentions.ts';

describe('mentions', () => {
  it('offers the one to five words after each @, longest first', () => {
    expect(mentionCandidates('@Anne Marie please check')).toEqual([
      ['anne marie please check', 'anne marie please', 'anne marie', 'anne'],
    ]);
    // Punctuation ends a name.
    expect(mentionCandidates('@Anne Marie, please')).toEqual([['anne marie', 'anne']]);
    expect(mentionCandidates('mail me at a@b.c')).toEqual([]);
    expect(mentionCandidates('no mention here')).toEqual([]);
  });

  it('keeps the longest candidate that names a user, once per user', () => {
    const byName = new Map([
      [mentionKey('Anne'), 'u-anne'],
      [mentionKey('Anne  Marie'), 'u-anne-marie'],
      [mentionKey('Vera Viewer'), 'u-vera'],
    ]);
    expect(resolveMentions('@Anne Marie and @vera viewer, and @Anne Marie again', byName)).toEqual([
      'u-anne-marie',
      'u-vera',
    ]);
    expect(resolveMentions('@Anne: look', byName)).toEqual(['u-anne']);
    expect(resolveMentions('@Nobody here', byName)).toEqual([]);
  });

  it('counts at most ten @s, so a comment full of them costs a bounded lookup', () => {
    expect(mentionCandidates('@a '.repeat(1000))).toHaveLength(10);
  });
});
