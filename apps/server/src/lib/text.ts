export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** `text` for a LIKE pattern with `escape '\\'`: its own %, _ and \\ match themselves. */
export const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
