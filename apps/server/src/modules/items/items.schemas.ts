import { ANALYSIS_KINDS, ANALYSIS_STATES, ITEM_TYPES } from '@skald/domain';
import { z } from 'zod';
import { accessSchema, userRefSchema } from '../../lib/access-schema.ts';

const ratio = z.object({ numerator: z.number(), denominator: z.number() });

export const analysisStateSchema = z
  .object({
    // Spec §4's four states; null while the job has never run on this item.
    state: z.enum(ANALYSIS_STATES).nullable(),
    enabled: z.boolean(),
    errorMessage: z.string().nullable(),
    progress: z.number(),
  })
  .meta({ id: 'AnalysisState' });

const itemSummaryShape = z.object({
  id: z.string(),
  itemType: z.enum(ITEM_TYPES),
  title: z.string(),
  description: z.string(),
  folderId: z.string(),
  owner: userRefSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  durationSeconds: z.number().nullable(),
  resolvedThumbnailUrl: z.string(),
  transcoding: analysisStateSchema,
  isDeleted: z.boolean(),
  deletedAt: z.string().nullable(),
});

/** Where an item's media plays from (the item page's player; a share's player with its own URLs). */
export const playbackSchema = z.object({
  hlsUrl: z.string().nullable(),
  proxyUrl: z.string().nullable(),
  posterUrl: z.string().nullable(),
  previewUrl: z.string().nullable(),
  waveformUrl: z.string().nullable(),
  strip: z
    .object({
      url: z.string(),
      columns: z.number(),
      rows: z.number(),
      tileWidth: z.number(),
      tileHeight: z.number(),
      count: z.number(),
      intervalSeconds: z.number(),
    })
    .nullable(),
});

export const itemSummarySchema = itemSummaryShape.meta({ id: 'ItemSummary' });

const otherAnalyses = Object.fromEntries(
  ANALYSIS_KINDS.filter((k) => k !== 'transcoding').map((k) => [k, analysisStateSchema]),
) as Record<Exclude<(typeof ANALYSIS_KINDS)[number], 'transcoding'>, typeof analysisStateSchema>;

export const itemSchema = itemSummaryShape
  .extend({
    ...otherAnalyses,
    createdBy: userRefSchema,
    visibleTo: accessSchema,
    updatableBy: accessSchema,
    media: z.object({ segmentCount: z.number(), segmentDuration: ratio }).nullable(),
    technicalMetadata: z
      .object({
        durationSeconds: z.number().nullable(),
        container: z.string().nullable(),
        videoCodec: z.string().nullable(),
        audioCodec: z.string().nullable(),
        width: z.number().nullable(),
        height: z.number().nullable(),
        frameRate: ratio.nullable(),
        startTimecode: z.string().nullable().meta({
          description:
            'The timecode of the first frame as the source recorded it (HH:MM:SS:FF, ; before the frames when drop-frame)',
        }),
        bitrate: z.number().nullable(),
        colorSpace: z.string().nullable(),
        size: z.number(),
        sha256: z.string(),
        mimeType: z.string().nullable(),
        exif: z
          .object({
            make: z.string().nullable(),
            model: z.string().nullable(),
            lens: z.string().nullable(),
            takenAt: z.string().nullable(),
            orientation: z.string().nullable(),
            latitude: z.number().nullable(),
            longitude: z.number().nullable(),
            altitude: z.number().nullable(),
          })
          .nullable(),
      })
      .nullable(),
    isArchived: z.boolean(),
    versions: z.array(
      z.object({
        id: z.string(),
        number: z.number(),
        filename: z.string(),
        size: z.number(),
        sha256: z.string(),
        createdAt: z.string(),
        createdBy: userRefSchema,
        isLeading: z.boolean(),
      }),
    ),
    leadingVersionId: z.string().nullable(),
    virtualClip: z
      .object({ sourceItemId: z.string(), startSeconds: z.number(), endSeconds: z.number() })
      .nullable()
      .meta({
        description:
          'The range of another item this item plays, when it is a virtual clip (no file of its own: not downloaded, versioned or reprocessed); null otherwise',
      }),
    renderedFrom: z.object({ sourceItemId: z.string() }).nullable().meta({
      description:
        'The item this item was rendered from through a preset (a subclip, a whole-item render, a sequence export, a central render request into a placeholder); null otherwise',
    }),
    playback: playbackSchema.nullable(),
    canUpdate: z.boolean(),
    canDelete: z.boolean(),
    canCreateVersion: z.boolean().meta({
      description:
        "Whether the caller may add a version (spec §6 item.version, upload rights, the item's updatable-by or item.createVersionRegardlessOfUpdateControl); a sequence or a virtual clip refuses one all the same",
    }),
  })
  .meta({ id: 'Item' });

export const historyEntrySchema = z
  .object({
    id: z.string(),
    action: z.string(),
    actor: userRefSchema.nullable(),
    details: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
  })
  .meta({ id: 'HistoryEntry' });

const failedSchema = z.array(z.object({ id: z.string(), message: z.string() }));
export const bulkMoveSchema = z.object({ moved: z.array(z.string()), failed: failedSchema });
export const bulkDeleteSchema = z.object({ deleted: z.array(z.string()), failed: failedSchema });

export const itemIdsSchema = z.array(z.uuid()).min(1).max(1000);
