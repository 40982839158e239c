/**
 * A label that starts with a month or a weekday starts with a capital letter: Norwegian (and
 * French) write month names in lower case in running text ("november 2026"), but a heading or a
 * label begins with a capital ("November 2026"), as it does in English.
 */
export function capitaliseFirst(text: string, locale: string): string {
  const first = text.codePointAt(0);
  if (first === undefined) return text;
  const letter = String.fromCodePoint(first);
  return letter.toLocaleUpperCase(locale) + text.slice(letter.length);
}
