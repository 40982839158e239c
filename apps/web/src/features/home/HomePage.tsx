import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../api/currentUser.ts';
import { quickLinksFor } from './quickLinks.ts';

/**
 * The main layout's index until the search screen (searchItem) is built: who and where you are,
 * and shortcuts to what exists.
 */
export function HomePage() {
  const { t } = useTranslation('home');
  const me = useCurrentUser();
  const links = quickLinksFor(me);

  return (
    <Stack gap="xl" maw={1100}>
      <div>
        <Title order={1}>{t('welcome', { name: me.user.name })}</Title>
        <Text c="dimmed" mt={4}>
          {t('signedInTo', { tenant: me.tenant.name })}
        </Text>
      </div>

      <Group gap="xs">
        {me.user.mfaEnabled ? (
          <Badge color="teal" variant="light" tt="none" leftSection={<IconShieldCheck size={12} />}>
            {t('mfaOn')}
          </Badge>
        ) : (
          <Badge color="orange" variant="light" tt="none" leftSection={<IconShieldX size={12} />}>
            {t('mfaOff')}
          </Badge>
        )}
      </Group>

      <section aria-labelledby="quick-links-title">
        <Title order={2} size="h4" id="quick-links-title" mb="sm">
          {t('quickLinks')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {links.map((link) => (
            <Card key={link.key} withBorder component={Link} to={link.to} padding="lg">
              <Group wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" size="lg">
                  <link.icon size={20} />
                </ThemeIcon>
                <div>
                  <Text fw={600}>{t(`links.${link.key}.title`)}</Text>
                  <Text size="sm" c="dimmed">
                    {t(`links.${link.key}.description`)}
                  </Text>
                </div>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </section>
    </Stack>
  );
}
