import { Alert, List, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/auth.ts';
import { queryKeys } from '../../api/queryKeys.ts';

/**
 * Under the sign-in form where the server offers the demo organisation: its users, what each may do,
 * and the password. Nothing where there is no demo (the server answers 404), nor while it asks.
 */
export function DemoHint() {
  const { t } = useTranslation('auth');
  const offer = useQuery({
    queryKey: queryKeys.demoOffer,
    queryFn: ({ signal }) => authApi.demoOffer(signal),
    retry: false,
    staleTime: Infinity,
  });
  if (!offer.data) return null;
  const { slug, password, users } = offer.data;
  return (
    <Alert
      mt="lg"
      variant="light"
      icon={<IconInfoCircle size={18} />}
      title={t('demoHint.title')}
      data-testid="demo-hint"
    >
      <Text size="sm">{t('demoHint.intro', { slug, password })}</Text>
      <List size="sm" mt={4} spacing={2}>
        {users.map((user) => (
          <List.Item key={user.email}>
            <Text span size="sm" fw={600}>
              {user.email}
            </Text>{' '}
            — {t(`demoHint.${user.part}`)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
