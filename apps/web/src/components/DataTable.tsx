import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

interface DataTableProps {
  /** Names the table for screen readers. */
  label: string;
  testId: string;
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  columns: readonly string[];
  /** The last column's header, for screen readers only: it holds each row's action icons. */
  actionsLabel: string;
  /** The rows. */
  children: ReactNode;
}

/** The lists' table: a header row whose last column holds the row actions. */
export function DataTable({ label, testId, minWidth, columns, actionsLabel, children }: DataTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" highlightOnHover data-testid={testId} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => (
              <Table.Th key={index}>{column}</Table.Th>
            ))}
            <Table.Th>
              <VisuallyHidden>{actionsLabel}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
