import type { FaceSettingsRow, GalleryFace, PersonFaceRow } from './persons.repository.ts';

export type { GalleryFace, PersonFaceRow } from './persons.repository.ts';

/** What person and celebrity detection need of the persons' store (PersonsRepository has it). */
export interface FaceRegistry {
  settings(tenantId: string): Promise<FaceSettingsRow | null>;
  gallery(tenantId: string, publicFiguresOnly: boolean): Promise<GalleryFace[]>;
  imageCounts(
    tenantId: string,
    options: { except: { itemId: string; kind: string } },
  ): Promise<Map<string, number>>;
  create(tenantId: string, id: string, values: { name: string | null; unknown: boolean }): Promise<void>;
  replaceFaces(tenantId: string, itemId: string, kind: string, rows: PersonFaceRow[]): Promise<string[]>;
}

/** What the item's analysis timeline needs: the person each face moment shows. */
export interface FacePersons {
  personsOfMoments(tenantId: string, itemId: string): Promise<Map<string, string>>;
}
