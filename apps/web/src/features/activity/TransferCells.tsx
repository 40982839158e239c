import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFormatters } from '../../i18n/useFormatters.ts';
import { useTechnicalFormat } from '../item-details/useTechnicalFormat.ts';

interface FileCellProps {
  name: string;
  maw: number;
  /** The row's main text (bold). */
  strong?: boolean;
  /** Lines under the name. */
  children?: ReactNode;
}

/** The cells the upload, download and version tables share. A long file name is cut, whole on hover. */
export function FileCell({ name, maw, strong = false, children }: FileCellProps) {
  return (
    <Table.Td maw={maw}>
      <Text size="sm" fw={strong ? 500 : undefined} truncate="end" title={name}>
        {name}
      </Text>
      {children}
    </Table.Td>
  );
}

export function SizeCell({ size }: { size: number }) {
  const { bytes } = useTechnicalFormat();
  return (
    <Table.Td>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {bytes(size)}
      </Text>
    </Table.Td>
  );
}

/** An ISO-8601 time; '—' for none yet. */
export function TimeCell({ at }: { at: string | null }) {
  const format = useFormatters();
  return (
    <Table.Td>
      <Text size="sm">{at ? format.dateTime(at) : '—'}</Text>
    </Table.Td>
  );
}
