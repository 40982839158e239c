/** "~1000 values max": enough for any waveform's width on screen. Even, so halving pairs them all. */
const MAX_PEAKS = 1_000;

/**
 * Peaks of decoded mono float PCM, streamed: each peak is the largest absolute sample of
 * `samplesPerPeak` samples, clipped to 1. It starts from the expected length and, when the audio
 * turns out longer, merges neighbours in pairs (doubling samplesPerPeak), so there are never more
 * than MAX_PEAKS whatever the container claimed.
 */
export class PeakMeter {
  #peaks: number[] = [];
  #samplesPerPeak: number;
  #current = 0;
  #inCurrent = 0;
  #samples = 0;
  /** Bytes of a sample split across two chunks. */
  #carry = Buffer.alloc(0);

  constructor(expectedSamples: number) {
    this.#samplesPerPeak = Math.max(1, Math.ceil(expectedSamples / MAX_PEAKS));
  }

  /** Little-endian 32-bit float samples, in chunks of any length. */
  push(chunk: Buffer): void {
    const data = this.#carry.length > 0 ? Buffer.concat([this.#carry, chunk]) : chunk;
    const whole = data.length - (data.length % 4);
    for (let offset = 0; offset < whole; offset += 4) {
      this.#current = Math.max(this.#current, Math.abs(data.readFloatLE(offset)));
      this.#samples++;
      if (++this.#inCurrent === this.#samplesPerPeak) this.#closePeak();
    }
    this.#carry = Buffer.from(data.subarray(whole));
  }

  finish(): { peaks: number[]; samplesPerPeak: number; samples: number } {
    // The last peak is usually short; closing it on a full list halves first, then it fits.
    while (this.#inCurrent > 0) this.#closePeak();
    return { peaks: this.#peaks, samplesPerPeak: this.#samplesPerPeak, samples: this.#samples };
  }

  #closePeak(): void {
    if (this.#peaks.length === MAX_PEAKS) {
      const merged: number[] = [];
      for (let i = 0; i < MAX_PEAKS; i += 2)
        merged.push(Math.max(this.#peaks[i] ?? 0, this.#peaks[i + 1] ?? 0));
      this.#peaks = merged;
      // The peak being closed is now the first half of a wider one: it keeps filling.
      this.#samplesPerPeak *= 2;
      return;
    }
    this.#peaks.push(Math.min(1, this.#current));
    this.#current = 0;
    this.#inCurrent = 0;
  }
}
