import { Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/** A loader while the router fetches the next screen (its chunk is loaded on first use). */
export function NavigationPending() {
  const { t } = useTranslation('common');
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return <Loader size="xs" role="status" aria-label={t('loading')} />;
}
