import type { FileItemType } from '@skald/domain';

/** A render as the worker reads it (the rendering module's renders table); declared here so processing needs nothing of that module. */
export interface RenderRequest {
  id: string;
  tenant_id: string;
  /** 'whole' renders all of the source, uncut (a re-wrap copies its streams); others cut their range. */
  kind: string;
  source_item_id: string;
  recipe: string;
  start_timecode: string | null;
  target_version_id: string;
  in_frame: number;
  out_frame: number;
  /** A sequence export's clips (JSON [{ sourceItemId, inFrame, outFrame }]); null for a range of the source. */
  clips: string | null;
  created_by: string;
}

export interface RenderRequests {
  byId(tenantId: string, id: string): Promise<RenderRequest | undefined>;
  /** The render whose file becomes this item's first version. */
  makingItem(tenantId: string, itemId: string): Promise<RenderRequest | undefined>;
}

/** A finished render's file (or a copied original) arriving as its item's first version: the items module's one intake. */
export interface RenderedFiles {
  receive(
    file: {
      tenantId: string;
      itemId: string;
      versionId: string;
      folderId: string;
      userId: string;
      filename: string;
      size: number;
      mimeType: string | null;
      itemType: FileItemType;
    },
    options?: { localFile?: string },
  ): Promise<void>;
}
