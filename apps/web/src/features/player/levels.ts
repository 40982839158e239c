/** The lowest level the meter shows; anything quieter is silence. */
export const METER_FLOOR_DB = -60;

export interface AudioLevel {
  /** Root mean square of the block, in dBFS (METER_FLOOR_DB for silence). */
  rmsDb: number;
  /** The largest sample of the block, in dBFS. */
  peakDb: number;
}

export const SILENCE: AudioLevel = { rmsDb: METER_FLOOR_DB, peakDb: METER_FLOOR_DB };

const toDb = (amplitude: number) =>
  amplitude <= 0 ? METER_FLOOR_DB : Math.max(METER_FLOOR_DB, 20 * Math.log10(amplitude));

/** The level of one block of samples (-1…1, an AnalyserNode's time-domain data). */
export function levelOf(samples: Float32Array): AudioLevel {
  if (samples.length === 0) return SILENCE;
  let sum = 0;
  let peak = 0;
  for (const sample of samples) {
    sum += sample * sample;
    peak = Math.max(peak, Math.abs(sample));
  }
  return { rmsDb: toDb(Math.sqrt(sum / samples.length)), peakDb: toDb(peak) };
}

/** Where a level sits on the meter, 0 (the floor) to 1 (0 dBFS). */
export const meterFraction = (db: number): number =>
  Math.min(1, Math.max(0, (db - METER_FLOOR_DB) / -METER_FLOOR_DB));
