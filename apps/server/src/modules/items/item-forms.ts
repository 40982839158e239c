import type { MetadataForm, OptionLists } from '@skald/domain';

/** What items need of the forms module: every form and option list of a tenant (the forms service has it). */
export interface ItemForms {
  schemaOf(tenantId: string): Promise<{ forms: MetadataForm[]; lists: OptionLists }>;
}
