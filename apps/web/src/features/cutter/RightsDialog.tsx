import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';

/**
 * Usage rules on render: a render of material outside its rights answers 409 on `confirmRights`
 * until confirmed. `ask` takes a render's error and keeps the server's question when it is that one.
 */
export function useRightsQuestion() {
  const { fieldMessage } = useErrorMessage();
  const [question, setQuestion] = useState<string | null>(null);
  return {
    question,
    ask: (error: unknown) => {
      setQuestion(
        isApiError(error) && error.code === 'conflict'
          ? (fieldMessage(error, 'confirmRights') ?? null)
          : null,
      );
    },
    clear: () => {
      setQuestion(null);
    },
  };
}

interface RightsDialogProps {
  question: string | null;
  loading: boolean;
  /** Sends the render again, confirmed. */
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks whether to render material outside its usage rights all the same. */
export function RightsDialog({ question, loading, onConfirm, onClose }: RightsDialogProps) {
  const { t } = useTranslation('cutter');
  return (
    <ConfirmDialog
      opened={question !== null}
      title={t('rights.title')}
      message={`${question ?? ''}. ${t('rights.question')}`}
      confirmLabel={t('rights.confirm')}
      destructive={false}
      loading={loading}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
