import { describe, expect, it } from 'vitest';
import { EDL_MAX_EVENTS, markersToCsv, markersToEdl, type Marker } from './markers.ts';

const PAL = { numerator: 25, denominator: 1 };

describe('markers', () => {
  it('makes a point marker one frame long and keeps the text on one line', () => {
    const edl = markersToEdl(
      'Clip',
      'clip.mov',
      [{ startMs: 1000, endMs: null, kind: 'log', text: 'a\nb' }],
      PAL,
    );
    expect(edl.split('\r\n')).toContain(
      '001  AX       V     C        00:00:01:00 00:00:01:01 00:00:01:00 00:00:01:01',
    );
    expect(edl).toContain('* LOC: 00:00:01:00 BLUE    a b');
  });

  it('stops at the 999 events CMX3600 can number', () => {
    const many: Marker[] = Array.from({ length: 1001 }, (_, i) => ({
      startMs: i * 40,
      endMs: null,
      kind: 'comment',
      text: String(i),
    }));
    const events = markersToEdl('Clip', 'clip.mov', many, PAL)
      .split('\r\n')
      .filter((line) => /^\d{3} {2}/.test(line));
    expect(events).toHaveLength(EDL_MAX_EVENTS);
  });

  it('defuses a cell a spreadsheet would run as a formula', () => {
    const csv = markersToCsv([{ startMs: 0, endMs: 1000, kind: 'comment', text: '=HYPERLINK("x")' }], PAL);
    expect(csv.split('\r\n')[1]).toBe(
      `Comment,"'=HYPERLINK(""x"")",00:00:00:00,00:00:01:00,00:00:01:00,Comment`,
    );
  });

  it('counts from the source’s start timecode, drop-frame at 29.97', () => {
    const ntsc = { numerator: 30000, denominator: 1001 };
    const marker: Marker = { startMs: 2000, endMs: 3000, kind: 'comment', text: 'x' };
    const edl = markersToEdl('Clip', 'clip.mov', [marker], PAL, '10:00:00:00');
    expect(edl.split('\r\n')).toContain(
      '001  AX       V     C        10:00:02:00 10:00:03:00 10:00:02:00 10:00:03:00',
    );
    const dropFrame = markersToEdl('Clip', 'clip.mov', [marker], ntsc, '01:00:00;00');
    expect(dropFrame).toContain('FCM: DROP FRAME');
    expect(dropFrame).toContain('01:00:01;29 01:00:02;29 01:00:01;29 01:00:02;29');
    expect(markersToCsv([marker], PAL, '10:00:00:00').split('\r\n')[1]).toBe(
      'Comment,x,10:00:02:00,10:00:03:00,00:00:01:00,Comment',
    );
  });
});
