import { Anchor, Badge, Table, Text } from '@mantine/core';
import type { MetadataForm, OptionLists } from '@skald/domain';
import { useTranslation } from 'react-i18next';
import type { LogEvent } from '../../api/logEvents.ts';
import { DeleteAction, EditAction, RowActions } from '../../components/RowActions.tsx';
import { formatTime } from '../player/timeFormat.ts';
import { valuesLine } from './logEventDraft.ts';

interface LogEventTableProps {
  events: readonly LogEvent[];
  forms: ReadonlyMap<string, MetadataForm>;
  lists: OptionLists;
  highlighted: string | null;
  canWrite: boolean;
  onSeek: (event: LogEvent) => void;
  onEdit: (event: LogEvent) => void;
  onDelete: (event: LogEvent) => void;
}

/** The item's log events in time order; the time seeks the player there. */
export function LogEventTable(props: LogEventTableProps) {
  const { events, forms, lists, highlighted, canWrite, onSeek, onEdit, onDelete } = props;
  const { t } = useTranslation('logging');
  return (
    <Table data-testid="log-events" aria-label={t('list.label')} highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('list.time')}</Table.Th>
          <Table.Th>{t('list.type')}</Table.Th>
          <Table.Th>{t('list.text')}</Table.Th>
          <Table.Th>{t('list.values')}</Table.Th>
          {canWrite && <Table.Th aria-label={t('list.actions')} />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {events.map((event) => {
          const form = forms.get(event.formId);
          const label = form?.label ?? event.formId;
          const time =
            event.endMs === null
              ? formatTime(event.startMs / 1000)
              : `${formatTime(event.startMs / 1000)} – ${formatTime(event.endMs / 1000)}`;
          return (
            <Table.Tr
              key={event.id}
              data-log-event-id={event.id}
              bg={highlighted === event.id ? 'var(--mantine-color-gray-1)' : undefined}
            >
              <Table.Td>
                <Anchor
                  component="button"
                  type="button"
                  onClick={() => {
                    onSeek(event);
                  }}
                  aria-label={t('list.seek', { time })}
                >
                  {time}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Badge variant="light">{label}</Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{event.text}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{valuesLine(form, event.values, lists)}</Text>
              </Table.Td>
              {canWrite && (
                <Table.Td>
                  <RowActions>
                    <EditAction
                      label={t('list.edit', { form: label, time })}
                      onClick={() => {
                        onEdit(event);
                      }}
                    />
                    <DeleteAction
                      label={t('list.delete', { form: label, time })}
                      onClick={() => {
                        onDelete(event);
                      }}
                    />
                  </RowActions>
                </Table.Td>
              )}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
