import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createDatabase } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { provisioningIdentity } from '../../apps/server/src/identity/identity.ts';
import { provisionTenant } from '../../apps/server/src/modules/tenants/tenant-provisioning.ts';
import type { Permission } from '@skald/domain';

/**
 * An embedded (SQLite) database under `dataDir` with the tenant `bench` and one user holding
 * `permissions`, for a bench to seed through the app's own services before it starts the server.
 */
export async function openBenchTenant(
  dataDir: string,
  user: { email: string; name: string; password: string; permissions: Permission[] },
) {
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: 'false' });
  const db = createDatabase({ databaseUrl: undefined, dataDir });
  await migrateToLatest(db);
  const { services } = await buildApp(config, { db, serveWeb: false });
  const tenant = await provisionTenant(db, { name: 'Bench', slug: 'bench' });
  const org = await services.groupsRepository.byId(tenant.id, tenant.organisation_group_id);
  if (!org) throw new Error('no organisation group');
  const created = await services.usersService.create(provisioningIdentity(tenant, org), {
    ...user,
    roles: [],
    groupIds: [],
    external: false,
  });
  const folder = await services.foldersService.rootRow(tenant.id, created.id);
  const close = async () => {
    await services.mailer.stop();
    await db.destroy();
  };
  return { db, services, tenant, user: created, folder, close };
}

/** A video item's row as intake writes it (no version yet), titled `title`, in the user's root folder. */
export function benchVideoItem(
  bench: { tenant: { id: string }; user: { id: string }; folder: { id: string } },
  id: string,
  title: string,
  at: string,
) {
  return {
    id,
    tenant_id: bench.tenant.id,
    item_type: 'video',
    title,
    folder_id: bench.folder.id,
    owner_id: bench.user.id,
    created_by: bench.user.id,
    visible_level: null,
    updatable_level: null,
    leading_version_id: null,
    duration_ms: 12_000,
    created_at: at,
    updated_at: at,
    deleted_at: null,
    deleted_by: null,
  };
}
