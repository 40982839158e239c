import { describe, expect, it } from 'vitest';
import type { MessageKey } from '../messages.ts';
import type { ItemType } from './item-types.ts';
import { mediaActionRefusal, type ItemShape, type VirtualClip } from './media-actions.ts';

const clip: VirtualClip = { sourceItemId: 'source', startSeconds: 10, endSeconds: 25.5 };
const plain = (itemType: ItemType): ItemShape => ({ itemType, virtualClip: null });

describe('mediaActionRefusal', () => {
  it.each<[string, ItemShape, MessageKey | null, MessageKey | null, MessageKey | null]>([
    // what                 item                                         download                  version                  reprocess
    ['a video', plain('video'), null, null, null],
    ['an audio item', plain('audio'), null, null, null],
    ['an image', plain('image'), null, null, null],
    ['a file', plain('file'), null, null, null],
    [
      'a sequence',
      plain('sequence'),
      'cannotDownloadSequence',
      'sequenceVersioning',
      'reprocessNotSupported',
    ],
    [
      'a virtual clip of a video',
      { itemType: 'video', virtualClip: clip },
      'virtualClipDownload',
      'virtualClipVersioning',
      'reprocessNotSupported',
    ],
    [
      'a virtual clip of an audio item',
      { itemType: 'audio', virtualClip: clip },
      'virtualClipDownload',
      'virtualClipVersioning',
      'reprocessNotSupported',
    ],
    ['a person', plain('person'), null, null, 'reprocessNotSupported'],
    ['a folder item', plain('folder'), null, null, 'reprocessNotSupported'],
    ['a live item', plain('live'), null, null, 'reprocessNotSupported'],
  ])('%s: download %s, version %s, reprocess %s', (_what, item, download, version, reprocess) => {
    expect(mediaActionRefusal(item, 'download')).toBe(download);
    expect(mediaActionRefusal(item, 'version')).toBe(version);
    expect(mediaActionRefusal(item, 'reprocess')).toBe(reprocess);
  });

  it('keeps a sequence and a virtual clip apart: each answers its own messages', () => {
    const sequence = plain('sequence');
    const virtual: ItemShape = { itemType: 'video', virtualClip: clip };
    for (const action of ['download', 'version'] as const) {
      expect(mediaActionRefusal(sequence, action)).not.toBe(mediaActionRefusal(virtual, action));
    }
  });
});
