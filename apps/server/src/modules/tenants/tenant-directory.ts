import type { TenantRow } from '../../db/rows.ts';

/**
 * Tenants as other modules read them: sign-in finds one by its slug, uploads read its refused
 * extensions. The tenants repository implements it; the composition root passes it.
 */
export interface TenantDirectory {
  byId(tenantId: string): Promise<TenantRow | undefined>;
  bySlug(slug: string): Promise<TenantRow | undefined>;
}
