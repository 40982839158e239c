import { describe, expect, it } from 'vitest';
import { newForm } from '../forms/built-in.ts';
import { MESSAGES } from '../messages.ts';
import { logEventEnd, loggingShortcuts, shortcutOfKey } from './log-events.ts';

const form = (id: string, keyboardShortcut: string | null, active = true) => ({
  ...newForm(id, id),
  keyboardShortcut,
  active,
});

describe('logEventEnd', () => {
  it('ends the form’s duration later, or never for a point in time', () => {
    expect(logEventEnd({ duration: 5 }, 1000)).toBe(6000);
    expect(logEventEnd({ duration: null }, 1000)).toBeNull();
  });
});

describe('loggingShortcuts', () => {
  it('offers the active forms by their shortcut, normalised', () => {
    const { usable, refused } = loggingShortcuts([
      form('goal', 'Shift+Alt+G'),
      form('off', 'alt+o', false),
      form('none', null),
    ]);
    expect(usable.map((u) => [u.shortcut, u.form.id])).toEqual([['alt+shift+g', 'goal']]);
    expect(refused).toEqual([]);
  });

  it('refuses a shortcut two forms share, or a system one (spec §5 conflict)', () => {
    const { usable, refused } = loggingShortcuts([
      form('a', 'alt+x'),
      form('b', 'ALT+X'),
      form('c', 'space'),
    ]);
    expect(usable).toEqual([]);
    expect(refused.map((r) => [r.form.id, r.shortcut])).toEqual([
      ['a', 'alt+x'],
      ['b', 'alt+x'],
      ['c', 'space'],
    ]);
    expect(MESSAGES.shortcutConflict).toBe('Shortcut conflicts with another form or a system shortcut');
  });
});

describe('shortcutOfKey', () => {
  const press = { key: 'G', ctrlKey: false, altKey: true, shiftKey: true, metaKey: false };
  it('spells a key press as a shortcut is written', () => {
    expect(shortcutOfKey(press)).toBe('alt+shift+g');
    expect(shortcutOfKey({ ...press, key: ' ', altKey: false, shiftKey: false })).toBe('space');
    expect(shortcutOfKey({ ...press, key: 'Shift' })).toBeNull();
  });
});
