import {
  Alert,
  Anchor,
  CopyButton,
  Button,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { SHARE_LIMITS, latestExpiry, parseEmailList, validateShare, type ShareField } from '@skald/domain';
import { IconCalendar } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { sharesApi, type Share, type ShareDetail } from '../../api/shares.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { LocalisedDatePickerInput } from '../../components/LocalisedDatePickerInput.tsx';
import { ModalFooter } from '../../components/ModalFooter.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { SUPPORTED_LANGUAGES, toSupportedLanguage, type Language } from '../../i18n/languages.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { errorsByField, useShareErrorText } from './shareErrors.ts';
import { defaultExpiryDate, expiryOfDay, type ShareTarget } from './shareTarget.ts';

type Download = 'none' | 'proxy' | 'original';
type FieldTexts = Partial<Record<ShareField, string | undefined>>;

const FIELDS: readonly ShareField[] = [
  'title',
  'password',
  'expiresAt',
  'maxUses',
  'download',
  'emails',
  'message',
];

interface ShareFormModalProps {
  opened: boolean;
  onClose: () => void;
  onExitTransitionEnd?: () => void;
  /** A new share of these items or this folder, or a new upload request… */
  target?: ShareTarget | null;
  /** …or this share to edit. */
  share?: Share | null;
}

/** Share items or a folder, request an upload, or edit either (spec §3 Share, §5 rules). */
export function ShareFormModal({ opened, onClose, onExitTransitionEnd, target, share }: ShareFormModalProps) {
  const { t } = useTranslation('shares');
  const kind = share?.kind ?? target?.kind ?? 'share';
  const [created, setCreated] = useState<ShareDetail | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      onExitTransitionEnd={onExitTransitionEnd}
      title={share ? t(`form.edit.${kind}`) : t(`form.create.${kind}`, { name: target?.name ?? '' })}
      size="lg"
      centered
    >
      {created ? (
        <Created share={created} onClose={close} />
      ) : (
        opened && (
          <ShareForm target={target ?? null} share={share ?? null} onClose={close} onCreated={setCreated} />
        )
      )}
    </Modal>
  );
}

function Created({ share, onClose }: { share: ShareDetail; onClose: () => void }) {
  const { t } = useTranslation('shares');
  return (
    <Stack>
      <Alert color="teal" title={t('form.created')}>
        <Text size="sm" style={{ wordBreak: 'break-all' }} data-testid="share-link">
          {share.link}
        </Text>
      </Alert>
      <Group justify="flex-end">
        <CopyButton value={share.link}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? t('copied') : t('copyLink')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onClose}>{t('form.done')}</Button>
      </Group>
    </Stack>
  );
}

interface FormProps {
  target: ShareTarget | null;
  share: Share | null;
  onClose: () => void;
  onCreated: (share: ShareDetail) => void;
}

