import { mentionCandidates } from '@skald/domain';
import { describe, expect, it } from 'vitest';
import { insertMention, mentionAt } from './mentionQuery.ts';

describe('mentionAt', () => {
  it('finds the name typed after an @ at the start or after a space', () => {
    expect(mentionAt('@an', 3)).toEqual({ start: 0, query: 'an' });
    expect(mentionAt('Hi @Anne Ma', 11)).toEqual({ start: 3, query: 'Anne Ma' });
    expect(mentionAt('Hi @', 4)).toEqual({ start: 3, query: '' });
  });

  it('is no mention in an e-mail address, across a line break or far from the @', () => {
    expect(mentionAt('mail eva@example.test', 21)).toBeNull();
    expect(mentionAt('@anne\nsee', 9)).toBeNull();
    expect(mentionAt('@a b c d e', 10)).toBeNull();
    expect(mentionAt('no mention', 10)).toBeNull();
  });
});

describe('insertMention', () => {
  it('replaces what was typed by the full name, which the server then reads as a mention', () => {
    const text = 'Please @an check';
    const mention = mentionAt(text, 10);
    expect(mention).not.toBeNull();
    const done = insertMention(text, mention ?? { start: 0, query: '' }, 'Anne Marie');
    expect(done).toEqual({ text: 'Please @Anne Marie  check', caret: 19 });
    expect(mentionCandidates(done.text)[0]).toContain('anne marie');
  });
});
