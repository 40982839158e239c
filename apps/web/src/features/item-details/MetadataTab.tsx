import { Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Item } from '../../api/items.ts';
import { useFormatters } from '../../i18n/useFormatters.ts';
import { formatDuration } from '../../components/items/duration.ts';
import { formatResolution } from './technicalFormat.ts';
import { ItemFormsCard } from '../metadata-forms/ItemFormsCard.tsx';
import { DescriptionCard } from './DescriptionCard.tsx';
import { colorSpaceName, technicalFields, type TechnicalField } from './technicalFields.ts';
import { useTechnicalFormat } from './useTechnicalFormat.ts';
import type { ItemMutations } from './useItemMutations.ts';

const EMPTY = '—';

function Fields({
  title,
  testId,
  rows,
  note,
}: {
  title: string;
  testId: string;
  rows: [string, ReactNode][];
  /** A line under the title about the fields. */
  note?: string;
}) {
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      {note && (
        <Text size="xs" c="dimmed" mb="xs">
          {note}
        </Text>
      )}
      <Table variant="vertical" layout="fixed" withRowBorders data-testid={testId}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={150}>{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/**
 * Metadata: the item's description, its metadata forms, what it is and who made it, and the
 * technical metadata of its leading version.
 */
export function MetadataTab({
  item,
  editable,
  describe,
}: {
  item: Item;
  editable: boolean;
  describe: ItemMutations['describe'];
}) {
  const { t } = useTranslation(['itemDetails', 'items', 'messages']);
  const format = useFormatters();
  const technical = useTechnicalFormat();
  const meta = item.technicalMetadata;
  const fps = meta ? technical.frameRate(meta.frameRate) : null;

  const general: [string, ReactNode][] = [
    [t('metadata.title'), item.title],
    [t('metadata.type'), t(`items:types.${item.itemType}`)],
    [t('metadata.owner'), item.owner.name],
    [t('metadata.createdBy'), item.createdBy.name],
    [t('metadata.created'), format.dateTime(item.createdAt)],
    [t('metadata.updated'), format.dateTime(item.updatedAt)],
  ];

  const technicalValue: Record<TechnicalField, () => ReactNode> = {
    duration: () => formatDuration(meta?.durationSeconds ?? null) ?? EMPTY,
    container: () => meta?.container ?? EMPTY,
    format: () => meta?.container?.toUpperCase() ?? EMPTY,
    videoCodec: () => meta?.videoCodec ?? EMPTY,
    audioCodec: () => meta?.audioCodec ?? EMPTY,
    resolution: () => formatResolution(meta?.width ?? null, meta?.height ?? null) ?? EMPTY,
    dimensions: () => formatResolution(meta?.width ?? null, meta?.height ?? null) ?? EMPTY,
    frameRate: () => (fps === null ? EMPTY : t('metadata.fps', { value: fps })),
    bitrate: () => technical.bitrate(meta?.bitrate ?? null) ?? EMPTY,
    colorSpace: () => (meta?.colorSpace ? colorSpaceName(meta.colorSpace, t('metadata.greyscale')) : EMPTY),
    size: () => technical.bytes(meta?.size ?? null),
    mimeType: () => meta?.mimeType ?? EMPTY,
    sha256: () => (
      <Text key="sha" ff="monospace" size="xs" style={{ wordBreak: 'break-all' }}>
        {meta?.sha256}
      </Text>
    ),
  };
  // Only the rows this kind of item has (a picture has no codecs, no duration).
  const technicalRows: [string, ReactNode][] = meta
    ? technicalFields(item.itemType).map((field) => [t(`metadata.${field}`), technicalValue[field]()])
    : [];

  const exif = meta?.exif ?? null;
  const camera = exif ? [exif.make, exif.model].filter(Boolean).join(' ') : '';
  const exifRows: [string, ReactNode][] = exif
    ? [
        [t('metadata.camera'), camera || EMPTY],
        [t('metadata.lens'), exif.lens ?? EMPTY],
        [t('metadata.takenAt'), exif.takenAt ? format.dateTime(exif.takenAt) : EMPTY],
        [
          t('metadata.position'),
          exif.latitude !== null && exif.longitude !== null
            ? t('metadata.coordinates', {
                latitude: exif.latitude.toFixed(5),
                longitude: exif.longitude.toFixed(5),
              })
            : EMPTY,
        ],
        [
          t('metadata.altitude'),
          exif.altitude === null ? EMPTY : t('metadata.metres', { value: Math.round(exif.altitude) }),
        ],
      ]
    : [];

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <DescriptionCard item={item} editable={editable} describe={describe} />
      <ItemFormsCard itemId={item.id} />
      <Fields title={t('metadata.general')} testId="general-metadata" rows={general} />
      {meta ? (
        <Fields
          title={t('metadata.technical')}
          testId="technical-metadata"
          rows={technicalRows}
          // Spec §5: they are read from the file, not a form's fields.
          note={t('messages:technicalMetadataFields')}
        />
      ) : (
        <Paper withBorder p="md" data-testid="technical-metadata">
          <Title order={2} size="h5" mb="xs">
            {t('metadata.technical')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('metadata.noTechnical')}
          </Text>
        </Paper>
      )}
      {exif && <Fields title={t('metadata.exif')} testId="exif-metadata" rows={exifRows} />}
    </SimpleGrid>
  );
}
