import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ListFooterProps {
  page: number;
  pages: number;
  setPage: (page: number) => void;
  /** How many items the list has ("12 users"); without it the footer holds only the pages. */
  count?: string;
}

/** Under a list: its count, announced as it changes, and the page buttons when there is more than one page. */
export function ListFooter({ page, pages, setPage, count }: ListFooterProps) {
  const { t } = useTranslation('common');
  const pagination =
    pages > 1 ? (
      <Pagination total={pages} value={page} onChange={setPage} aria-label={t('pagination')} />
    ) : null;
  if (count === undefined) return pagination && <Group justify="flex-end">{pagination}</Group>;
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed" aria-live="polite">
        {count}
      </Text>
      {pagination}
    </Group>
  );
}
