import { EXPORT_FILE_NAME_LENGTH } from '@skald/domain';
import { z } from 'zod';
import type { App } from '../../app.ts';
import { authOf } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { authRateLimit } from '../../plugins/rate-limit.ts';
import type { Config } from '../../config.ts';
import type { IdentityCaches } from '../../identity/identity-caches.ts';
import { demoOfferSchema, type DemoOffer } from './demo-offer.ts';
import type { TenantsRepository } from './tenants.repository.ts';
import type { UploadLocationService } from './upload-location.service.ts';

const tags = ['tenants'];

const folderPathEntry = z.object({ id: z.string(), name: z.string() });
const uploadLocationSchema = z
  .object({
    folderId: z
      .string()
      .nullable()
      .meta({ description: 'The folder a tenant administrator set; null while it is the root' }),
    folder: z.object({ id: z.string(), name: z.string(), path: z.array(folderPathEntry) }).meta({
      description:
        'Where an upload without a chosen folder goes; its path from the root when the caller sees the folder, else the folder alone',
    }),
    writable: z.boolean().meta({ description: 'Whether the caller may upload there' }),
  })
  .meta({ id: 'UploadLocation' });

export interface TenantRouteDeps {
  tenants: TenantsRepository;
  uploadLocation: UploadLocationService;
  identityCaches: Pick<IdentityCaches, 'tenantChanged'>;
  config: Pick<Config, 'AUTH_RATE_LIMIT_PER_MINUTE'>;
  /** The demo tenant, when this server offers it (development, or SEED_DEMO=true). */
  demo: DemoOffer | undefined;
}

export function registerTenantRoutes(app: App, s: TenantRouteDeps): void {
  app.get(
    '/api/v1/tenants/lookup',
    {
      config: {
        access: 'public',
        rateLimit: authRateLimit(s.config.AUTH_RATE_LIMIT_PER_MINUTE, 3),
      },
      schema: {
        tags,
        summary: 'Look for a company: organisations whose name contains the text',
        querystring: z.object({ name: z.string().trim().min(2, 'type at least 2 characters').max(100) }),
        response: { 200: z.object({ items: z.array(z.object({ slug: z.string(), name: z.string() })) }) },
      },
    },
    async (request) => ({ items: await s.tenants.searchByName(request.query.name, 10) }),
  );

  app.get(
    '/api/v1/tenants/demo',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'The demo organisation for the sign-in page: its users, what each may do and their password; 404 where no demo is offered',
        response: { 200: demoOfferSchema },
        errors: [404],
      },
    },
    async () => {
      // Offered by the configuration, and there: a production server or a deleted demo offers none.
      if (!s.demo || !(await s.tenants.bySlug(s.demo.slug))) throw notFound('No demo organisation here');
      return s.demo;
    },
  );

  app.patch(
    '/api/v1/tenant/security',
    {
      // Spec §6: users with the relevant permission can enforce MFA.
      config: { access: { anyOf: ['tenantAdmin', { permission: 'userManagement.enforceMfa' }] } },
      schema: {
        tags,
        summary: 'Enforce two-factor authentication for the whole tenant (never for external users)',
        body: z.object({ mfaEnforced: z.boolean() }),
        response: { 200: z.object({ id: z.string(), mfaEnforced: z.boolean() }) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      await s.tenants.setMfaEnforced(auth.tenant.id, request.body.mfaEnforced);
      s.identityCaches.tenantChanged(auth.tenant.id);
      return { id: auth.tenant.id, mfaEnforced: request.body.mfaEnforced };
    },
  );

  app.patch(
    '/api/v1/tenant/uploads',
    {
      config: { access: 'tenantAdmin' },
      schema: {
        tags,
        summary:
          'Set the file extensions refused for uploads (spec §3 tenant config), on top of the whitelist',
        body: z.object({
          forbiddenExtensions: z
            .array(
              z
                .string()
                .trim()
                .toLowerCase()
                .transform((e) => e.replace(/^\.+/, ''))
                .pipe(z.string().regex(/^[a-z0-9]{1,16}$/, 'an extension: letters and digits')),
            )
            .max(200)
            .transform((list) => [...new Set(list)].sort()),
        }),
        response: { 200: z.object({ id: z.string(), forbiddenExtensions: z.array(z.string()) }) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      await s.tenants.setForbiddenExtensions(auth.tenant.id, request.body.forbiddenExtensions);
      s.identityCaches.tenantChanged(auth.tenant.id);
      return { id: auth.tenant.id, forbiddenExtensions: request.body.forbiddenExtensions };
    },
  );

  const exportSettings = z
    .object({
      maxFileNameLength: z
        .number()
        .int()
        .min(EXPORT_FILE_NAME_LENGTH.min)
        .max(EXPORT_FILE_NAME_LENGTH.max)
        .meta({ description: 'The longest name an exported or rendered file gets, extension included' }),
    })
    .meta({ id: 'ExportSettings' });

  app.get(
    '/api/v1/tenant/export-settings',
    {
      config: { access: 'tenantAdmin' },
      schema: {
        tags,
        summary: 'The max file name length for exports (spec §3 tenant config)',
        response: { 200: exportSettings },
      },
    },
    async (request) => ({
      maxFileNameLength: await s.tenants.exportFileNameLength(authOf(request).tenant.id),
    }),
  );

  app.put(
    '/api/v1/tenant/export-settings',
    {
      config: { access: 'tenantAdmin' },
      schema: {
        tags,
        summary: 'Set the max file name length for exports: rendered and exported files are named within it',
        body: exportSettings,
        response: { 200: exportSettings },
      },
    },
    async (request) => {
      await s.tenants.setExportFileNameLength(authOf(request).tenant.id, request.body.maxFileNameLength);
      return request.body;
    },
  );

  app.get(
    '/api/v1/tenant/upload-location',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          'The default upload location (spec §6): where uploads without a folder go, and all uploads of users without item.chooseUploadLocation',
        response: { 200: uploadLocationSchema },
      },
    },
    (request) => s.uploadLocation.get(authOf(request)),
  );

  app.put(
    '/api/v1/tenant/upload-location',
    {
      config: { access: 'tenantAdmin' },
      schema: {
        tags,
        summary: 'Set the default upload location: a folder, or null for the root',
        body: z.object({ folderId: z.uuid().nullable() }),
        response: { 200: uploadLocationSchema },
        errors: [404],
      },
    },
    (request) => s.uploadLocation.set(authOf(request), request.body.folderId),
  );
}
