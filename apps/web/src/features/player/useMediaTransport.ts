import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { clampTime, reversePosition, seekBy, stepFrame } from './frameMath.ts';
import type { MediaCommand } from './keyMap.ts';
import { INITIAL_TRANSPORT, nextTransport, type TransportCommand, type TransportState } from './transport.ts';

export interface MediaTransportOptions {
  /** Audio plays forward only. */
  allowReverse: boolean;
  /** Frames per second for frame steps; null when the player has no frame steps (audio). */
  fps: number | null;
  /** Used until the element knows its duration (and for live streams, which have none). */
  fallbackDuration: number | null;
}

export interface MediaTransport {
  transport: TransportState;
  currentTime: number;
  duration: number;
  seek: (time: number) => void;
  /** Runs a command; false when this player has no such command (frame steps on audio). */
  run: (command: MediaCommand) => boolean;
}

const TRANSPORT_COMMANDS: readonly MediaCommand[] = ['togglePlay', 'stop', 'slower', 'faster'];
const JUMPS: Partial<Record<MediaCommand, number>> = { back1: -1, forward1: 1, back10: -10, forward10: 10 };

/**
 * Drives a <video> or <audio> from the transport state. Forward speeds are the element's playbackRate;
 * reverse speeds pause it and move currentTime back on every animation frame at the chosen speed
 * (one seek at a time: the next waits until the element has finished the last).
 */
export function useMediaTransport(
  mediaRef: RefObject<HTMLMediaElement | null>,
  options: MediaTransportOptions,
): MediaTransport {
  const { allowReverse, fps, fallbackDuration } = options;
  const [transport, setTransport] = useState<TransportState>(INITIAL_TRANSPORT);
  const [currentTime, setCurrentTime] = useState(0);
  const [mediaDuration, setMediaDuration] = useState(Number.NaN);
  const duration =
    Number.isFinite(mediaDuration) && mediaDuration > 0 ? mediaDuration : (fallbackDuration ?? Number.NaN);
  /** Where reverse playback counts from: moved by every seek. */
  const reverseAnchor = useRef({ from: 0, at: 0 });

  useEffect(() => {
    const media = mediaRef.current;
    if (!media) return undefined;
    const syncTime = () => {
      setCurrentTime(media.currentTime);
    };
    const syncDuration = () => {
      setMediaDuration(media.duration);
    };
    const ended = () => {
      setTransport((state) => ({ ...state, playing: false }));
    };
    media.addEventListener('timeupdate', syncTime);
    media.addEventListener('seeked', syncTime);
    media.addEventListener('durationchange', syncDuration);
    media.addEventListener('loadedmetadata', syncDuration);
    media.addEventListener('ended', ended);
    return () => {
      media.removeEventListener('timeupdate', syncTime);
      media.removeEventListener('seeked', syncTime);
      media.removeEventListener('durationchange', syncDuration);
      media.removeEventListener('loadedmetadata', syncDuration);
      media.removeEventListener('ended', ended);
    };
  }, [mediaRef]);

  useEffect(() => {
    const media = mediaRef.current;
    if (!media) return undefined;
    if (!transport.playing) {
      media.pause();
      return undefined;
    }
    if (transport.speed > 0) {
      try {
        media.playbackRate = transport.speed;
      } catch {
        // A browser refusing the rate (NotSupportedError) keeps the one it had.
      }
      media.play().catch(() => {
        // Autoplay refused or no source: show the transport as paused.
        setTransport((state) => ({ ...state, playing: false }));
      });
      let frame = requestAnimationFrame(function tick() {
        setCurrentTime(media.currentTime);
        frame = requestAnimationFrame(tick);
      });
      return () => {
        cancelAnimationFrame(frame);
      };
    }
    media.pause();
    reverseAnchor.current = { from: media.currentTime, at: performance.now() };
    let frame = requestAnimationFrame(function tick(now) {
      const { from, at } = reverseAnchor.current;
      const target = reversePosition(from, transport.speed, now - at);
      if (!media.seeking) {
        media.currentTime = target;
        setCurrentTime(target);
      }
      if (target <= 0) {
        setTransport({ playing: false, speed: 1 });
        return;
      }
      frame = requestAnimationFrame(tick);
    });
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [mediaRef, transport]);

  const seek = useCallback(
    (time: number) => {
      const media = mediaRef.current;
      if (!media) return;
      const target = clampTime(time, duration);
      media.currentTime = target;
      reverseAnchor.current = { from: target, at: performance.now() };
      setCurrentTime(target);
    },
    [mediaRef, duration],
  );

  const run = useCallback(
    (command: MediaCommand): boolean => {
      const media = mediaRef.current;
      if (!media) return false;
      if (TRANSPORT_COMMANDS.includes(command)) {
        setTransport((state) => nextTransport(state, command as TransportCommand, allowReverse));
        return true;
      }
      const jump = JUMPS[command];
      if (jump !== undefined) {
        seek(seekBy(media.currentTime, jump, duration));
        return true;
      }
      if (fps === null) return false;
      // A frame step shows one still frame: playback stops before the seek, not after the next render.
      media.pause();
      setTransport((state) => ({ ...state, playing: false }));
      seek(stepFrame(media.currentTime, command === 'nextFrame' ? 1 : -1, fps, duration));
      return true;
    },
    [mediaRef, allowReverse, fps, duration, seek],
  );

  return { transport, currentTime, duration, seek, run };
}
