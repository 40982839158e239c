import {
  hasPermission,
  markersToCsv,
  exportFileName,
  markersToEdl,
  SOUND_FRAME_RATE,
  type Marker,
  type TechnicalMetadata,
} from '@skald/domain';
import type { VersionRow } from '../../db/rows.ts';
import type { Identity } from '../../identity/identity.ts';
import { badFieldMessage } from '../../plugins/errors.ts';
import type { CommentsService } from '../comments/comments.service.ts';
import type { ItemsService } from '../items/items.service.ts';
import type { LogEventsService } from '../logging/log-events.service.ts';
import type { ExportNames } from '../processing/render-job.ts';

export type MarkerFormat = 'edl' | 'csv';

interface Deps {
  items: Pick<ItemsService, 'visible'>;
  versions: { version(tenantId: string, versionId: string): Promise<VersionRow | undefined> };
  logEvents: Pick<LogEventsService, 'list'>;
  comments: Pick<CommentsService, 'list'>;
  exportNames: ExportNames;
}

export interface MarkerFile {
  filename: string;
  contentType: string;
  body: string;
}

const COMMENT_PAGE = 100;
/** Comments read for markers; an item's log events are capped by the logging module (2000). */
const MAX_COMMENTS = 2_000;

const CONTENT_TYPES: Record<MarkerFormat, string> = {
  edl: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/**
 * Spec §6 item.downloadMarkers: an item's log events (with ui.logging) and timed comments (with
 * item.commentRead) as an EDL or CSV an editing tool imports, in timecode at the item's frame rate.
 */
export class MarkersService {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  async download(caller: Identity, itemId: string, format: MarkerFormat): Promise<MarkerFile> {
    const { item } = await this.#d.items.visible(caller, itemId);
    if (item.item_type !== 'video' && item.item_type !== 'audio')
      throw badFieldMessage('id', 'markersNeedTime');
    const version = item.leading_version_id
      ? await this.#d.versions.version(caller.tenant.id, item.leading_version_id)
      : undefined;
    const technical = version?.technical ? (JSON.parse(version.technical) as TechnicalMetadata) : null;
    // Sound, or an item not processed yet, is counted at the house rate.
    const rate = technical?.frameRate ?? SOUND_FRAME_RATE;
    // Versions probed before start timecodes were read have none.
    const start = technical?.startTimecode ?? null;
    const markers = [
      ...(await this.#logMarkers(caller, item.id)),
      ...(await this.#commentMarkers(caller, item.id)),
    ];
    const body =
      format === 'edl'
        ? markersToEdl(item.title, version?.filename ?? item.title, markers, rate, start)
        : markersToCsv(markers, rate, start);
    return {
      filename: exportFileName(
        `${item.title} markers`,
        format,
        await this.#d.exportNames.exportFileNameLength(caller.tenant.id),
      ),
      contentType: CONTENT_TYPES[format],
      body,
    };
  }

  async #logMarkers(caller: Identity, itemId: string): Promise<Marker[]> {
    if (!hasPermission(caller.principal, 'ui.logging')) return [];
    const events = await this.#d.logEvents.list(caller, itemId);
    return events.map((e) => ({ startMs: e.startMs, endMs: e.endMs, kind: 'log', text: e.text }));
  }

  async #commentMarkers(caller: Identity, itemId: string): Promise<Marker[]> {
    if (!hasPermission(caller.principal, 'item.commentRead')) return [];
    const markers: Marker[] = [];
    for (let from = 0; from < MAX_COMMENTS; from += COMMENT_PAGE) {
      const page = await this.#d.comments.list(caller, itemId, undefined, {
        from,
        itemsPerPage: COMMENT_PAGE,
      });
      for (const c of page.items) {
        if (c.startMs !== null)
          markers.push({ startMs: c.startMs, endMs: c.endMs, kind: 'comment', text: c.text });
      }
      if (from + COMMENT_PAGE >= page.total) break;
    }
    return markers;
  }
}
