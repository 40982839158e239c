import { Stack, Text } from '@mantine/core';
import { canWriteLogEvents, loggingShortcuts, type MetadataForm } from '@skald/domain';
import { useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/currentUser.ts';
import type { Item } from '../../api/items.ts';
import type { LogEvent } from '../../api/logEvents.ts';
import { principalOf } from '../../api/principal.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { useFormSchema } from '../metadata-forms/useFormSchema.ts';
import { PlayerLinkContext } from '../player/playerLink.ts';
import { formatTime } from '../player/timeFormat.ts';
import { LogEventModal } from './LogEventModal.tsx';
import { LogEventTable } from './LogEventTable.tsx';
import { LoggingToolbar } from './LoggingToolbar.tsx';
import { newLogEvent } from './logEventDraft.ts';
import { useItemLogEvents, useLogEventMutations } from './useLogEvents.ts';
import { useLoggingKeys } from './useLoggingKeys.ts';

// The built-in forms that hold an item's own values, not events.
const NOT_FOR_EVENTS = new Set(['common', 'folderDefault']);

/**
 * The item page's Logging tab (spec §2, §3 "log event and timed metadata"): events on the media's
 * timeline, each made with a form (its type) and holding that form's values; logged with the form's
 * keyboard shortcut while playing, listed, edited, deleted; choosing one seeks the player there.
 */
export function LoggingTab({ item }: { item: Item }) {
  const { t } = useTranslation('logging');
  const me = useCurrentUser();
  const { describe } = useErrorMessage();
  const link = useContext(PlayerLinkContext);
  const schema = useFormSchema();
  const events = useItemLogEvents(item.id);
  const mutations = useLogEventMutations(item.id);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const [editing, setEditing] = useState<LogEvent | null>(null);
  const [deleting, setDeleting] = useState<LogEvent | null>(null);
  const canWrite = canWriteLogEvents(principalOf(me)) && item.canUpdate && !item.isDeleted;
  const eventForms = schema.forms.filter((f) => f.active && !NOT_FOR_EVENTS.has(f.builtIn ?? ''));
  const { usable, refused } = loggingShortcuts(eventForms);
  const formsById = useMemo(() => new Map(schema.forms.map((f) => [f.id, f])), [schema.forms]);

  const log = (form: MetadataForm) => {
    const input = newLogEvent(form, link?.currentTime() ?? 0, new Date());
    mutations.create.mutate(input, {
      onSuccess: (made) => {
        setHighlighted(made.id);
        notifySuccess(t('logged', { form: form.label, time: formatTime(made.startMs / 1000) }));
      },
      onError: (error) => {
        notifyError(describe(error));
      },
    });
  };
  useLoggingKeys(canWrite ? usable : [], (s) => {
    log(s.form);
  });

  const list = events.data?.items;
  useEffect(() => {
    if (!link || !list) return;
    link.setMarkers(
      list.map((e) => ({
        id: e.id,
        startMs: e.startMs,
        endMs: e.endMs,
        label: [formsById.get(e.formId)?.label ?? e.formId, e.text].filter(Boolean).join(': ').slice(0, 80),
        resolved: false,
      })),
      (id) => {
        setHighlighted(id);
        document
          .querySelector(`[data-log-event-id="${CSS.escape(id)}"]`)
          ?.scrollIntoView({ block: 'nearest' });
      },
    );
  }, [link, list, formsById]);
  useEffect(() => () => link?.setMarkers([], () => undefined), [link]);

  if (events.isPending || schema.isPending) return <LoadingState />;
  if (events.isError)
    return (
      <ErrorState
        error={events.error}
        onRetry={() => {
          void events.refetch();
        }}
      />
    );
  return (
    <Stack gap="md" data-testid="logging-tab">
      {canWrite && (
        <LoggingToolbar
          forms={eventForms}
          usable={usable}
          refused={refused}
          pending={mutations.create.isPending}
          onLog={log}
        />
      )}
      {list?.length === 0 ? (
        <EmptyState title={t('empty')} {...(canWrite ? { description: t('emptyHint') } : {})} />
      ) : (
        <LogEventTable
          events={list ?? []}
          forms={formsById}
          lists={schema.lists}
          highlighted={highlighted}
          canWrite={canWrite}
          onSeek={(e) => {
            setHighlighted(e.id);
            link?.seek(e.startMs / 1000);
          }}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      )}
      {editing && (
        <LogEventModal
          event={editing}
          form={formsById.get(editing.formId)}
          lists={schema.lists}
          saving={mutations.update.isPending}
          error={mutations.update.error}
          onSave={(patch) => {
            mutations.update.mutate(
              { id: editing.id, patch },
              {
                onSuccess: () => {
                  setEditing(null);
                },
              },
            );
          }}
          onClose={() => {
            mutations.update.reset();
            setEditing(null);
          }}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('delete.title')}
        message={t('delete.message', {
          form: deleting ? (formsById.get(deleting.formId)?.label ?? deleting.formId) : '',
          time: deleting ? formatTime(deleting.startMs / 1000) : '',
        })}
        confirmLabel={t('delete.confirm')}
        loading={mutations.remove.isPending}
        error={mutations.remove.isError ? describe(mutations.remove.error) : undefined}
        onConfirm={() => {
          if (!deleting) return;
          mutations.remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
            },
          });
        }}
        onClose={() => {
          mutations.remove.reset();
          setDeleting(null);
        }}
      />
      {!canWrite && list && list.length > 0 && (
        <Text size="xs" c="dimmed">
          {t('readOnly')}
        </Text>
      )}
    </Stack>
  );
}
