import { MESSAGES } from '@skald/domain';
import { describe, expect, it } from 'vitest';
import {
  CHUNK_SIZE,
  UPLOAD_META_FIELDS,
  refusalOf,
  serverRefusal,
  uploadMetaFields,
  uppyLocaleCode,
  uppyPluralIndex,
} from './uploadRules.ts';

describe('refusalOf', () => {
  it.each([
    ['clip.mp4', [], null],
    ['CLIP.MOV', [], null],
    ['song.mp3', [], null],
    ['photo.jpeg', [], null],
    ['script.pdf', [], null],
    ['setup.exe', [], MESSAGES.deniedExtension],
    ['README', [], MESSAGES.deniedExtension],
    ['clip.mp4', ['MP4'], MESSAGES.deniedExtension],
    ['clip.mp4', ['.mov'], null],
  ] as const)('%s with forbidden %j: %s', (name, forbidden, expected) => {
    expect(refusalOf(name, forbidden)).toBe(expected);
  });
});

describe('serverRefusal', () => {
  it.each([
    [400, JSON.stringify({ error: { code: 'bad_request', message: 'Upload rejected' } }), 'Upload rejected'],
    [
      403,
      JSON.stringify({ error: { code: 'forbidden', message: MESSAGES.noUploadPermission } }),
      MESSAGES.noUploadPermission,
    ],
    [400, 'Upload rejected\n', 'Upload rejected'],
    [400, '', MESSAGES.uploadRejected],
    [500, '<html>oops</html>', MESSAGES.uploadFailed],
    [undefined, '', MESSAGES.uploadFailed],
    [400, JSON.stringify({ error: { message: '' } }), MESSAGES.uploadRejected],
  ])('status %s with body %j says %j', (status, body, expected) => {
    expect(serverRefusal(status, body)).toEqual({ message: expected });
  });

  it('keeps the catalogue key and values of the detail that repeats the message', () => {
    const message = "You do not have permission to upload to the default upload location 'Inbox'";
    const body = JSON.stringify({
      error: {
        code: 'forbidden',
        message,
        details: [
          {
            field: 'folderId',
            message,
            messageId: 'defaultUploadLocationNotWritable',
            params: { folder: 'Inbox' },
          },
        ],
      },
    });
    expect(serverRefusal(403, body)).toEqual({
      message,
      messageId: 'defaultUploadLocationNotWritable',
      params: { folder: 'Inbox' },
    });
  });

  it('ignores the key of a detail that says something else', () => {
    const body = JSON.stringify({
      error: {
        code: 'bad_request',
        message: 'Upload rejected',
        details: [{ field: 'filename', message: 'Files with the denied extension cannot be uploaded' }],
      },
    });
    expect(serverRefusal(400, body)).toEqual({ message: 'Upload rejected' });
  });
});

describe('uploadMetaFields', () => {
  it('names the chosen folder for a user who may choose the upload location', () => {
    expect(uploadMetaFields(true, true)).toEqual(UPLOAD_META_FIELDS);
  });

  it("sends the upload view's values only when some are set", () => {
    expect(uploadMetaFields(true)).toEqual(['name', 'type', 'folderId', 'relativePath']);
  });

  it('names no folder otherwise, so the server uses the default upload location', () => {
    expect(uploadMetaFields(false)).toEqual(['name', 'type', 'relativePath']);
  });
});

describe('Uppy locale', () => {
  it.each([
    ['en', 'en_US'],
    ['nb', 'nb_NO'],
    ['nn', 'nb_NO'],
    ['nn-NO', 'nb_NO'],
    ['fr', 'fr_FR'],
    ['fr-CA', 'fr_FR'],
    ['de', 'en_US'],
  ])('%s uses %s', (language, expected) => {
    expect(uppyLocaleCode(language)).toBe(expected);
  });

  it.each([
    ['en', 0, 1],
    ['en', 1, 0],
    ['en', 2, 1],
    ['nb', 1, 0],
    ['nn', 0, 1],
    ['fr', 0, 0],
    ['fr', 1, 0],
    ['fr', 2, 1],
  ])('in %s, %s takes form %s', (language, count, expected) => {
    expect(uppyPluralIndex(language)(count)).toBe(expected);
  });
});

it('sends 64 MiB chunks', () => {
  expect(CHUNK_SIZE).toBe(67_108_864);
});
