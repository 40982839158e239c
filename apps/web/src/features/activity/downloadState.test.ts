import { describe, expect, it } from 'vitest';
import {
  KEPT_DOWNLOADS,
  downloadsReducer,
  type BrowserDownload,
  type DownloadEvent,
} from './downloadState.ts';

function download(overrides: Partial<BrowserDownload> = {}): BrowserDownload {
  return {
    id: 'd1',
    itemId: 'i1',
    title: 'Clip',
    kind: 'original',
    filename: 'Clip',
    received: 0,
    total: 1000,
    state: 'downloading',
    error: null,
    startedAt: 0,
    objectUrl: null,
    saved: false,
    ...overrides,
  };
}

function run(...events: DownloadEvent[]): readonly BrowserDownload[] {
  return events.reduce<readonly BrowserDownload[]>(downloadsReducer, []);
}

const started = (overrides: Partial<BrowserDownload> = {}): DownloadEvent => ({
  type: 'started',
  download: download(overrides),
});

describe('downloads in this browser', () => {
  it('lists the newest download first', () => {
    const list = run(started({ id: 'a' }), started({ id: 'b' }));
    expect(list.map((d) => d.id)).toEqual(['b', 'a']);
  });

  it('takes the size and file name from the answer, keeping what it knew when the answer has none', () => {
    const named = run(started(), { type: 'answered', id: 'd1', total: 2048, filename: 'clip.mp4' });
    expect(named[0]).toMatchObject({ total: 2048, filename: 'clip.mp4' });
    const unnamed = run(started(), { type: 'answered', id: 'd1', total: null, filename: null });
    expect(unnamed[0]).toMatchObject({ total: 1000, filename: 'Clip' });
  });

  it('adds up the bytes received', () => {
    const list = run(
      started(),
      { type: 'received', id: 'd1', bytes: 300 },
      { type: 'received', id: 'd1', bytes: 200 },
    );
    expect(list[0]?.received).toBe(500);
  });

  it('holds the completed file for saving, its total being what arrived', () => {
    const list = run(
      started({ total: null }),
      { type: 'received', id: 'd1', bytes: 700 },
      { type: 'completed', id: 'd1', objectUrl: 'blob:x' },
    );
    expect(list[0]).toMatchObject({ state: 'complete', total: 700, objectUrl: 'blob:x' });
  });

  it('remembers that a completed file was saved, and only a completed one', () => {
    const complete = run(
      started(),
      { type: 'completed', id: 'd1', objectUrl: 'blob:x' },
      { type: 'saved', id: 'd1' },
    );
    expect(complete[0]?.saved).toBe(true);
    expect(run(started(), { type: 'saved', id: 'd1' })[0]?.saved).toBe(false);
  });

  it('keeps why a download failed', () => {
    const error = new Error('refused');
    const list = run(started(), { type: 'failed', id: 'd1', error });
    expect(list[0]).toMatchObject({ state: 'failed', error });
  });

  it('ignores what arrives after a download was cancelled', () => {
    const list = run(
      started(),
      { type: 'cancelled', id: 'd1' },
      { type: 'received', id: 'd1', bytes: 100 },
      { type: 'completed', id: 'd1', objectUrl: 'blob:late' },
      { type: 'failed', id: 'd1', error: new Error('aborted') },
    );
    expect(list[0]).toMatchObject({ state: 'cancelled', received: 0, objectUrl: null, error: null });
  });

  it('marks a download handed to the browser', () => {
    expect(run(started(), { type: 'handedOff', id: 'd1' })[0]?.state).toBe('handedOff');
  });

  it('forgets a dismissed download and leaves the list alone for an unknown one', () => {
    const list = run(started({ id: 'a' }), started({ id: 'b' }));
    expect(downloadsReducer(list, { type: 'dismissed', id: 'a' }).map((d) => d.id)).toEqual(['b']);
    expect(downloadsReducer(list, { type: 'dismissed', id: 'zzz' })).toBe(list);
    expect(downloadsReducer(list, { type: 'received', id: 'zzz', bytes: 1 })).toBe(list);
  });

  it(`keeps ${KEPT_DOWNLOADS} downloads, dropping the oldest finished one but never a running one`, () => {
    const events: DownloadEvent[] = [started({ id: 'running' })];
    for (let n = 1; n < KEPT_DOWNLOADS; n++) {
      events.push(started({ id: `done-${n}` }), { type: 'cancelled', id: `done-${n}` });
    }
    const full = run(...events);
    expect(full).toHaveLength(KEPT_DOWNLOADS);
    const next = downloadsReducer(full, started({ id: 'new' }));
    expect(next).toHaveLength(KEPT_DOWNLOADS);
    expect(next.map((d) => d.id)).toContain('running');
    expect(next.map((d) => d.id)).not.toContain('done-1');
    expect(next[0]?.id).toBe('new');
  });
});
