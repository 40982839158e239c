import { Radio, ScrollArea, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Item } from '../../api/items.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { useFormatters } from '../../i18n/useFormatters.ts';

interface PlaceholderChoiceProps {
  found: UseQueryResult<Item[]>;
  value: string | null;
  onChange: (id: string) => void;
  error: string | undefined;
}

/** The placeholders a search found, one to choose (radio buttons: the arrow keys move between them). */
export function PlaceholderChoice({ found, value, onChange, error }: PlaceholderChoiceProps) {
  const { t } = useTranslation('cutter');
  const { describe } = useErrorMessage();
  const { dateTime } = useFormatters();
  if (found.isPending) return <LoadingState />;
  if (found.isError) return <ErrorAlert>{describe(found.error)}</ErrorAlert>;
  return (
    <Radio.Group
      label={t('placeholder.choice')}
      value={value}
      onChange={onChange}
      error={error}
      withAsterisk
      aria-busy={found.isFetching}
    >
      {found.data.length === 0 ? (
        <Text size="sm" c="dimmed" mt={4}>
          {t('placeholder.none')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={240} type="auto">
          <Stack gap="sm" py={6}>
            {found.data.map((placeholder) => (
              <Radio
                key={placeholder.id}
                value={placeholder.id}
                label={placeholder.title}
                description={t('placeholder.made', {
                  owner: placeholder.owner.name,
                  date: dateTime(placeholder.createdAt),
                })}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Radio.Group>
  );
}
