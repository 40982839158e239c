import { Alert, Anchor, Badge, Box, Group, Stack, Tabs, Text } from '@mantine/core';
import {
  IconChartDots3,
  IconHistory,
  IconInfoCircle,
  IconTimelineEvent,
  IconLicense,
  IconMessages,
  IconStack2,
  IconLanguage,
  IconTextCaption,
  IconTrash,
} from '@tabler/icons-react';
import { canReadComments, canReadLogEvents } from '@skald/domain';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { hasPermission, useCurrentUser } from '../../api/currentUser.ts';
import type { Item, ItemVersion } from '../../api/items.ts';
import { principalOf } from '../../api/principal.ts';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { useDialogState } from '../../components/useDialogState.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { useFormatters } from '../../i18n/useFormatters.ts';
import { PATHS, folderPath } from '../../routing/paths.ts';
import { useTabParam } from '../../routing/useTabParam.ts';
import { startDownloadWithNotice } from '../activity/DownloadNotification.tsx';
import { ItemTypeIcon } from '../../components/items/ItemTypeIcon.tsx';
import { MediaPlayer } from '../player/MediaPlayer.tsx';
import { UsageRulesTab, UsageWarningBanner } from '../metadata-forms/UsageRulesTab.tsx';
import { useUsageConfirmation } from '../metadata-forms/useUsageConfirmation.tsx';
import { CommentsTab } from '../comments/CommentsTab.tsx';
import { LoggingTab } from '../logging/LoggingTab.tsx';
import { AnalyticsTab } from '../analysis/AnalyticsTab.tsx';
import { TranscriptTab } from '../analysis/TranscriptTab.tsx';
import { TranslationTab } from '../analysis/TranslationTab.tsx';
import { useCaptionTracks } from '../analysis/useCaptionTracks.ts';
import { DeleteItemDialog } from './DeleteItemDialog.tsx';
import { FolderBreadcrumb } from './FolderBreadcrumb.tsx';
import { HistoryTab } from './HistoryTab.tsx';
import { ItemAccessDialog } from './ItemAccessDialog.tsx';
import { ItemActionsBar } from './ItemActionsBar.tsx';
import { itemActions } from './itemActions.ts';
import { ItemTitle } from './ItemTitle.tsx';
import { MetadataTab } from './MetadataTab.tsx';
import { RelationsTab } from './RelationsTab.tsx';
import { resolveItemTab } from './tabs.ts';
import { ItemSharesTab, ItemSharesTabButton, showsSharesTab } from '../shares/ItemSharesTab.tsx';
import { TranscodingStatus } from './TranscodingStatus.tsx';
import { ItemMediaTools } from './ItemMediaTools.tsx';
import { SequenceItemPanel } from '../cutter/SequenceItemPanel.tsx';
import { PlaceholderPanel } from '../placeholders/PlaceholderPanel.tsx';
import { MoveItemDialog, UploadVersionDialog } from './lazyDialogs.ts';
import { useItemMutations } from './useItemMutations.ts';

type Dialog = { kind: 'delete' } | { kind: 'move' } | { kind: 'access' } | { kind: 'uploadVersion' };

