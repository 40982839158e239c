import { ActionIcon, Code, Popover, Table, Text, Tooltip } from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** docs/SEARCH.md's table of the query language, one row per key under `syntax.rows`. */
const ROWS = [
  'word',
  'phrase',
  'and',
  'or',
  'not',
  'group',
  'wildcard',
  'field',
  'file',
  'moments',
  'type',
  'owner',
  'created',
] as const;

/** The search box's "?": what can be typed, with examples. */
export function SyntaxHelp() {
  const { t } = useTranslation('search');
  return (
    <Popover width={520} position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        <Tooltip label={t('syntax.open')}>
          <ActionIcon variant="default" size={36} aria-label={t('syntax.open')}>
            <IconHelp size={18} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Text fw={600} size="sm" mb={4}>
          {t('syntax.title')}
        </Text>
        <Table verticalSpacing={4} horizontalSpacing="xs" aria-label={t('syntax.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="45%">{t('syntax.example')}</Table.Th>
              <Table.Th>{t('syntax.meaning')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ROWS.map((row) => (
              <Table.Tr key={row}>
                <Table.Td>
                  <Code>{t(`syntax.rows.${row}.example`)}</Code>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t(`syntax.rows.${row}.meaning`)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed" mt="xs">
          {t('syntax.note')}
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
