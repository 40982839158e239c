import { describe, expect, it } from 'vitest';
import { HISTORY_ACTIONS, historyActionKey, historyDetail } from './historyLabels.ts';

describe('history action labels', () => {
  it.each(HISTORY_ACTIONS)('labels %s with its own key', (action) => {
    expect(historyActionKey(action)).toBe(`history.actions.${action}`);
  });

  it('labels an action it does not know as another change', () => {
    expect(historyActionKey('commentAdded')).toBe('history.actions.unknown');
  });
});

describe('history details', () => {
  it.each([
    [
      'renamed',
      { from: 'Old', to: 'New' },
      { key: 'history.details.renamed', values: { from: 'Old', to: 'New' } },
    ],
    ['renamed', { title: 'New' }, { key: 'history.details.renamedTo', values: { to: 'New' } }],
    [
      'moved',
      { from: 'folder-a', to: 'folder-b' },
      { key: 'history.details.moved', values: {}, folders: { from: 'folder-a', to: 'folder-b' } },
    ],
    ['uploaded', { filename: 'clip.mp4' }, { key: 'history.details.file', values: { filename: 'clip.mp4' } }],
    [
      'versionAdded',
      { number: 2, filename: 'clip-v2.mp4' },
      { key: 'history.details.versionFile', values: { number: 2, filename: 'clip-v2.mp4' } },
    ],
    ['versionPromoted', { number: 1 }, { key: 'history.details.version', values: { number: 1 } }],
    [
      'sequenceEdited',
      { clipsBefore: 3, clipsAfter: 2 },
      { key: 'history.details.sequenceEdited', values: { before: 3, after: 2 } },
    ],
    ['downloaded', { kind: 'proxy' }, { key: 'history.details.downloaded.proxy', values: {} }],
    [
      'downloaded',
      { kind: 'original', version: 2 },
      { key: 'history.details.downloadedVersion.original', values: { number: 2 } },
    ],
    [
      'versionAdded',
      { filename: 'clip-v2.mp4', size: 1000 },
      { key: 'history.details.file', values: { filename: 'clip-v2.mp4' } },
    ],
    [
      'transcodeFailed',
      { errorMessage: 'Upload failed' },
      { key: 'history.details.error', values: {}, serverMessage: 'Upload failed' },
    ],
    [
      'metadataChanged',
      { form: 'news', field: 'people', before: null, after: ['Ada', 'Bo'] },
      {
        key: 'history.details.metadataChanged',
        values: { field: 'news.people', before: '—', after: 'Ada, Bo' },
      },
    ],
  ])('describes %s %j', (action, details, detail) => {
    expect(historyDetail({ action, details })).toEqual(detail);
  });

  it.each([
    ['renamed', {}],
    ['moved', { from: 3 }],
    ['uploaded', { filename: '' }],
    ['versionAdded', { number: 'two' }],
    ['downloaded', { kind: 'zip' }],
    ['transcodeCompleted', { anything: 'at all' }],
    ['metadataChanged', { field: 'story' }],
    ['commentAdded', { text: 'hi' }],
  ])('has no detail line for %s %j', (action, details) => {
    expect(historyDetail({ action, details })).toBeNull();
  });
});
