import { SHARE_LIMITS } from '@skald/domain';
import { z } from 'zod';
import type { App } from '../../app.ts';
import { noContent } from '../../lib/answers.ts';
import { pageSchema, pagingQuery } from '../../lib/paging.ts';
import { idParams } from '../../lib/schemas.ts';
import { authOf } from '../../plugins/auth.ts';
import {
  shareCreateSchema,
  shareDetailSchema,
  shareLimitsSchema,
  sharePatchSchema,
  shareSchema,
} from './share.schemas.ts';
import type { SharesService } from './shares.service.ts';

const tags = ['shares'];

export function registerShareRoutes(app: App, s: { shares: SharesService }): void {
  app.get(
    '/api/v1/shares',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          "My shares: the caller's shares and upload requests, newest first; scope=all (administrators) every share of the tenant",
        querystring: z.object({
          ...pagingQuery,
          scope: z.enum(['mine', 'all']).default('mine'),
          itemId: z
            .uuid()
            .optional()
            .meta({ description: "Only the shares holding this item (the item page's Shares tab)" }),
        }),
        response: { 200: pageSchema(shareSchema) },
      },
    },
    (request) => {
      const { scope, itemId, ...q } = request.query;
      return s.shares.list(authOf(request), scope, itemId, q);
    },
  );

  app.get(
    '/api/v1/shares/limits',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "The tenant's share limits: max valid days and max views (spec §3; §9 defaults where unset)",
        response: { 200: shareLimitsSchema },
      },
    },
    (request) => s.shares.limits(authOf(request)),
  );

  app.put(
    '/api/v1/shares/limits',
    {
      config: { access: 'tenantAdmin' },
      schema: {
        tags,
        summary: "Set the tenant's share limits (tenant config); null brings back §9's default",
        body: z.object({
          maxValidDays: z.number().int().min(1).max(SHARE_LIMITS.ceiling.maxValidDays).nullable(),
          maxViews: z.number().int().min(1).max(SHARE_LIMITS.ceiling.maxViews).nullable(),
        }),
        response: { 200: shareLimitsSchema },
      },
    },
    (request) => s.shares.setLimits(authOf(request), request.body),
  );

  app.post(
    '/api/v1/shares',
    {
      // share.shareMedia for a share, share.requestUpload for an upload request: the service checks the kind's.
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          'Share items or a folder (share.shareMedia), or request an upload into a folder (share.requestUpload); e-mails the link. ' +
          '409 (field confirmRights) when some items are outside their usage rights, until confirmRights is true',
        body: shareCreateSchema,
        // An item or folder the caller cannot see (another tenant's included); items outside their rights.
        errors: [404, 409],
        response: { 201: shareDetailSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await s.shares.create(authOf(request), request.body)),
  );

  app.get(
    '/api/v1/shares/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'A share with its items and e-mail history (its owner, or an administrator)',
        params: idParams,
        response: { 200: shareDetailSchema },
      },
    },
    (request) => s.shares.get(authOf(request), request.params.id),
  );

  app.patch(
    '/api/v1/shares/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          'Edit a share: title, password, expiry and views (extended within the limits), downloads, metadata; e-mail more addresses',
        params: idParams,
        body: sharePatchSchema,
        response: { 200: shareDetailSchema },
      },
    },
    (request) => s.shares.update(authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/shares/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Revoke a share: its link stops working for good; the share stays listed as revoked',
        params: idParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await s.shares.revoke(authOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
