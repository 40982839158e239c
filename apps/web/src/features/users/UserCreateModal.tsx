import { Checkbox, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usersApi, type CreateUserInput } from '../../api/admin.ts';
import { isApiError } from '../../api/errors.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ModalFooter } from '../../components/ModalFooter.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { PasswordField } from '../../components/PasswordField.tsx';
import { PASSWORD_MIN_LENGTH, characterCount } from '../../components/passwordRules.ts';
import type { DialogProps } from '../../components/useDialogState.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { GroupPicker } from './GroupPicker.tsx';

interface UserCreateModalProps extends DialogProps {
  /** Opened from "Invite user": the invitation e-mail is preselected and no password is asked. */
  invite: boolean;
}

export function UserCreateModal({
  opened,
  opening,
  invite,
  onClose,
  onExitTransitionEnd,
}: UserCreateModalProps) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onExitTransitionEnd}
      title={invite ? t('users.form.inviteTitle') : t('users.form.createTitle')}
      size="lg"
      centered
    >
      {/* Mounted while the modal is shown, fading out included; keyed so each opening starts empty. */}
      <UserCreateForm key={opening} invite={invite} onClose={onClose} />
    </Modal>
  );
}

interface Errors {
  email?: string | undefined;
  name?: string | undefined;
  password?: string | undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function UserCreateForm({ invite: inviteInitially, onClose }: { invite: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { describe, fieldMessage } = useErrorMessage();
  const client = useQueryClient();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [invite, setInvite] = useState(inviteInitially);
  const [errors, setErrors] = useState<Errors>({});

  const create = useMutation({
    mutationFn: (input: CreateUserInput) => usersApi.create(input),
    onSuccess: (user, input) => {
      void client.invalidateQueries({ queryKey: queryKeys.users });
      void client.invalidateQueries({ queryKey: queryKeys.groups });
      notifySuccess(
        input.invite ? t('users.invited', { email: user.email }) : t('users.created', { name: user.name }),
      );
      onClose();
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'conflict') setErrors({ email: t('users.form.emailTaken') });
      else if (isApiError(error) && error.code === 'bad_request') {
        setErrors({
          email: fieldMessage(error, 'email'),
          name: fieldMessage(error, 'name'),
          password:
            fieldMessage(error, 'password') &&
            t('users.form.passwordTooShort', { count: PASSWORD_MIN_LENGTH }),
        });
      }
    },
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Errors = {
      email: EMAIL.test(email.trim()) ? undefined : t('users.form.emailInvalid'),
      name: name.trim() ? undefined : t('users.form.nameRequired'),
      password:
        password !== '' && characterCount(password) < PASSWORD_MIN_LENGTH
          ? t('users.form.passwordTooShort', { count: PASSWORD_MIN_LENGTH })
          : !invite && password === ''
            ? t('users.form.passwordOrInvite')
            : undefined,
    };
    setErrors(next);
    if (next.email ?? next.name ?? next.password) return;
    create.mutate({
      email: email.trim(),
      name: name.trim(),
      ...(password ? { password } : {}),
      groupIds,
      invite,
    });
  };

  const shownFieldError = errors.email ?? errors.name ?? errors.password;

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {create.isError && !shownFieldError && <ErrorAlert>{describe(create.error)}</ErrorAlert>}
        <TextInput
          label={t('users.form.email')}
          type="email"
          value={email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
          }}
          error={errors.email}
          data-autofocus
          required
        />
        <TextInput
          label={t('users.form.name')}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
          }}
          error={errors.name}
          required
        />
        <GroupPicker
          value={groupIds}
          onChange={setGroupIds}
          description={t('users.form.groupsDescription')}
        />
        <Checkbox
          label={t('users.form.sendInvite')}
          description={t('users.form.sendInviteDescription')}
          checked={invite}
          onChange={(e) => {
            setInvite(e.currentTarget.checked);
          }}
        />
        {!inviteInitially && (
          <PasswordField
            label={t('users.form.password')}
            description={t('users.form.passwordDescription', { count: PASSWORD_MIN_LENGTH })}
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
            }}
            error={errors.password}
            autoComplete="new-password"
          />
        )}
        <ModalFooter
          submitLabel={invite ? t('users.form.inviteSubmit') : t('users.form.createSubmit')}
          submitting={create.isPending}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