/** The item page: header with its actions, the player, and the tabs. */
export function ItemDetails({ item }: { item: Item }) {
  const { t } = useTranslation(['itemDetails', 'items']);
  const me = useCurrentUser();
  const format = useFormatters();
  const { describe } = useErrorMessage();
  const navigate = useNavigate();
  const [rawTab, selectTab] = useTabParam();
  const dialogs = useDialogState<Dialog>();
  const mutations = useItemMutations(item.id);
  const actions = itemActions(item, principalOf(me));
  const captions = useCaptionTracks(item);

  const showComments = hasPermission(me, 'ui.comments') && canReadComments(principalOf(me));
  const tab = resolveItemTab(rawTab, {
    metadata: hasPermission(me, 'ui.metadata'),
    logging: canReadLogEvents(principalOf(me)),
    relations: hasPermission(me, 'ui.relations'),
    comments: showComments,
    history: hasPermission(me, 'item.history'),
    usageRules: hasPermission(me, 'ui.usageRules'),
    shares: showsSharesTab(me),
    analytics: hasPermission(me, 'ui.analytics'),
    transcript: hasPermission(me, 'ui.transcript'),
    translation: hasPermission(me, 'ui.translation'),
  });
  const leading = item.versions.find((v) => v.isLeading) ?? null;
  const usage = useUsageConfirmation(item.id, item.createdAt);
  const download = (kind: 'original' | 'proxy', version: ItemVersion | null = leading) => {
    usage.confirm(() => {
      startDownload(kind, version);
    });
  };
  const startDownload = (kind: 'original' | 'proxy', version: ItemVersion | null) => {
    startDownloadWithNotice({
      itemId: item.id,
      title: item.title,
      kind,
      versionId: version && !version.isLeading ? version.id : undefined,
      size: kind === 'original' ? (version?.size ?? item.technicalMetadata?.size ?? null) : null,
      filename: kind === 'original' && version ? version.filename : item.title,
    });
  };

  const reprocess = () => {
    mutations.reprocess.mutate(undefined, {
      onSuccess: () => {
        notifySuccess(t('reprocess.started'));
      },
      onError: (error) => {
        notifyError(describe(error), t('reprocess.failed'));
      },
    });
  };

  return (
    <Stack maw={1200} gap="md" data-testid="item-details" data-item-id={item.id}>
      <FolderBreadcrumb folderId={item.folderId} />
      {usage.dialog}

      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Box style={{ flex: '1 1 420px', minWidth: 0 }}>
          <ItemTitle item={item} editable={actions.rename} rename={mutations.rename} />
          <Group gap="xs" mt={6}>
            <Badge
              variant="light"
              color="gray"
              tt="none"
              leftSection={<ItemTypeIcon type={item.itemType} size={14} />}
              data-testid="item-type"
            >
              {t(`items:types.${item.itemType}`)}
            </Badge>
            <Text size="sm" c="dimmed">
              {t('header.ownerAndDate', { owner: item.owner.name, date: format.dateTime(item.createdAt) })}
            </Text>
          </Group>
        </Box>
        <ItemActionsBar
          item={item}
          actions={actions}
          onDownload={(kind) => {
            download(kind);
          }}
          onUploadVersion={() => {
            dialogs.open({ kind: 'uploadVersion' });
          }}
          onReprocess={reprocess}
          reprocessing={mutations.reprocess.isPending}
          onMove={() => {
            dialogs.open({ kind: 'move' });
          }}
          onAccess={() => {
            dialogs.open({ kind: 'access' });
          }}
          onDelete={() => {
            dialogs.open({ kind: 'delete' });
          }}
        />
      </Group>

      {item.isDeleted && (
        <Alert color="orange" variant="light" icon={<IconTrash />} title={t('deleted.title')}>
          {t('deleted.description', { date: item.deletedAt ? format.dateTime(item.deletedAt) : '' })}{' '}
          <Anchor component={Link} to={PATHS.recycleBin} inherit>
            {t('deleted.open')}
          </Anchor>
        </Alert>
      )}
      <TranscodingStatus transcoding={item.transcoding} itemType={item.itemType} />
      <PlaceholderPanel item={item} />
      <SequenceItemPanel item={item} />
      <UsageWarningBanner itemId={item.id} ingestedAt={item.createdAt} />

      <Box maw={800} w="100%" data-testid="item-player">
        <MediaPlayer item={item} captions={captions} />
      </Box>
      <ItemMediaTools item={item} />

      {tab !== null && (
        <Tabs value={tab} onChange={selectTab} keepMounted={false}>
          <Tabs.List aria-label={t('tabs.label')}>
            {hasPermission(me, 'ui.metadata') && (
              <Tabs.Tab value="metadata" leftSection={<IconInfoCircle size={16} />}>
                {t('tabs.metadata')}
              </Tabs.Tab>
            )}
            {canReadLogEvents(principalOf(me)) && (
              <Tabs.Tab value="logging" leftSection={<IconTimelineEvent size={16} />}>
                {t('tabs.logging')}
              </Tabs.Tab>
            )}
            {hasPermission(me, 'ui.relations') && (
              <Tabs.Tab value="relations" leftSection={<IconStack2 size={16} />}>
                {t('tabs.relations')}
              </Tabs.Tab>
            )}
            {showComments && (
              <Tabs.Tab value="comments" leftSection={<IconMessages size={16} />}>
                {t('tabs.comments')}
              </Tabs.Tab>
            )}
            {hasPermission(me, 'item.history') && (
              <Tabs.Tab value="history" leftSection={<IconHistory size={16} />}>
                {t('tabs.history')}
              </Tabs.Tab>
            )}
            {hasPermission(me, 'ui.usageRules') && (
              <Tabs.Tab value="usageRules" leftSection={<IconLicense size={16} />}>
                {t('tabs.usageRules')}
              </Tabs.Tab>
            )}
            {showsSharesTab(me) && <ItemSharesTabButton />}
            {hasPermission(me, 'ui.analytics') && (
              <Tabs.Tab value="analytics" leftSection={<IconChartDots3 size={16} />}>
                {t('tabs.analytics')}
              </Tabs.Tab>
            )}
            {hasPermission(me, 'ui.transcript') && (
              <Tabs.Tab value="transcript" leftSection={<IconTextCaption size={16} />}>
                {t('tabs.transcript')}
              </Tabs.Tab>
            )}
            {hasPermission(me, 'ui.translation') && (
              <Tabs.Tab value="translation" leftSection={<IconLanguage size={16} />}>
                {t('tabs.translation')}
              </Tabs.Tab>
            )}
          </Tabs.List>
          <Tabs.Panel value="metadata" pt="md">
            <MetadataTab item={item} editable={actions.rename} describe={mutations.describe} />
          </Tabs.Panel>
          <Tabs.Panel value="logging" pt="md">
            <LoggingTab item={item} />
          </Tabs.Panel>
          <Tabs.Panel value="relations" pt="md">
            <RelationsTab
              item={item}
              download={actions.downloadOriginal}
              onDownload={(version) => {
                download('original', version);
              }}
              canPromote={actions.promote}
              promote={mutations.promote}
            />
          </Tabs.Panel>
          <Tabs.Panel value="comments" pt="md">
            <CommentsTab item={item} />
          </Tabs.Panel>
          <Tabs.Panel value="history" pt="md">
            <HistoryTab itemId={item.id} />
          </Tabs.Panel>
          <Tabs.Panel value="usageRules" pt="md">
            <UsageRulesTab itemId={item.id} ingestedAt={item.createdAt} />
          </Tabs.Panel>
          <Tabs.Panel value="shares" pt="md">
            <ItemSharesTab itemId={item.id} />
          </Tabs.Panel>
          <Tabs.Panel value="analytics" pt="md">
            <AnalyticsTab item={item} />
          </Tabs.Panel>
          <Tabs.Panel value="transcript" pt="md">
            <TranscriptTab item={item} />
          </Tabs.Panel>
          <Tabs.Panel value="translation" pt="md">
            <TranslationTab item={item} />
          </Tabs.Panel>
        </Tabs>
      )}

      <DeleteItemDialog
        {...dialogs.of('delete').props}
        item={item}
        remove={mutations.remove}
        onDeleted={() => {
          dialogs.close();
          notifySuccess(t('delete.done', { title: item.title }));
          void navigate(folderPath(item.folderId));
        }}
      />
      <MoveItemDialog {...dialogs.of('move').props} item={item} move={mutations.move} />
      <ItemAccessDialog {...dialogs.of('access').props} item={item} save={mutations.access} />
      <UploadVersionDialog {...dialogs.of('uploadVersion').props} item={item} />
    </Stack>
  );
}
