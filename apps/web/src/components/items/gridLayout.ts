/** How the virtualized grid lays tiles out: as many columns of at least `minTile` px as fit. */
export function columnsFor(width: number, minTile: number, gap: number): number {
  if (!Number.isFinite(width) || width <= 0) return 1;
  return Math.max(1, Math.floor((width + gap) / (minTile + gap)));
}

export function rowCount(entries: number, columns: number): number {
  return Math.ceil(entries / Math.max(1, columns));
}

/** The [start, end) indexes of the entries on one row. */
export function rowSpan(row: number, columns: number, entries: number): [number, number] {
  const start = row * columns;
  return [Math.min(start, entries), Math.min(start + columns, entries)];
}

/**
 * Whether the next page should load: the last row (or entry) on screen is within `threshold` of the
 * end of what has loaded.
 */
export function nearEnd(lastVisible: number | undefined, loaded: number, threshold: number): boolean {
  return lastVisible !== undefined && loaded > 0 && lastVisible >= loaded - 1 - threshold;
}
