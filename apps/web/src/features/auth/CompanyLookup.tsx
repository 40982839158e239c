import { Loader, Stack, Text, TextInput, UnstyledButton, Group, Paper } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuilding, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/auth.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import type { TenantMatch } from '../../api/types.ts';
import { BackToLoginButton } from '../../components/BackToLogin.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';

const MIN_CHARACTERS = 2;

interface CompanyLookupProps {
  onPick: (match: TenantMatch) => void;
  onBack: () => void;
}

/** "Look for a company": find the organisation by name, pick it to fill the sign-in form. */
export function CompanyLookup({ onPick, onBack }: CompanyLookupProps) {
  const { t } = useTranslation('auth');
  const [name, setName] = useState('');
  const [debounced] = useDebouncedValue(name.trim(), 300);
  const enabled = debounced.length >= MIN_CHARACTERS;

  const lookup = useQuery({
    queryKey: queryKeys.tenantLookup(debounced),
    queryFn: ({ signal }) => authApi.lookupTenants(debounced, signal),
    enabled,
    staleTime: 60_000,
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const only = lookup.data?.items.length === 1 ? lookup.data.items[0] : undefined;
    if (only) onPick(only);
  };

  return (
    // Escape leaves the lookup for the sign-in form, as it leaves a dialog.
    <Stack
      onKeyDown={(event) => {
        if (event.key === 'Escape') onBack();
      }}
    >
      <PageHeading title={t('lookup.title')} description={t('lookup.description')} />
      <form onSubmit={submit} role="search">
        <TextInput
          label={t('lookup.name')}
          leftSection={<IconSearch size={16} />}
          rightSection={lookup.isFetching ? <Loader size="xs" /> : null}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
          }}
          autoComplete="organization"
          autoFocus
        />
      </form>
      <div aria-live="polite">
        {!enabled ? (
          <Text size="sm" c="dimmed">
            {t('lookup.typeMore', { count: MIN_CHARACTERS })}
          </Text>
        ) : lookup.isError ? (
          <ErrorState error={lookup.error} onRetry={() => void lookup.refetch()} />
        ) : lookup.data && lookup.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('lookup.noMatch', { name: debounced })}
          </Text>
        ) : lookup.data ? (
          <Stack gap="xs" aria-label={t('lookup.results')} role="list">
            {lookup.data.items.map((match) => (
              <Paper key={match.slug} withBorder role="listitem">
                <UnstyledButton
                  onClick={() => {
                    onPick(match);
                  }}
                  p="sm"
                  w="100%"
                  aria-label={t('lookup.pick', { name: match.name })}
                >
                  <Group justify="space-between" wrap="nowrap">
                    <Group gap="sm" wrap="nowrap">
                      <IconBuilding size={18} />
                      <div>
                        <Text size="sm" fw={600}>
                          {match.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {match.slug}
                        </Text>
                      </div>
                    </Group>
                    <IconChevronRight size={16} />
                  </Group>
                </UnstyledButton>
              </Paper>
            ))}
          </Stack>
        ) : null}
      </div>
      <BackToLoginButton onClick={onBack} />
    </Stack>
  );
}
