import { Button, Group, Stack, Textarea } from '@mantine/core';
import { COMMENT_LIMITS } from '@skald/domain';
import { useTranslation } from 'react-i18next';

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
      <Textarea
        label={props.label}
        autosize
        minRows={1}
        maxLength={COMMENT_LIMITS.textMax}
        value={props.value}
        onChange={(event) => {
          props.onChange(event.currentTarget.value);
        }}
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
