import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../i18n/useFormatters.ts';
import { RELEASES } from './releases.ts';

/** Spec §2 /changelog: what is new in Skald, release by release. */
export function ChangelogPage() {
  const { t } = useTranslation('changelog');
  const { date } = useFormatters();
  return (
    <Stack gap="lg" maw={900}>
      <div>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed" mt={4}>
          {t('subtitle')}
        </Text>
      </div>
      {RELEASES.map((release) => (
        <Card
          key={release.version}
          withBorder
          component="section"
          aria-labelledby={`release-${release.version}`}
        >
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4" id={`release-${release.version}`}>
              {t('version', { version: release.version })}
            </Title>
            <Badge variant="light" tt="none">
              {date(release.date)}
            </Badge>
          </Group>
          <List spacing="xs">
            {release.changes.map((change) => (
              <List.Item key={change}>{t(`changes.${change}`)}</List.Item>
            ))}
          </List>
        </Card>
      ))}
    </Stack>
  );
}
