import {
  ActionIcon,
  Anchor,
  Button,
  FileButton,
  Group,
  Image,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { hasPermission, useCurrentUser } from '../../api/currentUser.ts';
import { personsApi, type PersonDetails } from '../../api/persons.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { PATHS, itemAtTimePath } from '../../routing/paths.ts';
import { formatTime } from '../player/timeFormat.ts';
import {
  useDeletePerson,
  useMergePerson,
  usePerson,
  usePersonAppearances,
  usePersonImages,
  useUpdatePerson,
} from './usePersons.ts';

/** How many persons the merge picker offers at a time (it searches by name). */
const MERGE_CHOICES = 50;

/**
 * Spec §2 /person-details/{id}: the person's name (naming them names every appearance), their
 * images, and the items and moments they appear in, each opening the item at that time.
 */
export function PersonPage() {
  const { t } = useTranslation('persons');
  const { id = '' } = useParams();
  const person = usePerson(id);
  const canMerge = hasPermission(useCurrentUser(), 'person.merge');
  if (person.isPending) return <LoadingState />;
  if (person.isError)
    return (
      <ErrorState
        error={person.error}
        onRetry={() => {
          void person.refetch();
        }}
      />
    );
  return (
    <Stack gap="lg" maw={960}>
      <PageHeading title={person.data.name ?? t('unknown')} description={t('page.description')} />
      {/* A new name from the server starts the field again. */}
      <NameForm key={person.data.name ?? ''} person={person.data} />
      {canMerge && <MergeForm person={person.data} />}
      <Images person={person.data} />
      <Appearances personId={id} />
    </Stack>
  );
}

function NameForm({ person }: { person: PersonDetails }) {
  const { t } = useTranslation('persons');
  const me = useCurrentUser();
  const { describe } = useErrorMessage();
  const navigate = useNavigate();
  const update = useUpdatePerson(person.id);
  const remove = useDeletePerson(person.id);
  const [name, setName] = useState(person.name ?? '');
  const [confirming, setConfirming] = useState(false);
  const canUpdate = hasPermission(me, 'person.update');
  const canDelete = hasPermission(me, 'person.delete');
  const onError = (error: unknown) => {
    notifyError(describe(error));
  };
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate(
              { name: name.trim() },
              {
                onSuccess: () => {
                  notifySuccess(t('page.named'));
                },
                onError,
              },
            );
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('page.name')}
              value={name}
              maxLength={200}
              required
              disabled={!canUpdate}
              onChange={(event) => {
                setName(event.currentTarget.value);
              }}
              w={320}
            />
            <Button type="submit" disabled={!canUpdate || name.trim() === ''} loading={update.isPending}>
              {t('page.save')}
            </Button>
          </Group>
        </form>
        <Switch
          label={t('page.publicFigure')}
          description={t('page.publicFigureHint')}
          checked={person.publicFigure}
          disabled={!canUpdate || update.isPending}
          onChange={(event) => {
            update.mutate({ publicFigure: event.currentTarget.checked }, { onError });
          }}
        />
        {canDelete && (
          <Group>
            <Button
              variant="outline"
              color="red"
              onClick={() => {
                setConfirming(true);
              }}
            >
              {t('page.delete')}
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('page.deleteTitle')}
        message={t('page.deleteMessage')}
        confirmLabel={t('page.delete')}
        loading={remove.isPending}
        onClose={() => {
          setConfirming(false);
        }}
        onConfirm={() => {
          remove.mutate(undefined, {
            onSuccess: () => {
              void navigate(PATHS.persons);
            },
            onError,
          });
        }}
      />
    </Paper>
  );
}

