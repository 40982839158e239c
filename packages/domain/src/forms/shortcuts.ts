const MODIFIERS = ['ctrl', 'alt', 'shift', 'meta'] as const;
const KEY = /^(?:[a-z0-9]|f(?:[1-9]|1[0-2]))$/;

/**
 * Keys the product itself uses (the player's play/pause, shuttle J-K-L, in and out points, mute,
 * full screen, and the browser's editing keys); spec §5 "a system shortcut". Written normalised.
 */
export const SYSTEM_SHORTCUTS: readonly string[] = Object.freeze([
  'space',
  'j',
  'k',
  'l',
  'i',
  'o',
  'm',
  'f',
  'ctrl+a',
  'ctrl+c',
  'ctrl+f',
  'ctrl+s',
  'ctrl+v',
  'ctrl+x',
  'ctrl+z',
]);

/**
 * A shortcut written as modifiers and one key joined by '+', e.g. 'alt+shift+k' or 'f2', in its one
 * spelling (lower case, modifiers in the order ctrl, alt, shift, meta), or null when it is not one
 * (spec §5 "Invalid shortcut").
 */
export function normaliseShortcut(text: string): string | null {
  const parts = text.trim().toLowerCase().split('+');
  const key = parts.pop();
  if (key === undefined || (!KEY.test(key) && key !== 'space')) return null;
  const mods = new Set(parts);
  if (mods.size !== parts.length || parts.some((p) => !(MODIFIERS as readonly string[]).includes(p)))
    return null;
  return [...MODIFIERS.filter((m) => mods.has(m)), key].join('+');
}

/** Spec §5 "Shortcut conflicts with another form or a system shortcut". Both normalised. */
export function shortcutConflicts(shortcut: string, taken: Iterable<string>): boolean {
  if (SYSTEM_SHORTCUTS.includes(shortcut)) return true;
  for (const other of taken) if (other === shortcut) return true;
  return false;
}
