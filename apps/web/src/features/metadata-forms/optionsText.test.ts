import { describe, expect, it } from 'vitest';
import { alternativesToText, optionsToText, parseOptionsText } from './optionsText.ts';

const tree = [
  {
    value: 'no',
    label: 'Norway',
    children: [
      { value: 'oslo', label: 'oslo', children: [] },
      { value: 'bergen', label: 'Bergen = West', children: [] },
    ],
  },
  { value: 'fr', label: 'France', children: [] },
];

describe('options as text', () => {
  it('writes and reads a tree, a value without a label being its own label', () => {
    const text = optionsToText(tree);
    expect(text).toBe('no = Norway\n  oslo\n  bergen = Bergen = West\nfr = France');
    expect(parseOptionsText(text)).toEqual({ ok: true, options: tree });
  });

  it('skips blank lines and refuses a line indented two levels below its parent', () => {
    expect(parseOptionsText('a\n\n    b')).toEqual({ ok: false, line: 3 });
    expect(parseOptionsText('\n a')).toEqual({
      ok: true,
      options: [{ value: 'a', label: 'a', children: [] }],
    });
  });

  it('writes flat alternatives', () => {
    expect(alternativesToText([{ value: 'ntb', label: 'NTB' }])).toBe('ntb = NTB');
  });
});
