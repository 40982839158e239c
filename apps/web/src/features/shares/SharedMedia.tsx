import {
  Alert,
  Box,
  Button,
  Card,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  missingQuality,
  sharedDownloadPlan,
  type MissingQualityChoice,
  type ShareQuality,
} from '@skald/domain';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { publicSharesApi, type SharedItem, type SharePage } from '../../api/shares.ts';
import { notifyError } from '../../components/notify.ts';
import { useFormatters } from '../../i18n/useFormatters.ts';
import { MediaPlayer } from '../player/MediaPlayer.tsx';
import { MissingQualityDialog } from './MissingQualityDialog.tsx';
import { SharedMetadataForm } from './SharedMetadataForm.tsx';
import { withMediaBase } from './sharedUrls.ts';

/** The Shared page's media: the player of the chosen item, its downloads and metadata, and the grid. */
export function SharedMedia({ token, page }: { token: string; page: SharePage }) {
  const { t } = useTranslation('shares');
  const items = useMemo(() => page.items.map((item) => withMediaBase(page, item)), [page]);
  const [selectedId, setSelectedId] = useState(items[0]?.id ?? null);
  const [asking, setAsking] = useState<SharedItem[] | null>(null);
  const selected = items.find((item) => item.id === selectedId) ?? items[0];
  const quality = page.download;

  // One zip, streamed by the server; the plan here only names what §8's "continue" leaves out.
  const fetchAll = (choice: MissingQualityChoice) => {
    if (!quality) return;
    const plan = sharedDownloadPlan(items.filter(hasAvailability), quality, choice);
    startDownload(publicSharesApi.downloadAllUrl(token, choice));
    if (plan.missing.length > 0) {
      notifyError(
        plan.missing.map((item) => item.title).join(', '),
        t('public.missingTitle', { quality: t(`qualities.${quality}`) }),
      );
    }
  };

  return (
    <Stack gap="lg">
      {selected && (
        <Stack gap="sm">
          <Box data-testid="shared-player">
            <MediaPlayer item={selected} />
          </Box>
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h4">
              {selected.title}
            </Title>
            {quality && <ItemDownload token={token} item={selected} quality={quality} />}
          </Group>
          {selected.rightsWarning && <RightsWarning warning={selected.rightsWarning} />}
          {selected.metadata && (
            <Text size="sm" c="dimmed" data-testid="shared-metadata">
              {selected.metadata.filename} · {Math.round(selected.metadata.size / 1024)} KiB ·{' '}
              {new Date(selected.metadata.createdAt).toLocaleString()}
            </Text>
          )}
          {(page.allowMetadata || page.allowEditMetadata) && (
            <SharedMetadataForm key={selected.id} token={token} itemId={selected.id} />
          )}
        </Stack>
      )}
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('public.items', { count: items.length })}
        </Title>
        {quality && items.length > 1 && (
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => {
              const missing = missingQuality(items.filter(hasAvailability), quality);
              if (missing.length > 0) setAsking(missing);
              else fetchAll('skip');
            }}
          >
            {t('public.downloadAll', { quality: t(`qualities.${quality}`) })}
          </Button>
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} component="ul" style={{ listStyle: 'none', padding: 0 }}>
        {items.map((item) => (
          <li key={item.id}>
            <UnstyledButton
              w="100%"
              onClick={() => {
                setSelectedId(item.id);
              }}
              aria-pressed={item.id === selected?.id}
              aria-label={t('public.play', { title: item.title })}
            >
              <Card
                withBorder
                padding="xs"
                bg={item.id === selected?.id ? 'var(--mantine-primary-color-light)' : undefined}
              >
                <Card.Section>
                  <Image
                    src={item.thumbnailUrl ?? `/placeholders/${item.itemType}.svg`}
                    alt=""
                    h={110}
                    fit="cover"
                  />
                </Card.Section>
                <Text size="sm" mt="xs" truncate="end">
                  {item.title}
                </Text>
              </Card>
            </UnstyledButton>
          </li>
        ))}
      </SimpleGrid>
      {quality && (
        <MissingQualityDialog
          missing={asking}
          quality={quality}
          onChoose={(choice) => {
            setAsking(null);
            fetchAll(choice);
          }}
          onClose={() => {
            setAsking(null);
          }}
        />
      )}
    </Stack>
  );
}

/** The usage rules' warning the sharer's tenant attaches to an item (spec §4 warning levels). */
function RightsWarning({ warning }: { warning: NonNullable<SharedItem['rightsWarning']> }) {
  const { t } = useTranslation('shares');
  const formats = useFormatters();
  const text = !warning.outside
    ? t('public.rightsApply')
    : warning.expiredAt
      ? t('public.rightsExpired', { date: formats.date(warning.expiredAt) })
      : t('public.rightsOutside');
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="shared-rights">
      {text}
    </Alert>
  );
}

const hasAvailability = (
  item: SharedItem,
): item is SharedItem & { available: NonNullable<SharedItem['available']> } => item.available !== null;

function ItemDownload({ token, item, quality }: { token: string; item: SharedItem; quality: ShareQuality }) {
  const { t } = useTranslation('shares');
  const other: ShareQuality = quality === 'proxy' ? 'original' : 'proxy';
  // The share's quality; the other one only when the item lacks it (§8 "try another quality").
  const offered = item.available?.[quality] ? quality : item.available?.[other] ? other : null;
  if (offered === null) {
    return (
      <Text size="sm" c="dimmed">
        {t('public.noDownload')}
      </Text>
    );
  }
  return (
    <Button
      component="a"
      href={publicSharesApi.downloadUrl(token, item.id, offered)}
      download
      leftSection={<IconDownload size={16} />}
    >
      {t('public.download', { quality: t(`qualities.${offered}`) })}
    </Button>
  );
}

/** Starts a browser download of one file without leaving the page. */
function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
