import { Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { hasPermission, useCurrentUser } from '../../api/currentUser.ts';
import { personsApi, type Person } from '../../api/persons.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { ListFooter } from '../../components/ListFooter.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { usePagedList } from '../../components/usePagedList.ts';
import { notifyError } from '../../components/notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { personDetailsPath } from '../../routing/paths.ts';
import { useCreatePerson } from './usePersons.ts';

/**
 * The persons face detection registered, named first, then the unknown ones; ?q= narrows to
 * names holding the words. Each opens the person's page.
 */
export function PersonsPage() {
  const { t } = useTranslation('persons');
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(text.trim(), 300);
  const { list, paging } = usePagedList({ q }, queryKeys.persons, personsApi.list);
  return (
    <Stack gap="md" maw={960}>
      <PageHeading title={t('list.title')} description={t('list.description')} />
      {hasPermission(useCurrentUser(), 'person.create') && <NewPersonForm />}
      <SearchField
        label={t('list.label')}
        value={text}
        onChange={(value) => {
          setText(value);
          paging.setPage(1);
          setParams(value.trim() ? { q: value.trim() } : {}, { replace: true });
        }}
      />
      {list.isPending && <LoadingState />}
      {list.isError && (
        <ErrorState
          error={list.error}
          onRetry={() => {
            void list.refetch();
          }}
        />
      )}
      {list.data?.items.length === 0 && <EmptyState title={q ? t('list.none') : t('list.empty')} />}
      {list.data && list.data.items.length > 0 && (
        <Stack
          gap="xs"
          component="ul"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
          data-testid="persons"
        >
          {list.data.items.map((person) => (
            <li key={person.id}>
              <PersonCard person={person} />
            </li>
          ))}
        </Stack>
      )}
      <ListFooter {...paging} count={list.data ? t('list.count', { count: list.data.total }) : undefined} />
    </Stack>
  );
}

function PersonCard({ person }: { person: Person }) {
  const { t } = useTranslation('persons');
  return (
    <Paper withBorder p="sm" radius="md">
      <Group gap="xs">
        <Anchor component={Link} to={personDetailsPath(person.id)} fw={600} size="sm">
          {person.name ?? t('unknown')}
        </Anchor>
        {person.publicFigure && (
          <Badge variant="light" size="sm" tt="none">
            {t('publicFigure')}
          </Badge>
        )}
        {person.unknown && (
          <Text size="xs" c="dimmed">
            {t('unknownHint')}
          </Text>
        )}
      </Group>
    </Paper>
  );
}

/** Spec §6 person.create: a person made by hand, whose page opens to add their pictures. */
function NewPersonForm() {
  const { t } = useTranslation('persons');
  const { describe, fieldMessage } = useErrorMessage();
  const navigate = useNavigate();
  const create = useCreatePerson();
  const [name, setName] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(name.trim(), {
          onSuccess: (person) => {
            void navigate(personDetailsPath(person.id));
          },
          onError: (error) => {
            if (fieldMessage(error, 'name') === undefined) notifyError(describe(error));
          },
        });
      }}
    >
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('create.name')}
          value={name}
          maxLength={200}
          required
          error={create.error ? fieldMessage(create.error, 'name') : undefined}
          onChange={(event) => {
            setName(event.currentTarget.value);
          }}
          w={320}
        />
        <Button type="submit" disabled={name.trim() === ''} loading={create.isPending}>
          {t('create.submit')}
        </Button>
      </Group>
    </form>
  );
}
