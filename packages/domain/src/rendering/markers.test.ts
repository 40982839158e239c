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
});
