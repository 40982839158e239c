import { describe, expect, it } from 'vitest';
import { cutterCommandForKey, mark } from './cutterKeys.ts';

const press = (
  key: string,
  mods: Partial<Record<'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {},
) => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('the cutter’s keys', () => {
  it('marks with I and O, steps frames with the arrows and goes to the marks with Shift', () => {
    expect(cutterCommandForKey(press('i'))).toBe('markIn');
    expect(cutterCommandForKey(press('o'))).toBe('markOut');
    expect(cutterCommandForKey(press('I', { shiftKey: true }))).toBe('goToIn');
    expect(cutterCommandForKey(press('O', { shiftKey: true }))).toBe('goToOut');
    expect(cutterCommandForKey(press('ArrowLeft'))).toBe('previousFrame');
    expect(cutterCommandForKey(press('ArrowRight'))).toBe('nextFrame');
    expect(cutterCommandForKey(press('ArrowRight', { shiftKey: true }))).toBeNull();
    expect(cutterCommandForKey(press('i', { ctrlKey: true }))).toBeNull();
    expect(cutterCommandForKey(press('k'))).toBeNull();
  });

  it('keeps a range whose in comes before its out', () => {
    const marked = mark(mark({ inFrame: null, outFrame: null }, 'markIn', 250), 'markOut', 499);
    expect(marked).toEqual({ inFrame: 250, outFrame: 500 });
    expect(mark(marked, 'markIn', 600)).toEqual({ inFrame: 600, outFrame: null });
    expect(mark(marked, 'markOut', 100)).toEqual({ inFrame: null, outFrame: 101 });
    expect(mark(marked, 'markIn', 499)).toEqual({ inFrame: 499, outFrame: 500 });
  });
});
