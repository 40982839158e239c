import { SORT_TERM_PREFIX, type MetadataTerm } from '@skald/domain';
import { sql, type Kysely } from 'kysely';

/**
 * PostgreSQL's copy of an item's short field values on its own row (`items.short_field_terms`,
 * migration 0062, docs/SEARCH.md "Metadata fields"): for each field whose value has at most this
 * many terms (a choice, a checkbox, a date, a name of two words and their pair), its terms as
 * `field:term`; for a longer value, the one element `field:#long`, so a search knows to look that
 * item's value up in `item_field_terms`. Sort keys are left out (no filter reads them).
 */
export const SHORT_VALUE_TERMS = 3;

/** A field's term as an element of `items.short_field_terms` (a field id holds no ':'). */
export const shortElement = (fieldKey: string, term: string): string => `${fieldKey}:${term}`;

/** The element saying the item's value of the field is too long to be held on its row. */
export const longValue = (fieldKey: string): string => shortElement(fieldKey, '#long');

/** An item's `short_field_terms` from its rows of the field index (metadataTerms). */
export function shortFieldTerms(terms: readonly MetadataTerm[]): string[] {
  const byField = new Map<string, string[]>();
  for (const { fieldKey, term } of terms) {
    if (term.startsWith(SORT_TERM_PREFIX)) continue;
    byField.set(fieldKey, [...(byField.get(fieldKey) ?? []), term]);
  }
  return [...byField].flatMap(([fieldKey, held]) =>
    held.length > SHORT_VALUE_TERMS ? [longValue(fieldKey)] : held.map((t) => shortElement(fieldKey, t)),
  );
}

/**
 * Writes the items' `short_field_terms` (PostgreSQL only; in the caller's transaction, with their
 * rows of `item_field_terms`), in one statement whose rows are one JSON parameter.
 */
export async function writeShortFieldTerms(
  db: Kysely<unknown>,
  items: readonly { tenantId: string; itemId: string; terms: readonly MetadataTerm[] }[],
): Promise<void> {
  if (items.length === 0) return;
  const rows = items.map((i) => ({ tenant: i.tenantId, id: i.itemId, terms: shortFieldTerms(i.terms) }));
  await sql`update items set short_field_terms = array(
      select jsonb_array_elements_text(r.value -> 'terms'))
    from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) as r
    where items.tenant_id = r.value ->> 'tenant' and items.id = r.value ->> 'id'`.execute(db);
}
