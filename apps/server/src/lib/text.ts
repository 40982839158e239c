/** Lower-cases and strips diacritics, so "Påske" and "paske", "Élan" and "elan" compare equal. */
export function fold(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/Ø/g, 'o')
    .replace(/Æ/g, 'ae')
    .toLowerCase()
    .trim();
}

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
