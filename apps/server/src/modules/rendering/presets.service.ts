import {
  MESSAGES,
  isTenantAdmin,
  presetCan,
  presetDeletionRefusal,
  presetProblems,
  presetsFor,
  type Preset,
  type PresetCapability,
  type PresetDraft,
} from '@skald/domain';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { Identity } from '../../identity/identity.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import { AppError, badFieldMessage, notFound } from '../../plugins/errors.ts';
import { BUILT_IN_PRESETS } from './built-in-presets.ts';
import { presentPreset, presetColumns } from './presets.presenter.ts';
import type { PresetRow, PresetsRepository } from './presets.repository.ts';

export type PresetPatch = Partial<PresetDraft> & { isDefault?: boolean };

/** The presets offered for a need, or the spec §8 message saying why there are none. */
export interface PresetChoice {
  items: Preset[];
  message: string | null;
}

const presetNotFound = () => notFound(MESSAGES.presetNotFound);
const conflict = (key: 'presetIdTaken' | 'builtInPresetKept') =>
  new AppError(
    'conflict',
    MESSAGES[key],
    key === 'presetIdTaken' ? [{ field: 'presetId', message: MESSAGES[key], messageId: key }] : undefined,
  );

/** Spec §3/§4/§5 presets: tenant administrators manage them (Settings → Preset management), everyone renders through them. */
export class PresetsService {
  readonly #presets: PresetsRepository;
  constructor(presets: PresetsRepository) {
    this.#presets = presets;
  }

  /**
   * The tenant's presets: all of them for a tenant administrator, the visible ones for the others.
   * With `needs`, only those able to render it, and the spec §8 message when none are.
   */
  async list(caller: Identity, needs: readonly PresetCapability[] = []): Promise<PresetChoice> {
    const all = (await this.#rows(caller.tenant.id)).map(presentPreset);
    if (needs.length > 0) {
      const { presets, refusal } = presetsFor(all, needs);
      const message =
        refusal === 'noRenderPresets'
          ? `${MESSAGES.noRenderPresets}. ${MESSAGES.informTenantAdministrator}`
          : refusal && MESSAGES[refusal];
      return { items: presets, message };
    }
    return { items: isTenantAdmin(caller.principal) ? all : all.filter((p) => !p.hidden), message: null };
  }

  /** The preset a render asks for, when it can do what the render needs (else the §8 message). */
  async forRender(tenantId: string, id: string, needs: readonly PresetCapability[]): Promise<Preset> {
    const row = (await this.#rows(tenantId)).find((r) => r.id === id);
    if (!row) throw badFieldMessage('presetId', 'presetNotFound');
    const preset = presentPreset(row);
    if (!presetCan(preset, needs)) throw badFieldMessage('presetId', 'noPresetsWithCapabilities');
    return preset;
  }

  async create(caller: Identity, draft: PresetDraft & { isDefault?: boolean }): Promise<Preset> {
    const tenantId = caller.tenant.id;
    await this.#ensureBuiltIns(tenantId);
    await this.#check(tenantId, draft, null);
    const id = newId();
    const at = nowIso();
    await this.#write(async () =>
      this.#presets.transaction(async (trx) => {
        if (draft.isDefault) await this.#presets.clearDefault(trx, tenantId, at);
        await this.#presets.insert(
          {
            id,
            tenant_id: tenantId,
            ...presetColumns(draft),
            is_default: draft.isDefault ? 1 : 0,
            built_in: 0,
            created_at: at,
            updated_at: at,
          },
          trx,
        );
      }),
    );
    return this.#get(tenantId, id);
  }

  async update(caller: Identity, id: string, patch: PresetPatch): Promise<Preset> {
    const tenantId = caller.tenant.id;
    const row = await this.#presets.byId(tenantId, id);
    if (!row) throw presetNotFound();
    const current = presentPreset(row);
    const { isDefault, ...changes } = patch;
    const draft: PresetDraft = { ...current, ...changes };
    // A built-in keeps what makes it the built-in: its ID and its format.
    if (current.builtIn && (draft.presetId !== current.presetId || draft.recipe !== current.recipe))
      throw badFieldMessage(
        draft.presetId !== current.presetId ? 'presetId' : 'recipe',
        'builtInPresetFixed',
      );
    await this.#check(tenantId, draft, id);
    const at = nowIso();
    await this.#write(async () =>
      this.#presets.transaction(async (trx) => {
        if (isDefault === true) await this.#presets.clearDefault(trx, tenantId, at);
        await this.#presets.update(trx, tenantId, id, {
          ...presetColumns(draft),
          ...(isDefault === undefined ? {} : { is_default: isDefault ? 1 : 0 }),
          updated_at: at,
        });
      }),
    );
    return this.#get(tenantId, id);
  }

  /** Spec §5: refused while another preset falls back to it, a subclip was made with it, or a live source uses it. */
  async delete(caller: Identity, id: string): Promise<void> {
    const tenantId = caller.tenant.id;
    await this.#presets.transaction(async (trx) => {
      const row = await this.#presets.byId(tenantId, id, trx);
      if (!row) throw presetNotFound();
      if (row.built_in === 1) throw conflict('builtInPresetKept');
      // Live sources are a later issue's: none can use a preset yet.
      const refusal = presetDeletionRefusal({
        ...(await this.#presets.uses(trx, tenantId, id)),
        liveSources: 0,
      });
      if (refusal) throw new AppError('conflict', MESSAGES[refusal]);
      await this.#presets.delete(trx, tenantId, id);
    });
  }

  async #get(tenantId: string, id: string): Promise<Preset> {
    const row = await this.#presets.byId(tenantId, id);
    if (!row) throw presetNotFound();
    return presentPreset(row);
  }

  async #rows(tenantId: string): Promise<PresetRow[]> {
    await this.#ensureBuiltIns(tenantId);
    return this.#presets.list(tenantId);
  }

  async #check(tenantId: string, draft: PresetDraft, ownId: string | null): Promise<void> {
    const [problem] = presetProblems(draft, ownId);
    if (problem) throw badFieldMessage(problem.field, problem.message);
    if (draft.fallbackPresetId !== null && !(await this.#presets.byId(tenantId, draft.fallbackPresetId)))
      throw badFieldMessage('fallbackPresetId', 'presetNotFound');
  }

  async #write(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('presetIdTaken');
      throw error;
    }
  }

  /** Makes the built-in presets a tenant lacks; two processes racing insert one each (the key keeps them unique). */
  async #ensureBuiltIns(tenantId: string): Promise<void> {
    const have = new Set(await this.#presets.builtInIds(tenantId));
    if (have.size === BUILT_IN_PRESETS.length) return;
    const at = nowIso();
    for (const draft of BUILT_IN_PRESETS.filter((p) => !have.has(p.presetId))) {
      try {
        await this.#presets.insert({
          id: newId(),
          tenant_id: tenantId,
          ...presetColumns(draft),
          is_default: draft.recipe === 'h264Mp4' ? 1 : 0,
          built_in: 1,
          created_at: at,
          updated_at: at,
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
  }
}
