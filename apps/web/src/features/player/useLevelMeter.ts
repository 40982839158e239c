import { useEffect, useState, type RefObject } from 'react';
import { SILENCE, levelOf, type AudioLevel } from './levels.ts';

interface Graph {
  context: AudioContext;
  analyser: AnalyserNode;
}

// An element can be given to createMediaElementSource once only: its graph is kept with it, for a
// remount of the same element (StrictMode), and closed when the element has left the page.
const graphs = new WeakMap<HTMLMediaElement, Graph>();

function graphOf(media: HTMLMediaElement): Graph {
  let graph = graphs.get(media);
  if (!graph) {
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 2048;
    // The element plays through the analyser: source → analyser → speakers.
    context.createMediaElementSource(media).connect(analyser);
    analyser.connect(context.destination);
    graph = { context, analyser };
    graphs.set(media, graph);
  }
  return graph;
}

/**
 * The level of what the element plays, measured by a Web Audio AnalyserNode on every animation
 * frame while it plays (silence while paused). The audio graph is made at the first play, after
 * the user's gesture, as browsers ask of an AudioContext.
 */
export function useLevelMeter(mediaRef: RefObject<HTMLMediaElement | null>): AudioLevel {
  const [level, setLevel] = useState<AudioLevel>(SILENCE);
  useEffect(() => {
    const media = mediaRef.current;
    if (!media) return undefined;
    let frame = 0;
    let samples = new Float32Array(0);
    const measure = (analyser: AnalyserNode) => {
      if (samples.length !== analyser.fftSize) samples = new Float32Array(analyser.fftSize);
      analyser.getFloatTimeDomainData(samples);
      setLevel(levelOf(samples));
      frame = requestAnimationFrame(() => {
        measure(analyser);
      });
    };
    const start = () => {
      const graph = graphOf(media);
      void graph.context.resume();
      cancelAnimationFrame(frame);
      measure(graph.analyser);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      setLevel(SILENCE);
    };
    media.addEventListener('play', start);
    media.addEventListener('pause', stop);
    media.addEventListener('ended', stop);
    return () => {
      cancelAnimationFrame(frame);
      media.removeEventListener('play', start);
      media.removeEventListener('pause', stop);
      media.removeEventListener('ended', stop);
      const graph = graphs.get(media);
      if (graph && !media.isConnected) {
        graphs.delete(media);
        void graph.context.close();
      }
    };
  }, [mediaRef]);
  return level;
}
