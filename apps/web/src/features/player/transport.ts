import { fasterSpeed, slowerSpeed } from './speedLadder.ts';

/** What the player is doing: paused or playing, at a speed of the ladder (negative = reverse). */
export interface TransportState {
  playing: boolean;
  speed: number;
}

export type TransportCommand = 'togglePlay' | 'play' | 'pause' | 'stop' | 'faster' | 'slower';

export const INITIAL_TRANSPORT: TransportState = { playing: false, speed: 1 };

/**
 * J/K/L as editing suites know them: from pause, L plays forward at 1× and J plays backward at -1×;
 * while playing they move one rung along the ladder; K pauses and resets the speed to 1×.
 */
export function nextTransport(
  state: TransportState,
  command: TransportCommand,
  allowReverse: boolean,
): TransportState {
  switch (command) {
    case 'togglePlay':
      return state.playing ? { ...state, playing: false } : { ...state, playing: true };
    case 'play':
      return { ...state, playing: true };
    case 'pause':
      return { ...state, playing: false };
    case 'stop':
      return { playing: false, speed: 1 };
    case 'faster':
      return state.playing
        ? { playing: true, speed: fasterSpeed(state.speed, allowReverse) }
        : { playing: true, speed: 1 };
    case 'slower':
      if (state.playing) return { playing: true, speed: slowerSpeed(state.speed, allowReverse) };
      return allowReverse ? { playing: true, speed: -1 } : state;
  }
}