function ShareForm({ target, share, onClose, onCreated }: FormProps) {
  const { t, i18n } = useTranslation(['shares', 'common']);
  const { describe, fieldMessage } = useErrorMessage();
  const errorText = useShareErrorText();
  const client = useQueryClient();
  const limits = useQuery({
    queryKey: queryKeys.shareLimits,
    queryFn: ({ signal }) => sharesApi.limits(signal),
  });
  const kind = share?.kind ?? target?.kind ?? 'share';
  const [title, setTitle] = useState(share?.title ?? target?.name ?? '');
  const [passwordOn, setPasswordOn] = useState(share?.passwordProtected ?? false);
  const [password, setPassword] = useState('');
  const [day, setDay] = useState<string | null>(
    share ? dayjs(share.expiresAt).format('YYYY-MM-DD') : defaultExpiryDate(new Date()),
  );
  const [maxUses, setMaxUses] = useState<number | string>(share?.maxUses ?? (kind === 'share' ? 5 : 10));
  const [download, setDownload] = useState<Download>(share?.download ?? 'none');
  const [allowMetadata, setAllowMetadata] = useState(share?.allowMetadata ?? false);
  const [allowEditMetadata, setAllowEditMetadata] = useState(share?.allowEditMetadata ?? false);
  const [emails, setEmails] = useState<string[]>([]);
  const [pending, setPending] = useState('');
  const [message, setMessage] = useState('');
  // The e-mails are written in the language chosen here: the sender's own, unless they pick another.
  const [language, setLanguage] = useState<Language>(toSupportedLanguage(i18n.resolvedLanguage));
  const [errors, setErrors] = useState<FieldTexts>({});
  /** The server's question when some items are outside their usage rights (409 confirmRights). */
  const [rightsQuestion, setRightsQuestion] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: async ({ confirmRights }: { confirmRights: boolean }) => {
      const settings = {
        title: title.trim(),
        expiresAt: day ? expiryOfDay(day) : '',
        maxUses: Number(maxUses),
        download: download === 'none' ? null : download,
        allowMetadata,
        allowEditMetadata,
        emails,
        message,
        ...(emails.length > 0 ? { language } : {}),
      };
      // On an edit, a password left empty with the option on keeps the one stored.
      const passwordField = passwordOn
        ? password === '' && share?.passwordProtected
          ? {}
          : { password }
        : { password: null };
      if (share) return sharesApi.update(share.id, { ...settings, ...passwordField });
      if (!target) throw new Error('nothing to share');
      const contents = 'itemIds' in target ? { itemIds: target.itemIds } : { folderId: target.folderId };
      return sharesApi.create({
        kind,
        ...contents,
        ...settings,
        ...('password' in passwordField ? passwordField : {}),
        confirmRights,
      });
    },
    onSuccess: (saved) => {
      setRightsQuestion(null);
      void client.invalidateQueries({ queryKey: queryKeys.shares });
      if (share) {
        notifySuccess(t('saved', { title: saved.title }));
        onClose();
      } else onCreated(saved);
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'conflict' && fieldMessage(error, 'confirmRights')) {
        setRightsQuestion(fieldMessage(error, 'confirmRights') ?? null);
        return;
      }
      setRightsQuestion(null);
      if (isApiError(error) && error.code === 'bad_request') {
        setErrors(Object.fromEntries(FIELDS.map((field) => [field, fieldMessage(error, field)])));
      }
    },
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!limits.data) return;
    const found = validateShare(
      {
        title,
        passwordOn,
        password: passwordOn && !(password === '' && share?.passwordProtected) ? password : null,
        hasStoredPassword: share?.passwordProtected ?? false,
        expiresAt: day ? expiryOfDay(day) : '',
        maxUses: Number(maxUses),
        download: download === 'none' ? null : download,
        emails,
        pendingInvite: pending,
        message,
      },
      limits.data,
      new Date(),
    );
    const byField = errorsByField(found);
    setErrors(
      Object.fromEntries(FIELDS.map((field) => [field, byField[field] && errorText(byField[field])])),
    );
    if (found.length === 0) save.mutate({ confirmRights: false });
  };

  const fieldError = (field: ShareField) => errors[field];
  const clear = (field: ShareField) => {
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const maxDay = limits.data ? dayjs(latestExpiry(limits.data, new Date())).format('YYYY-MM-DD') : undefined;

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {save.isError && rightsQuestion === null && !FIELDS.some((field) => errors[field]) && (
          <ErrorAlert>{describe(save.error)}</ErrorAlert>
        )}
        <TextInput
          label={t('form.title')}
          value={title}
          onChange={(e) => {
            setTitle(e.currentTarget.value);
            clear('title');
          }}
          error={fieldError('title')}
          maxLength={SHARE_LIMITS.titleMaxLength}
          required
          data-autofocus
        />
        <Switch
          label={t('form.passwordOn')}
          checked={passwordOn}
          onChange={(e) => {
            setPasswordOn(e.currentTarget.checked);
            clear('password');
          }}
        />
        {passwordOn && (
          <PasswordInput
            label={t('form.password')}
            description={
              share?.passwordProtected
                ? t('form.passwordKeep')
                : t('form.passwordRule', { min: SHARE_LIMITS.passwordMinLength })
            }
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              clear('password');
            }}
            error={fieldError('password')}
            autoComplete="new-password"
          />
        )}
        <Group grow align="flex-start">
          <LocalisedDatePickerInput
            label={t('form.expiresAt')}
            description={limits.data ? t('form.maxDays', { days: limits.data.maxValidDays }) : undefined}
            leftSection={<IconCalendar size={16} />}
            value={day}
            onChange={(value) => {
              setDay(value);
              clear('expiresAt');
            }}
            minDate={dayjs().format('YYYY-MM-DD')}
            {...(maxDay ? { maxDate: maxDay } : {})}
            error={fieldError('expiresAt')}
            valueFormat="LL"
            popoverProps={{ withinPortal: true }}
          />
          <NumberInput
            label={t(`form.maxUses.${kind}`)}
            description={limits.data ? t('form.maxViews', { max: limits.data.maxViews }) : undefined}
            value={maxUses}
            onChange={(value) => {
              setMaxUses(value);
              clear('maxUses');
            }}
            min={1}
            {...(limits.data ? { max: limits.data.maxViews } : {})}
            allowDecimal={false}
            allowNegative={false}
            error={fieldError('maxUses')}
          />
        </Group>
        {kind === 'share' && (
          <>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="share-download-label">
                {t('form.download')}
              </Text>
              <SegmentedControl
                aria-labelledby="share-download-label"
                value={download}
                onChange={(value) => {
                  setDownload(value);
                }}
                data={(['none', 'proxy', 'original'] as const).map((value) => ({
                  value,
                  label: t(`form.downloads.${value}`),
                }))}
              />
            </Stack>
            <Switch
              label={t('form.allowMetadata')}
              checked={allowMetadata}
              onChange={(e) => {
                setAllowMetadata(e.currentTarget.checked);
              }}
            />
            <Switch
              label={t('form.allowEditMetadata')}
              checked={allowEditMetadata}
              onChange={(e) => {
                setAllowEditMetadata(e.currentTarget.checked);
              }}
            />
          </>
        )}
        <TagsInput
          label={t('form.emails')}
          description={t('form.emailsHint')}
          value={emails}
          onChange={(values) => {
            const parsed = parseEmailList(values.join(' '));
            setEmails(parsed.emails);
            if (parsed.invalid.length > 0) setPending(parsed.invalid.join(' '));
            clear('emails');
          }}
          searchValue={pending}
          onSearchChange={(value) => {
            setPending(value);
            clear('emails');
          }}
          splitChars={[' ', ',', ';']}
          error={fieldError('emails')}
          clearable
        />
        <Textarea
          label={t('form.message')}
          value={message}
          onChange={(e) => {
            setMessage(e.currentTarget.value);
            clear('message');
          }}
          error={fieldError('message')}
          autosize
          minRows={2}
          maxLength={SHARE_LIMITS.messageMaxLength}
        />
        {emails.length > 0 && (
          <Select
            label={t('form.mailLanguage')}
            data={SUPPORTED_LANGUAGES.map((value) => ({ value, label: t(`common:languages.${value}`) }))}
            value={language}
            onChange={(value) => {
              if (value) setLanguage(toSupportedLanguage(value));
            }}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {share && <EmailHistory shareId={share.id} />}
        <ModalFooter
          submitLabel={share ? t('common:save') : t(`form.submit.${kind}`)}
          submitting={save.isPending}
          onCancel={onClose}
        />
      </Stack>
      <ConfirmDialog
        opened={rightsQuestion !== null}
        title={t('form.rightsTitle')}
        message={`${rightsQuestion ?? ''}. ${t('form.rightsQuestion')}`}
        confirmLabel={t('form.rightsConfirm')}
        destructive={false}
        loading={save.isPending}
        onConfirm={() => {
          save.mutate({ confirmRights: true });
        }}
        onClose={() => {
          setRightsQuestion(null);
        }}
      />
    </form>
  );
}

/** Who the share was mailed to, and when (spec §3 e-mail history). */
function EmailHistory({ shareId }: { shareId: string }) {
  const { t } = useTranslation('shares');
  const detail = useQuery({
    queryKey: [...queryKeys.shares, 'detail', shareId],
    queryFn: ({ signal }) => sharesApi.get(shareId, signal),
  });
  const emails = detail.data?.emails ?? [];
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {t('form.history')}
      </Text>
      {emails.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('form.noHistory')}
        </Text>
      ) : (
        emails.map((e) => (
          <Text key={`${e.address}-${e.sentAt}`} size="sm">
            <Anchor href={`mailto:${e.address}`} size="sm">
              {e.address}
            </Anchor>{' '}
            · {dayjs(e.sentAt).format('LLL')}
          </Text>
        ))
      )}
    </Stack>
  );
}