/** Picks another person (by name, or an unknown one) and merges them into this one, after asking. */
function MergeForm({ person }: { person: PersonDetails }) {
  const { t } = useTranslation('persons');
  const { describe } = useErrorMessage();
  const merge = useMergePerson(person.id);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [other, setOther] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const candidates = useQuery({
    queryKey: queryKeys.persons({ q, from: 0, itemsPerPage: MERGE_CHOICES }),
    queryFn: ({ signal }) => personsApi.list({ q, from: 0, itemsPerPage: MERGE_CHOICES }, signal),
  });
  // Unknown persons come after the named ones, newest first; they are numbered among themselves.
  const others = (candidates.data?.items ?? []).filter((p) => p.id !== person.id);
  const named = others.filter((p) => p.name !== null).length;
  const options = others.map((p, index) => ({
    value: p.id,
    label: p.name ?? t('unknownNumbered', { index: index - named + 1 }),
  }));
  const chosen = options.find((o) => o.value === other);
  return (
    <Paper withBorder p="md">
      <Group align="flex-end" gap="sm">
        <Select
          label={t('page.mergeLabel')}
          description={t('page.mergeHint')}
          data={options}
          value={other}
          onChange={setOther}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={t('list.none')}
          w={320}
        />
        <Button
          variant="outline"
          disabled={other === null}
          onClick={() => {
            setConfirming(true);
          }}
        >
          {t('page.merge')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={t('page.mergeTitle')}
        message={t('page.mergeMessage', { other: chosen?.label ?? '', name: person.name ?? t('unknown') })}
        confirmLabel={t('page.merge')}
        loading={merge.isPending}
        onClose={() => {
          setConfirming(false);
        }}
        onConfirm={() => {
          if (other === null) return;
          merge.mutate(other, {
            onSuccess: () => {
              setConfirming(false);
              setOther(null);
              notifySuccess(t('page.merged'));
            },
            onError: (error) => {
              notifyError(describe(error));
            },
          });
        }}
      />
    </Paper>
  );
}

/**
 * The person's images (spec §3): faces cut out where detection found them, and pictures uploaded
 * for them (person.update), whose faces detection then matches too. Each can be taken away.
 */
function Images({ person }: { person: PersonDetails }) {
  const { t } = useTranslation('persons');
  const { describe } = useErrorMessage();
  const canUpdate = hasPermission(useCurrentUser(), 'person.update');
  const images = usePersonImages(person.id);
  const name = person.name ?? t('unknown');
  const onError = (error: unknown) => {
    notifyError(describe(error));
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('page.images', { count: person.images.length })}
        </Title>
        {canUpdate && (
          <FileButton
            accept="image/jpeg,image/png,image/webp"
            onChange={(file) => {
              if (file)
                images.add.mutate(file, {
                  onSuccess: () => {
                    notifySuccess(t('page.imageAdded'));
                  },
                  onError,
                });
            }}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconPhotoPlus size={16} />}
                loading={images.add.isPending}
              >
                {t('page.addImage')}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {person.images.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('page.noImages')}
        </Text>
      ) : (
        <Group gap="xs" data-testid="person-images">
          {person.images.map((image, index) => (
            <Stack key={image.id} gap={4} align="center">
              <Image
                src={image.url}
                alt={t('page.imageAlt', { name, index: index + 1 })}
                w={96}
                h={96}
                fit="cover"
                radius="sm"
              />
              {canUpdate && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('page.removeImage', { index: index + 1 })}
                  loading={images.remove.isPending && images.remove.variables === image.id}
                  onClick={() => {
                    images.remove.mutate(image.id, { onError });
                  }}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Stack>
          ))}
        </Group>
      )}
    </Stack>
  );
}

function Appearances({ personId }: { personId: string }) {
  const { t } = useTranslation('persons');
  const appearances = usePersonAppearances(personId);
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('page.appearances')}
      </Title>
      {appearances.isPending && <LoadingState />}
      {appearances.isError && (
        <ErrorState
          error={appearances.error}
          onRetry={() => {
            void appearances.refetch();
          }}
        />
      )}
      {appearances.data?.items.length === 0 && <EmptyState title={t('page.noAppearances')} />}
      {appearances.data && appearances.data.items.length > 0 && (
        <Stack
          gap="xs"
          component="ul"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
          data-testid="person-items"
        >
          {appearances.data.items.map(({ item, moments }) => (
            <li key={item.id}>
              <Paper withBorder p="sm" radius="md">
                <Text fw={600} size="sm">
                  {item.title}
                </Text>
                <Group gap="xs" mt={4}>
                  {moments.map((moment) => (
                    <Anchor
                      key={moment.id}
                      component={Link}
                      to={itemAtTimePath(item.id, moment.startMs)}
                      size="sm"
                      aria-label={t('page.openAt', {
                        title: item.title,
                        time: formatTime(moment.startMs / 1000),
                      })}
                    >
                      {formatTime(moment.startMs / 1000)}
                    </Anchor>
                  ))}
                </Group>
              </Paper>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
