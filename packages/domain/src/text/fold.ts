/**
 * Letters that NFKD does not decompose into a base letter and a mark, written as their folded
 * (lower-case, ASCII) spelling so that a Nordic or Central European title is found from a plain
 * keyboard: "Ærø" → "aero", "Łódź" → "lodz", "Þór" → "thor", "Straße" → "strasse".
 */
const LETTERS: Readonly<Record<string, string>> = {
  ø: 'o',
  Ø: 'o',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ß: 'ss',
  ẞ: 'ss',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  ł: 'l',
  Ł: 'l',
  þ: 'th',
  Þ: 'th',
};
const SPECIAL_LETTERS = /[øØæÆœŒßẞđĐðÐłŁþÞ]/g;

/**
 * fold() without the trim: folding a string piece by piece gives the same characters as folding it
 * whole, which `tokensWithOffsets()` relies on to map tokens back to the original text. The final
 * sigma is written as σ because `toLowerCase()` picks ς or σ from the surrounding letters, which a
 * piece does not have (and "ΟΔΟΣ" should match "οδοσ" anyway).
 */
export function foldCharacters(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(SPECIAL_LETTERS, (letter) => LETTERS[letter] ?? letter)
    .toLowerCase()
    .replace(/ς/g, 'σ');
}

/** Lower-cases and strips diacritics, so "Påske" and "paske", "Élan" and "elan" compare equal. */
export function fold(value: string): string {
  return foldCharacters(value).trim();
}
