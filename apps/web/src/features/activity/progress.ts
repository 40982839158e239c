/**
 * Progress of a transfer as a whole percentage (0–100), rounded down so that 100 means done; null
 * when the total is unknown (a download without Content-Length), for an indeterminate bar.
 */
export function progressPercent(done: number, total: number | null): number | null {
  if (total === null || !Number.isFinite(total) || total < 0) return null;
  if (total === 0) return 100;
  const ratio = Math.min(Math.max(done, 0), total) / total;
  return Math.floor(ratio * 100);
}

/**
 * The file name a Content-Disposition header gives: RFC 6266's `filename*` (RFC 5987, UTF-8) wins
 * over the plain `filename`; null when there is none. Path parts are dropped.
 */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return baseName(decodeURIComponent(extended[2].trim().replace(/^"|"$/g, '')));
    } catch {
      // A malformed escape: fall back to the plain parameter.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted?.[1] !== undefined) return baseName(quoted[1].replace(/\\(.)/g, '$1'));
  const bare = /filename\s*=\s*([^;\s]+)/i.exec(header);
  if (bare?.[1]) return baseName(bare[1]);
  return null;
}

function baseName(name: string): string | null {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return base === '' ? null : base;
}
