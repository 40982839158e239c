import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@skald/domain';
import type { Identity } from '../../identity/identity.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import { MediaError } from '../../media/media-error.ts';
import type { Seen } from '../../media/analysis/vision.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { blobKey } from '../../storage/blob-key.ts';
import { boxFractions } from '../analysis/analyzers.ts';
import type { PersonItems } from '../items/person-items.ts';
import { storedDescriptor } from './face-matching.ts';
import { cutOut } from './face-cut-out.ts';
import type { Page, Paging } from '../../lib/paging.ts';
import { visibleTo } from '../../access/visibility-filter.ts';
import { AppError, badField, notFound } from '../../plugins/errors.ts';
import { parseBlobKey, type BlobKey } from '../../storage/blob-key.ts';
import { faceSettingsOf, faceSettingsRow, type FaceSettings } from './face-settings.ts';
import type { PersonRow, PersonsRepository } from './persons.repository.ts';

interface Deps {
  persons: PersonsRepository;
  /** The named persons' items (spec §3 Person item). */
  items: Pick<PersonItems, 'name' | 'remove'>;
  /** The vision engine (faces with descriptors), on its own thread. */
  vision: { look(file: string, options: LookFaces): Promise<Seen> };
  blobs: Pick<BlobStore, 'putFile' | 'delete'>;
  /** Where a picture uploaded for a person is read (a folder per upload, removed after). */
  workDir: string;
  /** AnalysisRepository: writes a name into the face moments' text. */
  moments: {
    updateMomentText(tenantId: string, momentIds: readonly string[], text: string | null): Promise<void>;
  };
}

interface LookFaces {
  faces: true;
  objects: false;
  jobDir: string;
  failureMessage: string;
}

/** Spec §3 Person item: a person as the API shows it. */
export interface PersonDto {
  id: string;
  /** Spec §1: persons are items of type person (named ones have an item with this id). */
  itemType: 'person';
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
  /** Where the face was found; null for a picture uploaded for the person. */
  itemId: string | null;
  startMs: number | null;
  /** Found by person or celebrity detection, or uploaded for the person. */
  source: 'detected' | 'uploaded';
}

/** Spec §3 Person item: imageIds, with the images themselves. */
export type PersonDetailsDto = PersonDto & { imageIds: string[]; images: PersonImageDto[] };

export interface AppearanceDto {
  item: { id: string; title: string; itemType: string };
  moments: { id: string; kind: 'face' | 'celebrity'; startMs: number }[];
}

export const personDto = (row: PersonRow): PersonDto => ({
  id: row.id,
  itemType: 'person',
  name: row.name,
  unknown: row.unknown === 1,
  publicFigure: row.public_figure === 1,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const PERSON_NOT_FOUND = 'Person not found';
/** The zoom-out around an uploaded picture's face, in percent of the face. */
const UPLOAD_ZOOM_OUT_PCT = 20;

const imageDto = (
  personId: string,
  i: { id: string; item_id: string | null; start_ms: number | null },
): PersonImageDto => ({
  id: i.id,
  personId,
  url: `/api/v1/persons/${personId}/images/${i.id}`,
  itemId: i.item_id,
  startMs: i.start_ms,
  source: i.item_id === null ? 'uploaded' : 'detected',
});

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

  async get(caller: Identity, id: string): Promise<PersonDetailsDto> {
    const row = await this.#person(caller, id);
    const images = (await this.#d.persons.images(caller.tenant.id, id)).map((i) => imageDto(id, i));
    return { ...personDto(row), imageIds: images.map((i) => i.id), images };
  }

  /** Spec §6 person.create: a person made by hand, named, and an item of type person. */
  async create(caller: Identity, values: { name: string; publicFigure: boolean }): Promise<PersonDetailsDto> {
    const id = newId();
    await this.#d.persons.create(caller.tenant.id, id, { ...values, unknown: false });
    await this.#d.items.name(caller.tenant.id, id, values.name, caller.user.id);
    return this.get(caller, id);
  }

  /**
   * A picture of the person (spec §3 person image): its largest face is cut out as an image and its
   * descriptor joins the gallery detection matches against. The engine runs on its own thread.
   */
  async addImage(caller: Identity, id: string, picture: Buffer): Promise<PersonImageDto> {
    await this.#person(caller, id);
    const tenantId = caller.tenant.id;
    await mkdir(this.#d.workDir, { recursive: true });
    const jobDir = await mkdtemp(path.join(this.#d.workDir, 'person-image-'));
    try {
      const file = path.join(jobDir, 'picture');
      await writeFile(file, picture);
      const seen = await this.#d.vision
        .look(file, { faces: true, objects: false, jobDir, failureMessage: MESSAGES.pictureUnreadable })
        .catch((err: unknown) => {
          throw err instanceof MediaError ? badField('image', MESSAGES.pictureUnreadable) : err;
        });
      const face = seen.faces.reduce<Seen['faces'][number] | null>(
        (best, f) => (best === null || f.box[2] * f.box[3] > best.box[2] * best.box[3] ? f : best),
        null,
      );
      if (face === null) throw badField('image', MESSAGES.noFaceInPicture);
      const box = boxFractions(face.box, seen.width, seen.height);
      const faceId = newId();
      const cut = await cutOut(
        { jobDir, file, failureMessage: MESSAGES.pictureUnreadable },
        box,
        UPLOAD_ZOOM_OUT_PCT,
        'face',
      );
      const imageKey = blobKey(tenantId, 'persons', id, 'images', `${faceId}-jpg`);
      await this.#d.blobs.putFile(imageKey, cut, { move: true, contentType: 'image/jpeg' });
      const row = {
        id: faceId,
        tenant_id: tenantId,
        person_id: id,
        item_id: null,
        moment_id: null,
        kind: 'upload',
        start_ms: null,
        descriptor: storedDescriptor(face.descriptor),
        width_pct: Math.round(box.width * 100),
        image_key: imageKey,
        created_at: nowIso(),
      };
      await this.#d.persons.addUpload(row);
      return imageDto(id, row);
    } finally {
      await rm(jobDir, { recursive: true, force: true });
    }
  }

  /** Takes an image from the person: an uploaded one goes; a detected face no longer shows them. */
  async removeImage(caller: Identity, id: string, faceId: string): Promise<void> {
    await this.#person(caller, id);
    const key = await this.#d.persons.removeImage(caller.tenant.id, id, faceId);
    if (key === null) throw notFound('Person image not found');
    await this.#d.blobs.delete(parseBlobKey(key)).catch(() => undefined);
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
      await this.#d.items.name(tenantId, id, values.name, caller.user.id);
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
    await this.#d.items.remove(caller.tenant.id, fromId);
    await this.#d.moments.updateMomentText(caller.tenant.id, moments, into.name);
    return personDto(await this.#person(caller, id));
  }

  async delete(caller: Identity, id: string): Promise<void> {
    await this.#person(caller, id);
    const { moments, uploads } = await this.#d.persons.delete(caller.tenant.id, id);
    await this.#d.items.remove(caller.tenant.id, id);
    await this.#d.moments.updateMomentText(caller.tenant.id, moments, null);
    for (const key of uploads) await this.#d.blobs.delete(parseBlobKey(key)).catch(() => undefined);
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
