import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { UPLOADS_PATH } from './upload-server.ts';

/**
 * The tus 1.0 operations at /api/v1/uploads as the OpenAPI document describes them. The request
 * headers are checked before tus sees the request, so a malformed one gets the error shape
 * naming the header; what tus itself refuses (an offset conflict, a size beyond the limit) and
 * Skald's refusals from the tus hooks come back as `text/plain` (tus's message, or the error
 * shape as JSON text).
 */
const tusResumable = z.literal('1.0.0').describe('The tus protocol version');
const digits = z.string().regex(/^\d+$/, 'a whole number of bytes');
const headersOf = (shape: z.ZodRawShape) => z.looseObject({ 'tus-resumable': tusResumable, ...shape });
const header = (description: string) => ({ type: 'string', description });
const answer = (description: string, headers: Record<string, object> = {}) =>
  z.undefined().meta({ description, headers: { 'Tus-Resumable': header('1.0.0'), ...headers } });
const tusText = (description: string) => ({
  description,
  content: { 'text/plain': { schema: z.string().describe("tus's message, or the error shape as JSON") } },
});
const refused = {
  400: tusText('Refused by a tus hook: the file or its metadata (`Upload rejected`, a bad folderId)'),
  403: tusText(
    'Refused by a tus hook: no permission to upload, to choose the folder, to write the folder (the default upload location named), to add a version, or to change its metadata (a new version with formValues)',
  ),
  404: tusText('No such upload of the caller'),
};

const uploadParams = z.object({ uploadId: z.string().max(64) });

export interface TusOperation {
  method: 'POST' | 'HEAD' | 'PATCH' | 'DELETE' | 'OPTIONS';
  url: string;
  schema: FastifySchema;
}

/** How one tus endpoint differs from another: where it is, and what its creation reads. */
export interface TusEndpoint {
  path: string;
  tags: string[];
  creation: { description: string; metadata: string; headers?: z.ZodRawShape };
}

/** The tus operations of an endpoint, as the OpenAPI document describes them. */
export function tusOperations({ path, tags, creation }: TusEndpoint): TusOperation[] {
  const one = `${path}/:uploadId`;
  const extra = creation.headers ?? {};
  return [
    {
      method: 'POST',
      url: path,
      schema: {
        tags,
        summary: 'Create an upload (tus creation); `Location` is where its bytes go',
        description: creation.description,
        headers: headersOf({
          ...extra,
          'upload-length': digits.describe('The size of the whole file in bytes'),
          'upload-metadata': z.string().min(1).max(8192).describe(creation.metadata),
        }),
        response: {
          201: answer('Created', { Location: header('The upload URL') }),
          ...refused,
          413: tusText('Upload-Length is beyond the largest upload'),
        },
      },
    },
    {
      method: 'HEAD',
      url: one,
      schema: {
        tags,
        summary: 'The offset to resume the upload from',
        params: uploadParams,
        headers: headersOf(extra),
        response: {
          200: answer('The upload as received so far', {
            'Upload-Offset': header('Bytes received'),
            'Upload-Length': header('The size of the whole file'),
          }),
          404: tusText('No such upload of the caller'),
        },
      },
    },
    {
      method: 'PATCH',
      url: one,
      schema: {
        tags,
        summary: 'Send bytes from Upload-Offset; the last ones turn the upload into an item',
        params: uploadParams,
        headers: headersOf({
          ...extra,
          'upload-offset': digits.describe('Where these bytes start: the offset HEAD answered'),
          'content-type': z.literal('application/offset+octet-stream'),
        }),
        response: {
          204: answer('Received', {
            'Upload-Offset': header('Bytes received'),
            'Skald-Item-Id': header('On the last PATCH: the item the upload became'),
          }),
          ...refused,
          409: tusText('Upload-Offset is not where the upload stands'),
          413: tusText('More bytes than Upload-Length'),
          500: tusText('The file could not be turned into an item (`Upload failed`)'),
        },
      },
    },
    {
      method: 'DELETE',
      url: one,
      schema: {
        tags,
        summary: 'Cancel an upload (recorded as failed)',
        params: uploadParams,
        headers: headersOf(extra),
        response: {
          204: answer('Cancelled'),
          400: tusText('The upload is already complete'),
          404: tusText('No such upload of the caller'),
        },
      },
    },
    ...[path, one].map((url): TusOperation => ({
      method: 'OPTIONS',
      url,
      schema: {
        tags,
        summary: 'What the tus server supports',
        ...(url === one ? { params: uploadParams } : {}),
        response: {
          204: answer('The tus capabilities', {
            'Tus-Version': header('1.0.0'),
            'Tus-Extension': header('The supported extensions'),
            'Tus-Max-Size': header('The largest upload in bytes'),
          }),
        },
      },
    })),
  ];
}

export const TUS_OPERATIONS = tusOperations({
  path: UPLOADS_PATH,
  tags: ['uploads'],
  creation: {
    description:
      'Upload-Metadata (comma-separated `key base64(value)`): `filename` (required), `folderId` (left ' +
      "out: the tenant's default upload location, the only one accepted without item.chooseUploadLocation), " +
      'or `itemId` for a new version of that item (item.version), and `relativePath` for a file of a ' +
      "dropped folder; `formValues` (JSON, form id → field id → value: the upload view's values, given to " +
      "the new item over its folder's defaults, or with `itemId` the new version view's, set on the item " +
      '(item.updateMetadata, else 403); a bad one is refused here, naming `formValues.<form>.<field>`).',
    metadata: 'tus metadata: filename, folderId, itemId, relativePath, formValues',
  },
});
