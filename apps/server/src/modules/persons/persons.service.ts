import type { Identity } from '../../identity/identity.ts';
import type { Page, Paging } from '../../lib/paging.ts';
import { visibleTo } from '../../access/visibility-filter.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { parseBlobKey, type BlobKey } from '../../storage/blob-key.ts';
import { faceSettingsOf, faceSettingsRow, type FaceSettings } from './face-settings.ts';
import type { PersonRow, PersonsRepository } from './persons.repository.ts';

interface Deps {
  persons: PersonsRepository;
  /** AnalysisRepository: writes a name into the face moments' text. */
  moments: {
    updateMomentText(tenantId: string, momentIds: readonly string[], text: string | null): Promise<void>;
  };
}

/** Spec §3 Person item: a person as the API shows it. */
export interface PersonDto {
  id: string;
  /** Null while unknown. */
  name: string | null;
  unknown: boolean;
  publicFigure: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Spec §3 person image: a face cut out of an item where the person appears. */
export interface PersonImageDto {
  id: string;
  personId: string;
  url: string;
  itemId: string;
  startMs: number;
}

export interface AppearanceDto {
  item: { id: string; title: string; itemType: string };
  moments: { id: string; kind: 'face' | 'celebrity'; startMs: number }[];
}

export const personDto = (row: PersonRow): PersonDto => ({
  id: row.id,
  name: row.name,
  unknown: row.unknown === 1,
  publicFigure: row.public_figure === 1,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const PERSON_NOT_FOUND = 'Person not found';

/**
 * Persons (issue 14): the faces' registry seen from the API. Naming a person names every
 * appearance; merging moves one person's faces to another; deleting leaves the faces as no one's.
 */
export class PersonsService {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  async #person(caller: Identity, id: string): Promise<PersonRow> {
    const row = await this.#d.persons.byId(caller.tenant.id, id);
    if (!row) throw notFound(PERSON_NOT_FOUND);
    return row;
  }

  async list(caller: Identity, q: string | undefined, paging: Paging): Promise<Page<PersonDto>> {
    const page = await this.#d.persons.list(caller.tenant.id, q, paging);
    return { ...page, items: page.items.map(personDto) };
  }

  async get(caller: Identity, id: string): Promise<PersonDto & { images: PersonImageDto[] }> {
    const row = await this.#person(caller, id);
    const images = await this.#d.persons.images(caller.tenant.id, id);
    return {
      ...personDto(row),
      images: images.map((i) => ({
        id: i.id,
        personId: id,
        url: `/api/v1/persons/${id}/images/${i.id}`,
        itemId: i.item_id,
        startMs: i.start_ms,
      })),
    };
  }

  /** Names (every appearance too) or marks as a public figure. */
  async update(
    caller: Identity,
    id: string,
    values: { name?: string; publicFigure?: boolean },
  ): Promise<PersonDto> {
    await this.#person(caller, id);
    const tenantId = caller.tenant.id;
    await this.#d.persons.update(tenantId, id, values);
    if (values.name !== undefined) {
      const faces = await this.#d.persons.faceMoments(tenantId, id);
      await this.#d.moments.updateMomentText(tenantId, faces, values.name);
    }
    return personDto(await this.#person(caller, id));
  }

  /** Moves `fromId`'s faces to `id`: they take its name; `fromId` is removed. */
  async merge(caller: Identity, id: string, fromId: string): Promise<PersonDto> {
    if (id === fromId)
      throw new AppError('bad_request', 'A person cannot be merged into itself', [
        { field: 'personId', message: 'must be another person' },
      ]);
    const into = await this.#person(caller, id);
    await this.#person(caller, fromId);
    const moments = await this.#d.persons.merge(caller.tenant.id, id, fromId);
    await this.#d.moments.updateMomentText(caller.tenant.id, moments, into.name);
    return personDto(await this.#person(caller, id));
  }

  async delete(caller: Identity, id: string): Promise<void> {
    await this.#person(caller, id);
    const moments = await this.#d.persons.delete(caller.tenant.id, id);
    await this.#d.moments.updateMomentText(caller.tenant.id, moments, null);
  }

  /** The items the caller can see where the person appears, each with its face moments. */
  async appearances(caller: Identity, id: string): Promise<AppearanceDto[]> {
    await this.#person(caller, id);
    const rows = await this.#d.persons.appearances(
      caller.tenant.id,
      id,
      visibleTo(caller.principal, 'items'),
    );
    const byItem = new Map<string, AppearanceDto>();
    for (const r of rows) {
      const entry = byItem.get(r.item_id) ?? {
        item: { id: r.item_id, title: r.item_title, itemType: r.item_type },
        moments: [],
      };
      entry.moments.push({
        id: r.moment_id,
        kind: r.kind === 'celebrity' ? 'celebrity' : 'face',
        startMs: r.start_ms,
      });
      byItem.set(r.item_id, entry);
    }
    return [...byItem.values()];
  }

  async image(caller: Identity, id: string, faceId: string): Promise<BlobKey> {
    await this.#person(caller, id);
    const key = await this.#d.persons.imageKey(caller.tenant.id, id, faceId);
    if (key === null) throw notFound('Person image not found');
    return parseBlobKey(key);
  }

  async settings(caller: Identity): Promise<FaceSettings> {
    return faceSettingsOf(await this.#d.persons.settings(caller.tenant.id));
  }

  async setSettings(caller: Identity, settings: FaceSettings): Promise<FaceSettings> {
    await this.#d.persons.setSettings(caller.tenant.id, faceSettingsRow(settings));
    return settings;
  }
}
