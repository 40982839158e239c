import { MISSING_QUALITY_CHOICES, SHARE_QUALITIES } from '@skald/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../app.ts';
import { fileAnswer, noContent } from '../../lib/answers.ts';
import { randomToken } from '../../lib/tokens.ts';
import { authRateLimit } from '../../plugins/rate-limit.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { sendBlob } from '../items/blob-reply.ts';
import { formValuesInput } from '../items/form-values.schema.ts';
import { sharedMetadataSchema, sharePageSchema, uploadViewSchema } from './share.schemas.ts';
import { MISSING_NOTE, sendZip, zipOfBlobs } from './share-zip.ts';
import type { ShareLinksService } from './share-links.service.ts';
import type { UploadServer } from '../uploads/upload-server.ts';
import { tusOperations } from '../uploads/tus.schemas.ts';

const tags = ['public shares'];
export const PUBLIC_SHARES_PATH = '/api/v1/public/shares';
/** The visitor's cookie: a random id per browser, which makes a unique view (docs/SHARES.md). */
export const VISITOR_COOKIE = 'skald_share_visitor';
/** tus for upload requests: the link's token travels in a header on every request. */
export const SHARE_UPLOADS_PATH = '/api/v1/public/share-uploads';
export const SHARE_TOKEN_HEADER = 'skald-share-token';

const SHARE_UPLOAD_OPERATIONS = tusOperations({
  path: SHARE_UPLOADS_PATH,
  tags,
  creation: {
    description:
      "Upload a file through an upload request's link (no account): it becomes an item of the request's owner in " +
      "the request's folder. Each file takes one of the files the request allows; 404 when the link is over. " +
      'Upload-Metadata: `filename` (required), `formValues` (JSON, form id → field id → value: the values of the ' +
      'upload view the request answers at `upload-view`, every required field among them; a form or field outside ' +
      'it or a bad value is a 400 naming `formValues.<form>.<field>`, before the file takes one of the link’s files). ' +
      'The values are written with the item; its history names the link.',
    metadata: 'tus metadata: filename, formValues',
    headers: { [SHARE_TOKEN_HEADER]: z.string().min(1).max(200).describe("The upload request link's token") },
  },
});

const tokenParams = z.object({ token: z.string().min(1).max(200) });
const itemParams = tokenParams.extend({ itemId: z.uuid() });

const visitorOf = (request: FastifyRequest): string | undefined => {
  const value = request.cookies[VISITOR_COOKIE];
  return value !== undefined && /^[\w-]{22,64}$/.test(value) ? value : undefined;
};

