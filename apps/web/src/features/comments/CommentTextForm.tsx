import { Button, Group, Stack } from '@mantine/core';
import { COMMENT_LIMITS } from '@skald/domain';
import { useTranslation } from 'react-i18next';
import { MentionTextarea } from './MentionTextarea.tsx';

interface CommentTextFormProps {
  label: string;
  submitLabel: string;
  value: string;
  onChange: (text: string) => void;
  /** Called with text that is not blank. */
  onSubmit: () => void;
  onCancel: () => void;
  pending: boolean;
  /** Indented under the comment (a reply). */
  indent?: boolean;
}

/** The text of a reply or of an edited comment: a growing box, Cancel and the action. */
export function CommentTextForm(props: CommentTextFormProps) {
  const { t } = useTranslation('comments');
  const blank = props.value.trim() === '';
  return (
    <Stack
      gap="xs"
      {...(props.indent ? { pl: 'lg' } : {})}
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!blank) props.onSubmit();
      }}
    >
      <MentionTextarea
        label={props.label}
        autosize
        minRows={1}
        maxLength={COMMENT_LIMITS.textMax}
        value={props.value}
        onChange={props.onChange}
      />
      <Group gap="xs" justify="flex-end">
        <Button size="xs" variant="default" onClick={props.onCancel}>
          {t('cancel')}
        </Button>
        <Button size="xs" type="submit" loading={props.pending} disabled={blank}>
          {props.submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}
