import {
  ANALYSIS_JOB_KINDS,
  MESSAGES,
  TRANSCRIPTION_LANGUAGES,
  type AnalysisJobKind,
  type TranscriptionLanguage,
} from '@skald/domain';
import type { Db } from '../../db/database.ts';
import type { Identity } from '../../identity/identity.ts';
import { badField } from '../../plugins/errors.ts';
import type { FoldersService } from '../folders/folders.service.ts';
import type { ProcessingService } from '../processing/processing.service.ts';
import type { AnalysisService } from './analysis.service.ts';

/** The analyses started by themselves once an item's transcode is done; language: transcription's. */
export interface AutoAnalysisDto {
  kinds: AnalysisJobKind[];
  language: TranscriptionLanguage | null;
}

export interface FolderAutoAnalysisDto {
  /** The folder's own setting; null: the tenant's applies. */
  setting: AutoAnalysisDto | null;
  /** What applies to items uploaded into the folder. */
  effective: AutoAnalysisDto;
}

interface Deps {
  db: Db;
  folders: Pick<FoldersService, 'visibleRow' | 'writableRow'>;
  analysis: Pick<AnalysisService, 'startAutomatically'>;
  outcomes: Pick<ProcessingService, 'watchOutcomes'>;
}

const NONE: AutoAnalysisDto = { kinds: [], language: null };

/** A stored setting, kept to the kinds and languages this build knows. */
function parse(json: string | null): AutoAnalysisDto | null {
  if (json === null) return null;
  const raw = JSON.parse(json) as { kinds?: unknown; language?: unknown };
  const kinds = Array.isArray(raw.kinds) ? raw.kinds : [];
  return {
    kinds: ANALYSIS_JOB_KINDS.filter((k) => kinds.includes(k)),
    language: TRANSCRIPTION_LANGUAGES.find((l) => l === raw.language) ?? null,
  };
}

/** Transcription started by itself needs its language, as in bulk (spec §5). */
function checked(setting: AutoAnalysisDto): string {
  if (setting.kinds.includes('transcription') && setting.language === null)
    throw badField('language', MESSAGES.transcriptionLanguageRequired);
  return JSON.stringify({ kinds: [...new Set(setting.kinds)], language: setting.language });
}

/**
 * Issue 14: analyses that start after transcoding, by the tenant's setting or, where it has one,
 * the item's folder's (its own folder's only: a subfolder without one takes the tenant's). In an
 * API process, every transcode that finishes for a leading version starts them, as their
 * system's own start (no actor).
 */
export class AutoAnalysis {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  async tenant(tenantId: string): Promise<AutoAnalysisDto> {
    const row = await this.#d.db
      .selectFrom('tenants')
      .select('auto_analysis')
      .where('id', '=', tenantId)
      .executeTakeFirstOrThrow();
    return parse(row.auto_analysis) ?? NONE;
  }

  async setTenant(tenantId: string, setting: AutoAnalysisDto): Promise<AutoAnalysisDto> {
    await this.#d.db
      .updateTable('tenants')
      .set({ auto_analysis: checked(setting) })
      .where('id', '=', tenantId)
      .execute();
    return this.tenant(tenantId);
  }

  async folder(caller: Identity, folderId: string): Promise<FolderAutoAnalysisDto> {
    const folder = await this.#d.folders.visibleRow(caller, folderId);
    const setting = parse(folder.auto_analysis);
    return { setting, effective: setting ?? (await this.tenant(caller.tenant.id)) };
  }

  /** Who may put items into the folder (its updatable-by list) sets it; null: back to the tenant's. */
  async setFolder(
    caller: Identity,
    folderId: string,
    setting: AutoAnalysisDto | null,
  ): Promise<FolderAutoAnalysisDto> {
    await this.#d.folders.writableRow(caller, folderId, 'setting');
    await this.#d.db
      .updateTable('folders')
      .set({ auto_analysis: setting === null ? null : checked(setting) })
      .where('tenant_id', '=', caller.tenant.id)
      .where('id', '=', folderId)
      .execute();
    return this.folder(caller, folderId);
  }

  /** Starts the item's automatic analyses whenever its transcode finishes. */
  listen(): Promise<() => void> {
    return this.#d.outcomes.watchOutcomes((outcome) => {
      if (outcome.outcome !== 'finished') return;
      void this.startFor(outcome.tenantId, outcome.itemId).catch(() => undefined);
    });
  }

  /** The analyses the item's folder (or else its tenant) starts after its transcode. */
  async startFor(tenantId: string, itemId: string): Promise<void> {
    const row = await this.#d.db
      .selectFrom('items')
      .innerJoin('folders', 'folders.id', 'items.folder_id')
      .select('folders.auto_analysis')
      .where('items.tenant_id', '=', tenantId)
      .where('items.id', '=', itemId)
      .executeTakeFirst();
    if (!row) return;
    const setting = parse(row.auto_analysis) ?? (await this.tenant(tenantId));
    for (const kind of setting.kinds)
      await this.#d.analysis.startAutomatically(tenantId, itemId, kind, setting.language ?? 'en');
  }
}
