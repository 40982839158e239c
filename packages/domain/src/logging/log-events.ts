import type { MetadataForm } from '../forms/types.ts';
import { normaliseShortcut, shortcutConflicts } from '../forms/shortcuts.ts';
import { hasPermission, type Principal } from '../permissions/roles.ts';

/** Bounds of the Logging tab's events (spec §3 "log event and timed metadata"). */
export const LOG_EVENT_LIMITS = {
  textMax: 2000,
  /** Events on one item; the tab lists them all at once. */
  perItem: 2000,
  /** Milliseconds into the media, up to a week. */
  timeMaxMs: 7 * 24 * 3_600_000,
} as const;

/** Spec §6 ui.logging shows the Logging tab and its events. */
export const canReadLogEvents = (p: Principal): boolean => hasPermission(p, 'ui.logging');
/** Logging is timed metadata: ui.logging and item.updateMetadata (the item's updatable-by list too, server). */
export const canWriteLogEvents = (p: Principal): boolean =>
  canReadLogEvents(p) && hasPermission(p, 'item.updateMetadata');

/**
 * Where a log event made at `startMs` with a form ends: the form's duration (seconds) later, or
 * null (a point in time) when the form has none.
 */
export function logEventEnd(form: Pick<MetadataForm, 'duration'>, startMs: number): number | null {
  return form.duration === null ? null : Math.min(startMs + form.duration * 1000, LOG_EVENT_LIMITS.timeMaxMs);
}

export interface LoggingShortcut {
  shortcut: string;
  form: MetadataForm;
}

/**
 * The forms a log event can be made with from the player, by their keyboard shortcut: active forms
 * with a valid one. A shortcut that is a system one or that two forms share is refused, with spec §5
 * "Shortcut conflicts with another form or a system shortcut" (the editor refuses to save these, but a
 * form saved before a system shortcut was added may still hold one).
 */
export function loggingShortcuts(forms: readonly MetadataForm[]): {
  usable: LoggingShortcut[];
  refused: { form: MetadataForm; shortcut: string }[];
} {
  const byKey = new Map<string, MetadataForm[]>();
  for (const form of forms) {
    const shortcut = form.active && form.keyboardShortcut ? normaliseShortcut(form.keyboardShortcut) : null;
    if (shortcut !== null) byKey.set(shortcut, [...(byKey.get(shortcut) ?? []), form]);
  }
  const usable: LoggingShortcut[] = [];
  const refused: { form: MetadataForm; shortcut: string }[] = [];
  for (const [shortcut, holders] of byKey) {
    const [only] = holders;
    if (holders.length === 1 && only && !shortcutConflicts(shortcut, []))
      usable.push({ shortcut, form: only });
    else refused.push(...holders.map((form) => ({ form, shortcut })));
  }
  return { usable, refused };
}

/** The shortcut a key press spells (normalised as normaliseShortcut writes it), or null. */
export function shortcutOfKey(press: {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  metaKey: boolean;
}): string | null {
  const key = press.key === ' ' ? 'space' : press.key.toLowerCase();
  const mods = [
    press.ctrlKey && 'ctrl',
    press.altKey && 'alt',
    press.shiftKey && 'shift',
    press.metaKey && 'meta',
  ];
  return normaliseShortcut([...mods.filter((m): m is string => m !== false), key].join('+'));
}
