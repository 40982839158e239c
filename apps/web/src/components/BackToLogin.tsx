import { Anchor, Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../routing/paths.ts';

/** The password reset screens' link back to the sign-in screen. */
export function BackToLoginLink({ centered = false }: { centered?: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <Anchor component={Link} to={PATHS.login} size="sm" ta={centered ? 'center' : undefined}>
      <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> {t('backToLogin')}
    </Anchor>
  );
}

/** Back to the sign-in form from another step of the same screen (MFA code, company lookup). */
export function BackToLoginButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onClick}>
      {t('backToLogin')}
    </Button>
  );
}
