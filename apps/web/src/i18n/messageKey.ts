import { formatMessage } from '@skald/domain';

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

/** A text from the server, with its catalogue key and values when the server named them. */
export interface ServerText {
  message: string;
  messageId?: string | undefined;
  params?: Readonly<Record<string, string | number>> | undefined;
}

/**
 * A server's text in the UI language (`t` translates a `messages:` key): by its catalogue key and
 * values when it names a key the English bundle has, else by its exact English text. Undefined when
 * it is neither, so the caller can show it as the server wrote it.
 */
export function translateServerText(
  english: unknown,
  t: (key: string) => string,
  text: ServerText,
): string | undefined {
  const { messageId } = text;
  if (messageId !== undefined && typeof english === 'object' && english !== null) {
    const template: unknown = Object.hasOwn(english, messageId)
      ? (english as Record<string, unknown>)[messageId]
      : undefined;
    if (typeof template === 'string') return formatMessage(t(`messages:${messageId}`), text.params ?? {});
  }
  const key = findMessageKey(english, text.message);
  return key ? t(`messages:${key}`) : undefined;
}
