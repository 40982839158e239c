import { Alert, Box, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../api/errors.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { publicSharesApi } from '../../api/shares.ts';
import { LanguageMenu } from '../../components/LanguageMenu.tsx';
import { SkaldLogo } from '../../components/SkaldLogo.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { SharedMedia } from './SharedMedia.tsx';
import { SharedUploader } from './SharedUploader.tsx';
import { SharePasswordForm } from './SharePasswordForm.tsx';

/**
 * /share/{token}: what a share link opens, in a browser without an account — the password form,
 * the Shared page (grid, player, downloads) or the Shared uploader; or that the link does not work.
 */
export function SharedPage() {
  const { t } = useTranslation('shares');
  const { describe } = useErrorMessage();
  const token = useParams().token ?? '';
  const page = useQuery({
    queryKey: queryKeys.sharePage(token),
    queryFn: ({ signal }) => publicSharesApi.open(token, signal),
    retry: false,
    staleTime: Infinity,
  });
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)">
      <Group justify="space-between" p="md" component="header">
        <SkaldLogo />
        <LanguageMenu />
      </Group>
      <Container size="lg" pb="xl" component="main">
        {page.isPending ? (
          <Loader role="status" aria-label={t('public.loading')} />
        ) : page.isError ? (
          isApiError(page.error) && page.error.status === 404 ? (
            <Gone />
          ) : (
            <Alert color="red">{describe(page.error)}</Alert>
          )
        ) : page.data.locked ? (
          <SharePasswordForm token={token} kind={page.data.kind} onUnlocked={() => void page.refetch()} />
        ) : (
          <Stack>
            <div>
              <Title order={1} size="h2">
                {page.data.title}
              </Title>
              <Text c="dimmed" size="sm">
                {t(`public.from.${page.data.kind}`, {
                  sender: page.data.senderName ?? '',
                  date: page.data.expiresAt ? new Date(page.data.expiresAt).toLocaleDateString() : '',
                })}
              </Text>
            </div>
            {page.data.kind === 'share' ? (
              <SharedMedia token={token} page={page.data} />
            ) : (
              <SharedUploader token={token} />
            )}
          </Stack>
        )}
      </Container>
    </Box>
  );
}

/** Wrong, expired, revoked or used up: the server does not say which, and neither does the page. */
function Gone() {
  const { t } = useTranslation('shares');
  return (
    <Stack align="center" py="xl" gap="sm">
      <IconLinkOff size={48} aria-hidden />
      <Title order={1} size="h3">
        {t('public.gone')}
      </Title>
      <Text c="dimmed" ta="center" maw={480}>
        {t('public.goneHint')}
      </Text>
      <Button component="a" href="/" variant="default">
        {t('public.home')}
      </Button>
    </Stack>
  );
}
