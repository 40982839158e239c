import { DEFAULT_PERMISSIONS, fold } from '@skald/domain';
import { builtInFormRows } from '../../db/built-in-forms.ts';
import type { TenantRow } from '../../db/rows.ts';
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';

export interface NewTenant {
  name: string;
  slug: string;
  timezone?: string;
  isAdminTenant?: boolean;
}

/** A tenant is born with its organisation group and spec §5's built-in forms, in one transaction. */
export async function provisionTenant(db: Db, input: NewTenant): Promise<TenantRow> {
  const now = nowIso();
  const tenant: TenantRow = {
    id: newId(),
    name: input.name,
    name_folded: fold(input.name),
    slug: input.slug.toLowerCase(),
    timezone: input.timezone ?? 'Europe/Oslo',
    organisation_group_id: newId(),
    is_admin_tenant: input.isAdminTenant ? 1 : 0,
    mfa_enforced: 0,
    created_at: now,
    forbidden_extensions: '[]',
    default_upload_folder_id: null,
    share_max_valid_days: null,
    export_file_name_max: null,
    share_max_views: null,
    translation_primary: 'nb',
    translation_secondary: 'nn',
    auto_analysis: '{"kinds":[],"language":null}',
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('tenants').values(tenant).execute();
    await trx
      .insertInto('groups')
      .values({
        id: tenant.organisation_group_id,
        tenant_id: tenant.id,
        name: input.name,
        name_folded: fold(input.name),
        // The organisation group is everyone, so it carries the spec's default-true permissions;
        // an administrator narrows a tenant by editing this group.
        permissions: JSON.stringify(DEFAULT_PERMISSIONS),
        is_organisation: 1,
        created_at: now,
      })
      .execute();
    await trx.insertInto('metadata_forms').values(builtInFormRows(tenant.id, now)).execute();
  });
  return tenant;
}
