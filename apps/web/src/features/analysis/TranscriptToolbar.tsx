import { Button, Group, Menu, Select } from '@mantine/core';
import { IconChevronDown, IconCopy, IconDownload, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { captionsUrl, type TranscriptRevision } from '../../api/analysis.ts';
import { useFormatters } from '../../i18n/useFormatters.ts';

/**
 * Above the transcript: which revision shows (the current one, or an earlier one to read), copy
 * the selection, download its captions, and edit (item.updateTranscript).
 */
export function TranscriptToolbar({
  itemId,
  revisions,
  shown,
  onShow,
  onCopy,
  onEdit,
  language,
}: {
  itemId: string;
  revisions: readonly TranscriptRevision[];
  /** The revision shown; null: the current one. */
  shown: number | null;
  onShow: (revision: number | null) => void;
  onCopy: () => void;
  /** Undefined: the caller may not edit. */
  onEdit: (() => void) | undefined;
  language: string | null;
}) {
  const { t } = useTranslation('analysis');
  const format = useFormatters();
  const [current, ...earlier] = revisions;
  return (
    <Group gap="xs" wrap="wrap">
      {current && earlier.length > 0 && (
        <Select
          size="xs"
          w={260}
          aria-label={t('transcript.revision')}
          data={[
            { value: 'current', label: t('transcript.current', { revision: current.revision }) },
            ...earlier.map((r) => ({
              value: String(r.revision),
              label: t('transcript.revisionOf', {
                revision: r.revision,
                date: format.dateTime(r.createdAt),
                who: r.createdBy ?? r.provider ?? '',
              }),
            })),
          ]}
          value={shown === null ? 'current' : String(shown)}
          allowDeselect={false}
          onChange={(value) => {
            onShow(value === null || value === 'current' ? null : Number(value));
          }}
        />
      )}
      <Button size="xs" variant="default" leftSection={<IconCopy size={14} />} onClick={onCopy}>
        {t('transcript.copy')}
      </Button>
      <Menu position="bottom-start">
        <Menu.Target>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} />}
            rightSection={<IconChevronDown size={14} />}
          >
            {t('transcript.export')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {(['vtt', 'srt'] as const).map((f) => (
            <Menu.Item
              key={f}
              component="a"
              href={captionsUrl(itemId, f, { download: true, ...(language ? { language } : {}) })}
              download
            >
              {t(`transcript.formats.${f}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {onEdit && shown === null && (
        <Button size="xs" variant="light" leftSection={<IconPencil size={14} />} onClick={onEdit}>
          {t('transcript.edit')}
        </Button>
      )}
    </Group>
  );
}
