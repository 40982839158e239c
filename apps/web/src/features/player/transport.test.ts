import { describe, expect, it } from 'vitest';
import { nextTransport, type TransportCommand, type TransportState } from './transport.ts';

const paused = (speed = 1): TransportState => ({ playing: false, speed });
const playing = (speed = 1): TransportState => ({ playing: true, speed });

describe('the transport (J/K/L and play/pause)', () => {
  it.each<[string, TransportState, TransportCommand, TransportState]>([
    ['Space plays from pause', paused(), 'togglePlay', playing()],
    ['Space pauses, keeping the speed', playing(4), 'togglePlay', paused(4)],
    ['L from pause plays forward at 1×', paused(-4), 'faster', playing(1)],
    ['L while playing goes one rung faster', playing(2), 'faster', playing(4)],
    ['L while reversing slows the reverse', playing(-4), 'faster', playing(-2)],
    ['J from pause plays backward at -1×', paused(), 'slower', playing(-1)],
    ['J while playing at 1× reverses', playing(1), 'slower', playing(-1)],
    ['J while playing at 8× slows to 4×', playing(8), 'slower', playing(4)],
    ['J at -16× stays at -16×', playing(-16), 'slower', playing(-16)],
    ['K pauses and resets the speed', playing(-8), 'stop', paused(1)],
    ['pause keeps the speed', playing(2), 'pause', paused(2)],
    ['play keeps the speed', paused(2), 'play', playing(2)],
  ])('%s', (_name, state, command, expected) => {
    expect(nextTransport(state, command, true)).toEqual(expected);
  });

  it.each<[string, TransportState, TransportCommand, TransportState]>([
    ['J from pause does nothing', paused(), 'slower', paused()],
    ['J at 1× stays at 1×', playing(1), 'slower', playing(1)],
    ['J at 4× slows to 2×', playing(4), 'slower', playing(2)],
    ['L at 1× speeds up to 2×', playing(1), 'faster', playing(2)],
  ])('without reverse (audio), %s', (_name, state, command, expected) => {
    expect(nextTransport(state, command, false)).toEqual(expected);
  });
});
