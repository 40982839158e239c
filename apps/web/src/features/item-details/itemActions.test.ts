import type { Permission, Principal, Role } from '@skald/domain';
import { describe, expect, it } from 'vitest';
import type { Item } from '../../api/items.ts';
import { itemActions } from './itemActions.ts';

const IDLE = { state: null, enabled: true, errorMessage: null, progress: 0 } as const;

function item(overrides: Partial<Item> = {}): Item {
  return {
    id: 'i1',
    itemType: 'video',
    title: 'Clip',
    description: '',
    folderId: 'f1',
    owner: { id: 'u1', name: 'Erik' },
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    durationSeconds: 60,
    resolvedThumbnailUrl: '/placeholders/video.svg',
    transcoding: { ...IDLE, state: 'complete', progress: 100 },
    isDeleted: false,
    deletedAt: null,
    createdBy: { id: 'u1', name: 'Erik' },
    visibleTo: null,
    updatableBy: null,
    media: null,
    technicalMetadata: null,
    isArchived: false,
    versions: [],
    leadingVersionId: 'v1',
    virtualClip: null,
    renderedFrom: null,
    sceneDetection: IDLE,
    transcription: IDLE,
    translation: IDLE,
    personDetection: IDLE,
    celebrityDetection: IDLE,
    labelDetection: IDLE,
    textDetection: IDLE,
    archiveFileTransfer: IDLE,
    playback: {
      hlsUrl: '/hls',
      proxyUrl: '/proxy.mp4',
      posterUrl: null,
      previewUrl: null,
      waveformUrl: null,
      strip: null,
    },
    canUpdate: true,
    canDelete: true,
    canCreateVersion: true,
    ...overrides,
  };
}

function principal(permissions: Permission[], roles: Role[] = []): Principal {
  return {
    userId: 'u1',
    tenantId: 't1',
    roles,
    permissions: new Set(permissions),
    groupIds: [],
    primaryGroupId: null,
    organisationGroupId: 'org',
    isAdminTenant: false,
    external: false,
  };
}

const editor = principal([
  'item.create',
  'item.upload',
  'item.version',
  'item.promote',
  'item.update',
  'item.move',
  'item.downloadMedia',
]);
const viewer = principal(['item.downloadMedia']);

describe('item page actions', () => {
  it('offers an editor everything but reprocessing', () => {
    expect(itemActions(item(), editor)).toEqual({
      rename: true,
      downloadOriginal: { shown: true, blocked: null },
      downloadProxy: { shown: true, blocked: null },
      reprocess: { shown: false },
      uploadVersion: { shown: true, blocked: null },
      move: true,
      access: true,
      delete: true,
      promote: true,
    });
  });

  it('lets a user who may not change the item only download it', () => {
    const actions = itemActions(
      item({ canUpdate: false, canDelete: false, canCreateVersion: false }),
      viewer,
    );
    expect(actions).toMatchObject({
      rename: false,
      move: false,
      access: false,
      delete: false,
      promote: false,
    });
    expect(actions.uploadVersion).toEqual({ shown: false });
    expect(actions.downloadOriginal).toEqual({ shown: true, blocked: null });
  });

  it('offers a new version only to who may add one (the server’s canCreateVersion), whatever else they may do', () => {
    expect(itemActions(item({ canCreateVersion: false }), editor).uploadVersion).toEqual({ shown: false });
    const versionOnly = principal([]);
    expect(itemActions(item({ canUpdate: false }), versionOnly).uploadVersion).toEqual({
      shown: true,
      blocked: null,
    });
  });

  it.each<[string, Principal, boolean]>([
    ['an editor who is not the owner', editor, false],
    ['an editor with item.editRestrictions', principal(['item.update', 'item.editRestrictions']), true],
    ['an admin who is not the owner', principal([], ['admin']), true],
  ])('offers the access dialog on someone else’s item to %s: %s', (_who, who, offered) => {
    const others = item({ owner: { id: 'u2', name: 'Kari' } });
    expect(itemActions(others, who).access).toBe(offered);
  });

  it('hides the downloads without item.downloadMedia', () => {
    const actions = itemActions(item(), principal(['item.update']));
    expect(actions.downloadOriginal).toEqual({ shown: false });
    expect(actions.downloadProxy).toEqual({ shown: false });
  });

  it('refuses to download or version a sequence with its own messages', () => {
    const actions = itemActions(item({ itemType: 'sequence' }), editor);
    expect(actions.downloadOriginal).toEqual({ shown: true, blocked: { message: 'cannotDownloadSequence' } });
    expect(actions.downloadProxy).toEqual({ shown: true, blocked: { message: 'cannotDownloadSequence' } });
    expect(actions.uploadVersion).toEqual({ shown: true, blocked: { message: 'sequenceVersioning' } });
    expect(actions.promote).toBe(false);
  });

  it('refuses to download, version or reprocess a virtual clip with the spec’s messages', () => {
    const clip = item({ virtualClip: { sourceItemId: 'i0', startSeconds: 5, endSeconds: 12 } });
    const actions = itemActions(clip, editor);
    expect(actions.downloadOriginal).toEqual({ shown: true, blocked: { message: 'virtualClipDownload' } });
    expect(actions.uploadVersion).toEqual({ shown: true, blocked: { message: 'virtualClipVersioning' } });
    expect(actions.promote).toBe(false);
    expect(itemActions(clip, principal([], ['admin'])).reprocess).toEqual({
      shown: true,
      blocked: { message: 'reprocessNotSupported' },
    });
  });

  it('has no proxy to download before transcoding made one', () => {
    const actions = itemActions(item({ playback: null }), editor);
    expect(actions.downloadProxy).toEqual({ shown: true, blocked: { message: 'itemHasNoMedia' } });
    expect(actions.downloadOriginal).toEqual({ shown: true, blocked: null });
  });

  it.each([
    ['an admin, through the role grants', principal([], ['admin'])],
    ['a user with item.reprocess', principal(['item.reprocess'])],
  ])('offers reprocessing to %s', (_, who) => {
    expect(itemActions(item(), who).reprocess).toEqual({ shown: true, blocked: null });
  });

  it.each([
    ['person', 'reprocessNotSupported'],
    ['sequence', 'reprocessNotSupported'],
  ] as const)('cannot reprocess a %s', (itemType, message) => {
    expect(itemActions(item({ itemType }), principal([], ['admin'])).reprocess).toEqual({
      shown: true,
      blocked: { message },
    });
  });

  it.each(['initiated', 'progressing'] as const)(
    'waits for a %s transcoding before reprocessing',
    (state) => {
      const running = item({ transcoding: { ...IDLE, state, progress: 10 } });
      expect(itemActions(running, principal([], ['admin'])).reprocess).toEqual({
        shown: true,
        blocked: { own: 'jobRunning' },
      });
    },
  );

  it('changes nothing on an item in the recycle bin', () => {
    const actions = itemActions(
      item({ isDeleted: true, deletedAt: '2026-01-02T00:00:00Z' }),
      principal([], ['superAdmin']),
    );
    expect(actions).toMatchObject({
      rename: false,
      move: false,
      access: false,
      delete: false,
      promote: false,
    });
    expect(actions.reprocess).toEqual({ shown: false });
    expect(actions.uploadVersion).toEqual({ shown: false });
  });
});
