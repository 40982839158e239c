/**
 * Which entry of a list or grid the keyboard moves to: the arrow keys step through the entries
 * (Up and Down by a whole row of `columns`), Home and End go to the first and the last. Null when
 * the key moves nothing, or would leave the list.
 */
export function nextFocusIndex(key: string, index: number, count: number, columns: number): number | null {
  if (count === 0) return null;
  const step: Record<string, number> = {
    ArrowDown: columns,
    ArrowUp: -columns,
    ArrowRight: columns > 1 ? 1 : 0,
    ArrowLeft: columns > 1 ? -1 : 0,
  };
  let next: number;
  if (key === 'Home') next = 0;
  else if (key === 'End') next = count - 1;
  else if (key in step && step[key] !== 0) next = index + (step[key] ?? 0);
  else return null;
  return next >= 0 && next < count ? next : null;
}
