/** What the search screen's metadata filter asks of one field. */
export type FieldFilter =
  | { kind: 'value'; value: string }
  | { kind: 'checkbox'; checked: boolean }
  /** Inclusive days `YYYY-MM-DD`; either end may be open. */
  | { kind: 'dates'; from: string | null; to: string | null };

/** A value as the query language reads it: bare when it is one plain word, else a "phrase". */
function quotedIfNeeded(value: string): string {
  const plain = value.replace(/"/g, ' ').trim();
  return /^[\p{L}\p{N}_.@-]+$/u.test(plain) ? plain : `"${plain}"`;
}

/**
 * The query language's terms for a metadata field filter (docs/SEARCH.md): `fieldId:value`,
 * `fieldId:"a phrase"`, `fieldId:true`, `fieldId:>=from fieldId:<=to`; empty when it asks nothing.
 */
export function fieldFilterTerms(fieldId: string, filter: FieldFilter): string {
  switch (filter.kind) {
    case 'value':
      return filter.value.replace(/"/g, ' ').trim() === ''
        ? ''
        : `${fieldId}:${quotedIfNeeded(filter.value)}`;
    case 'checkbox':
      return `${fieldId}:${String(filter.checked)}`;
    case 'dates': {
      if (filter.from !== null && filter.from === filter.to) return `${fieldId}:${filter.from}`;
      const ends = [
        filter.from === null ? null : `${fieldId}:>=${filter.from}`,
        filter.to === null ? null : `${fieldId}:<=${filter.to}`,
      ];
      return ends.filter((e) => e !== null).join(' ');
    }
  }
}
