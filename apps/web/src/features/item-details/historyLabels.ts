import type { HistoryAction, HistoryEntry } from '../../api/items.ts';
import { formatTime } from '../player/timeFormat.ts';

/** The actions the history records (contract); each has a label in `itemDetails:history.actions`. */
export const HISTORY_ACTIONS: readonly HistoryAction[] = [
  'created',
  'uploaded',
  'versionAdded',
  'versionPromoted',
  'renamed',
  'described',
  'moved',
  'accessChanged',
  'transcodeStarted',
  'transcodeCompleted',
  'transcodeFailed',
  'reprocessed',
  'metadataChanged',
  'deleted',
  'restored',
  'downloaded',
  'logEventAdded',
  'logEventChanged',
  'logEventDeleted',
  'analysisStarted',
  'analysisCompleted',
  'analysisFailed',
  'sequenceEdited',
];

export function isHistoryAction(action: string): action is HistoryAction {
  return (HISTORY_ACTIONS as readonly string[]).includes(action);
}

/** The label's key; an action this build does not know yet reads "Other change" (with its name). */
export function historyActionKey(action: string): string {
  return isHistoryAction(action) ? `history.actions.${action}` : 'history.actions.unknown';
}

/**
 * A line under the action naming what changed, as a key of `itemDetails:history.details` and its
 * values; null when the entry's details hold nothing to show. `serverMessage` marks a value that is
 * the server's text (a job's error), to be translated when it is a spec message.
 */
export interface HistoryDetail {
  key: string;
  values: Record<string, string | number>;
  serverMessage?: string;
  /** Folder ids whose names fill `from` and `to`. */
  folders?: { from: string; to: string };
}

function text(details: Record<string, unknown>, ...names: string[]): string | null {
  for (const name of names) {
    const value = details[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

function count(details: Record<string, unknown>, ...names: string[]): number | null {
  for (const name of names) {
    const value = details[name];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return null;
}

/** A form value as one line of the history: lists joined, nothing as a dash. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map((v) => shown(v)).join(', ');
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return JSON.stringify(value);
}

export function historyDetail(entry: Pick<HistoryEntry, 'action' | 'details'>): HistoryDetail | null {
  const d = entry.details;
  switch (entry.action) {
    case 'renamed': {
      const from = text(d, 'from', 'oldTitle', 'previousTitle');
      const to = text(d, 'to', 'title', 'newTitle');
      if (from !== null && to !== null) return { key: 'history.details.renamed', values: { from, to } };
      return to === null ? null : { key: 'history.details.renamedTo', values: { to } };
    }
    case 'moved': {
      // The server records the folders' ids; their names are looked up where the line is shown.
      const from = text(d, 'from');
      const to = text(d, 'to');
      if (from !== null && to !== null)
        return { key: 'history.details.moved', values: {}, folders: { from, to } };
      return null;
    }
    case 'uploaded':
    case 'created': {
      const filename = text(d, 'filename');
      return filename === null ? null : { key: 'history.details.file', values: { filename } };
    }
    case 'versionAdded':
    case 'versionPromoted': {
      const number = count(d, 'number', 'version', 'versionNumber');
      const filename = text(d, 'filename');
      if (number !== null && filename !== null)
        return { key: 'history.details.versionFile', values: { number, filename } };
      if (number !== null) return { key: 'history.details.version', values: { number } };
      return filename === null ? null : { key: 'history.details.file', values: { filename } };
    }
    case 'downloaded': {
      const kind = text(d, 'kind');
      if (kind !== 'original' && kind !== 'proxy') return null;
      const number = count(d, 'version', 'number');
      return number === null
        ? { key: `history.details.downloaded.${kind}`, values: {} }
        : { key: `history.details.downloadedVersion.${kind}`, values: { number } };
    }
    case 'metadataChanged': {
      const form = text(d, 'form');
      const field = text(d, 'field');
      if (form === null || field === null) return null;
      return {
        key: 'history.details.metadataChanged',
        values: { field: `${form}.${field}`, before: shown(d.before), after: shown(d.after) },
      };
    }
    case 'logEventAdded':
    case 'logEventDeleted':
    case 'logEventChanged': {
      const form = text(d, 'form');
      const at = count(d, 'startMs') ?? count(d, 'after', 'startMs');
      if (form === null || at === null) return null;
      return { key: 'history.details.logEvent', values: { form, at: formatTime(at / 1000) } };
    }
    case 'sequenceEdited': {
      const before = count(d, 'clipsBefore');
      const after = count(d, 'clipsAfter');
      if (before === null || after === null) return null;
      return { key: 'history.details.sequenceEdited', values: { before, after } };
    }
    case 'transcodeFailed': {
      const message = text(d, 'errorMessage', 'error', 'message');
      return message === null ? null : { key: 'history.details.error', values: {}, serverMessage: message };
    }
    default:
      return null;
  }
}
