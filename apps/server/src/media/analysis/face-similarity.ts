/**
 * How alike two face descriptors are, 0–1 (1: the same descriptor): the measure the engine's own
 * matcher uses (@vladmandic/human's `match.similarity`: Euclidean distance scaled by 25, mapped
 * from 0.2–0.8 onto 0–1). Above about 0.5 the faces are one person's.
 */
export function faceSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    sum += diff * diff;
  }
  const distance = Math.round(100 * 25 * sum) / 100;
  if (distance === 0) return 1;
  const normalised = (1 - Math.sqrt(distance) / 100 - 0.2) / 0.6;
  return Math.round(100 * Math.max(0, Math.min(1, normalised))) / 100;
}
