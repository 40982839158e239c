import { describe, expect, it } from 'vitest';
import { SYSTEM_SHORTCUTS, normaliseShortcut, shortcutConflicts } from './shortcuts.ts';

describe('normaliseShortcut', () => {
  it.each([
    ['K', 'k'],
    ['Shift+Alt+k', 'alt+shift+k'],
    [' meta+ctrl+F12 ', 'ctrl+meta+f12'],
    ['space', 'space'],
    ['', null],
    ['ctrl+', null],
    ['ctrl+enter', null],
    ['alt+alt+k', null],
    ['super+k', null],
  ])('%s → %s', (text, expected) => {
    expect(normaliseShortcut(text)).toBe(expected);
  });

  it('writes the system shortcuts in their one spelling', () => {
    for (const s of SYSTEM_SHORTCUTS) expect(normaliseShortcut(s)).toBe(s);
  });
});

describe('shortcutConflicts', () => {
  it('conflicts with a system shortcut or one taken, not with a free one', () => {
    expect(shortcutConflicts('j', [])).toBe(true);
    expect(shortcutConflicts('alt+1', ['alt+1'])).toBe(true);
    expect(shortcutConflicts('alt+1', ['alt+2'])).toBe(false);
  });
});
