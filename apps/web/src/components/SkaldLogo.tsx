import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function SkaldLogo({ size = 'lg' }: { size?: 'md' | 'lg' | 'xl' }) {
  const { t } = useTranslation('common');
  return (
    <Group gap={8} wrap="nowrap">
      <img src="/favicon.svg" alt="" width={size === 'xl' ? 36 : 28} height={size === 'xl' ? 36 : 28} />
      <Text fw={750} size={size} lts={0.3}>
        {t('appName')}
      </Text>
    </Group>
  );
}
