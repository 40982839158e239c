import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../components/notify.ts';

/**
 * The text to copy from a transcript: what the user selected inside `root`, else all of it.
 * Word buttons are inline, so the selection reads as the sentence does.
 */
function selectedText(root: HTMLElement): string {
  const selection = window.getSelection();
  const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
  const inside = range !== null && !selection?.isCollapsed && root.contains(range.commonAncestorContainer);
  const text = inside ? (selection?.toString() ?? '') : root.innerText;
  return text.replace(/[ \t]+/g, ' ').trim();
}

/** Copies the selected transcript (or all of it) to the clipboard; spec §8's message when it cannot. */
export function useCopyTranscript(root: RefObject<HTMLElement | null>): () => void {
  const { t } = useTranslation('analysis');
  const { t: tm } = useTranslation('messages');
  return () => {
    const failed = () => {
      notifyError(tm('copyTranscriptFailed'));
    };
    if (!root.current || !('clipboard' in navigator)) {
      failed();
      return;
    }
    navigator.clipboard.writeText(selectedText(root.current)).then(() => {
      notifySuccess(t('transcript.copied'));
    }, failed);
  };
}
