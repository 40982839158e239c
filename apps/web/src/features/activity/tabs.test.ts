import { describe, expect, it } from 'vitest';
import type { UploadRecord } from '../../api/items.ts';
import { UPLOAD_POLL_MS, activityTabs, resolveActivityTab, uploadsPollInterval } from './tabs.ts';

const both = { upload: true, download: true };

describe('activity monitor tabs', () => {
  it.each([
    ['upload', both, 'upload'],
    ['download', both, 'download'],
    [null, both, 'upload'],
    ['agent', both, 'upload'],
    ['upload', { upload: false, download: true }, 'download'],
    [null, { upload: false, download: true }, 'download'],
    ['download', { upload: true, download: false }, 'upload'],
    ['upload', { upload: false, download: false }, null],
  ] as const)('?tab=%s with %j shows %s', (raw, access, tab) => {
    expect(resolveActivityTab(raw, access)).toBe(tab);
  });

  it('shows the tabs the user’s permissions allow, upload first', () => {
    expect(activityTabs(both)).toEqual(['upload', 'download']);
    expect(activityTabs({ upload: false, download: true })).toEqual(['download']);
    expect(activityTabs({ upload: false, download: false })).toEqual([]);
  });
});

function upload(state: UploadRecord['state']): UploadRecord {
  return {
    id: state,
    filename: 'clip.mp4',
    size: 100,
    offset: state === 'uploading' ? 40 : 100,
    state,
    error: null,
    folderId: 'f',
    itemId: null,
    createdAt: '2026-01-01T00:00:00Z',
    completedAt: null,
  };
}

describe('upload history polling', () => {
  it('polls every 5 seconds while a row is uploading', () => {
    expect(uploadsPollInterval([upload('complete'), upload('uploading')])).toBe(UPLOAD_POLL_MS);
    expect(UPLOAD_POLL_MS).toBe(5000);
  });

  it.each([[undefined], [[]], [[upload('complete'), upload('failed'), upload('rejected')]]])(
    'does not poll for %j',
    (records) => {
      expect(uploadsPollInterval(records)).toBe(false);
    },
  );
});
