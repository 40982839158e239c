const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A duration column's text, always h:mm:ss (spec §9: hours, minutes, seconds) so that a column of
 * them lines up, as the player's clock does. Null for items without one.
 */
export function formatDuration(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null;
  // Rounded, not floored: a 2.96 s clip reads 0:00:03 as its metadata would say.
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${pad(m)}:${pad(s)}`;
}
