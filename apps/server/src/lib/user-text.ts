import { z } from 'zod';

// C0 controls (NUL, ESC, backspace…), DEL and the C1 block. Stored, they come back in headers
// (Content-Disposition), logs and other people's screens; nobody types them on purpose.
const CONTROL = String.raw`\u0000-\u001F\u007F-\u009F`;
// A multi-line field keeps tab and line breaks; the other controls go as in one line.
const CONTROL_BUT_WHITESPACE = String.raw`\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F`;
const ONE_LINE = new RegExp(`^[^${CONTROL}\\u2028\\u2029]*$`, 'u');
const MULTI_LINE = new RegExp(`^[^${CONTROL_BUT_WHITESPACE}]*$`, 'u');

export const CONTROL_CHARACTERS = 'must not contain control characters';

/** Whether `text` may be stored as one line of user text (a name, a title, a file name). */
export const isOneLine = (text: string): boolean => ONE_LINE.test(text);

/** `text` with every control character replaced, for text stored before the edge refused them. */
export const withoutControls = (text: string): string =>
  text.replace(new RegExp(`[${CONTROL}\\u2028\\u2029]`, 'gu'), '_');

/** One line with no control characters, as sent (a bookmark's title is checked by the domain). */
export const lineText = z.string().regex(ONE_LINE, CONTROL_CHARACTERS);

/**
 * Text a user types and others read back (names, titles, labels, descriptions): trimmed, within
 * its length, without control characters. Only a multi-line field keeps tab and line breaks.
 */
export function userText(o: { max: number; min?: number; multiline?: boolean }) {
  return z
    .string()
    .trim()
    .min(o.min ?? 1)
    .max(o.max)
    .regex(o.multiline ? MULTI_LINE : ONE_LINE, CONTROL_CHARACTERS);
}
