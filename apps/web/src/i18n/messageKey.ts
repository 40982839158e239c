/**
 * The server answers with the spec's English text as the error message where the spec has one. The
 * web translates such a message by finding the key whose English text (in the `messages` namespace)
 * is exactly that message.
 */
export function findMessageKey(bundle: unknown, message: string, prefix = ''): string | undefined {
  if (typeof bundle !== 'object' || bundle === null || message === '') return undefined;
  for (const [key, value] of Object.entries(bundle as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      if (value === message) return path;
    } else {
      const nested = findMessageKey(value, message, path);
      if (nested) return nested;
    }
  }
  return undefined;
}
