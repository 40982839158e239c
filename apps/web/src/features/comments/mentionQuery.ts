/**
 * The name being typed after an '@' just before the caret: the '@' starts the text or follows a
 * space, and the name so far holds no line break and at most a few words (as the server's
 * mentionCandidates reads them). Null when the caret is not in a mention.
 */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0 || (at > 0 && !/\s/.test(before[at - 1] ?? ''))) return null;
  const query = before.slice(at + 1);
  if (/[\n@]/.test(query) || query.length > 60 || query.split(' ').length > 3) return null;
  return { start: at, query };
}

/** The text with the mention at `start` (up to the caret) replaced by '@Name '; and where the caret goes. */
export function insertMention(
  text: string,
  mention: { start: number; query: string },
  name: string,
): { text: string; caret: number } {
  const end = mention.start + 1 + mention.query.length;
  const inserted = `@${name} `;
  return {
    text: text.slice(0, mention.start) + inserted + text.slice(end),
    caret: mention.start + inserted.length,
  };
}
