import { BUILT_IN_FORMS, fold, type MetadataForm } from '@skald/domain';
import type { MetadataFormsTable } from './schema.ts';

/** A form as its row stores it: the key, label and flags in columns, the rest as one JSON document. */
export function formRow(
  tenantId: string,
  form: MetadataForm,
  createdAt: string,
  updatedAt = createdAt,
): MetadataFormsTable {
  const { id, label, active, builtIn, ...definition } = form;
  return {
    tenant_id: tenantId,
    form_key: id,
    label,
    label_folded: fold(label),
    built_in: builtIn,
    active: active ? 1 : 0,
    definition: JSON.stringify(definition),
    created_at: createdAt,
    updated_at: updatedAt,
  };
}

/** The rows of spec §5's built-in forms for a tenant (its migration and its creation both write them). */
export function builtInFormRows(tenantId: string, now: string): MetadataFormsTable[] {
  return BUILT_IN_FORMS.map((form) => formRow(tenantId, form, now));
}