export function registerShareLinkRoutes(
  app: App,
  s: {
    links: ShareLinksService;
    blobs: BlobStore;
    uploads: UploadServer;
    secureCookie: boolean;
    perMinute: number;
  },
): void {
  /** The visitor's id, given a cookie now if the browser has none yet. */
  const ensureVisitor = (request: FastifyRequest, reply: FastifyReply): string => {
    const known = visitorOf(request);
    if (known !== undefined) return known;
    const id = randomToken(24);
    void reply.setCookie(VISITOR_COOKIE, id, {
      httpOnly: true,
      sameSite: 'lax',
      secure: s.secureCookie,
      path: PUBLIC_SHARES_PATH,
      maxAge: 400 * 24 * 60 * 60,
    });
    return id;
  };

  app.get(
    `${PUBLIC_SHARES_PATH}/:token`,
    {
      config: { access: 'public', rateLimit: authRateLimit(s.perMinute, 10) },
      schema: {
        tags,
        summary:
          'Open a share link (no account): the page, counting this browser as one unique view; locked until the password is given. 404 alike for a wrong, expired, revoked or used-up link',
        params: tokenParams,
        response: { 200: sharePageSchema },
      },
    },
    (request, reply) => s.links.open(request.params.token, ensureVisitor(request, reply)),
  );

  app.post(
    `${PUBLIC_SHARES_PATH}/:token/unlock`,
    {
      // Per address here; per share in the service (a count of wrong passwords in the share's row).
      config: { access: 'public', rateLimit: authRateLimit(s.perMinute) },
      schema: {
        tags,
        summary:
          "Give a share's password: 403 when wrong, 429 after too many wrong ones (per share and per address)",
        params: tokenParams,
        body: z.object({ password: z.string().min(1).max(200) }),
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await s.links.unlock(request.params.token, ensureVisitor(request, reply), request.body.password);
      return reply.status(204).send();
    },
  );

  app.get(
    `${PUBLIC_SHARES_PATH}/:token/upload-view`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "An upload request's upload view (spec §2): the forms and fields its guest may fill for the files, with " +
          'the option lists they name. 404 alike for a wrong, expired, revoked or used-up link; 401 until its password is given',
        params: tokenParams,
        errors: [401],
        response: { 200: uploadViewSchema },
      },
    },
    (request) => s.links.uploadView(request.params.token, visitorOf(request)),
  );

  app.get(
    `${PUBLIC_SHARES_PATH}/:token/items/:itemId/media/*`,
    {
      config: { access: 'public' },
      compress: false,
      schema: {
        tags,
        summary:
          "A rendition of a shared item (HLS playlist and segments, proxy, poster) for the share's player",
        params: itemParams.extend({
          '*': z.string().regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/, 'not a rendition name'),
        }),
        errors: [401, 416],
        response: { 200: fileAnswer('The rendition'), 206: fileAnswer('The requested range of it') },
      },
    },
    async (request, reply) => {
      const { token, itemId } = request.params;
      const answer = await s.links.rendition(token, visitorOf(request), itemId, request.params['*']);
      return sendBlob(request, reply, s.blobs, answer.key, answer);
    },
  );

  app.get(
    `${PUBLIC_SHARES_PATH}/:token/items/:itemId/download`,
    {
      config: { access: 'public' },
      compress: false,
      schema: {
        tags,
        summary:
          "Download a shared item in the share's quality, or in the other one when the item lacks it (§8 try another quality)",
        params: itemParams,
        querystring: z.object({ quality: z.enum(SHARE_QUALITIES) }),
        errors: [401, 403, 416],
        response: {
          200: fileAnswer('The file, as an attachment'),
          206: fileAnswer('The requested range of it'),
        },
      },
    },
    async (request, reply) => {
      const { token, itemId } = request.params;
      const answer = await s.links.download(token, visitorOf(request), itemId, request.query.quality);
      return sendBlob(request, reply, s.blobs, answer.key, answer);
    },
  );

  app.get(
    `${PUBLIC_SHARES_PATH}/:token/items/:itemId/metadata`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "A shared item's values in the forms' share view, when the share allows viewing (or editing) metadata",
        params: itemParams,
        errors: [401, 403],
        response: { 200: sharedMetadataSchema },
      },
    },
    (request) => s.links.metadata(request.params.token, visitorOf(request), request.params.itemId),
  );

  app.patch(
    `${PUBLIC_SHARES_PATH}/:token/items/:itemId/metadata`,
    {
      config: { access: 'public', rateLimit: authRateLimit(s.perMinute, 10) },
      schema: {
        tags,
        summary:
          "Edit a shared item's share-view fields (the share allows editing metadata): all or nothing, spec §5's " +
          "messages at forms.<form>.<field>; the item's history names the share",
        params: itemParams,
        body: z.object({ forms: formValuesInput }),
        errors: [401, 403],
        response: { 200: sharedMetadataSchema },
      },
    },
    (request) =>
      s.links.editMetadata(
        request.params.token,
        visitorOf(request),
        request.params.itemId,
        request.body.forms,
      ),
  );

  app.get(
    `${PUBLIC_SHARES_PATH}/:token/download-all`,
    {
      config: { access: 'public' },
      compress: false,
      schema: {
        tags,
        summary:
          "Download every item of a share as one zip, in the share's quality, streamed. For items that lack it, §8's " +
          `choice: missing=skip leaves them out, continue leaves them out and lists them in ${MISSING_NOTE}, ` +
          'another takes the other quality',
        params: tokenParams,
        querystring: z.object({ missing: z.enum(MISSING_QUALITY_CHOICES).default('skip') }),
        errors: [401, 403],
        response: { 200: fileAnswer('The zip, as an attachment') },
      },
    },
    async (request, reply) => {
      const { title, files, missing } = await s.links.downloadAll(
        request.params.token,
        visitorOf(request),
        request.query.missing,
      );
      return sendZip(reply, title, zipOfBlobs(s.blobs, files, missing));
    },
  );

  void app.register((scope, _options, done) => {
    // tus streams the PATCH body into its store itself; Fastify must leave it unread.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, next) => {
      next(null);
    });
    for (const operation of SHARE_UPLOAD_OPERATIONS) {
      scope.route({
        ...operation,
        schema: { ...operation.schema, errors: [401, 404] },
        config: { access: 'public', swagger: { exposeHeadRoute: true } },
        handler: async (request, reply) => {
          if (request.method === 'OPTIONS') {
            reply.hijack();
            await s.uploads.tus.handle(request.raw, reply.raw);
            return;
          }
          const token = request.headers[SHARE_TOKEN_HEADER];
          const { identity, grant } = await s.links.uploadGrant(
            typeof token === 'string' ? token : '',
            visitorOf(request),
          );
          reply.hijack();
          await s.uploads.handle(identity, request.raw, reply.raw, grant);
        },
      });
    }
    done();
  });
}
