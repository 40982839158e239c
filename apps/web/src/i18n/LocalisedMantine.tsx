import {
  MantineThemeProvider,
  createTheme,
  type ModalProps,
  type MultiSelectProps,
  type NotificationProps,
  type PaginationProps,
  type PasswordInputProps,
  type SelectProps,
} from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's own labels (close buttons, password visibility, pagination controls) in the UI
 * language. Plain default props, not `Component.extend`: extending would import every one of these
 * components (and their popovers) into the first load. The date pickers are localised where they
 * are used (components/LocalisedDatePickerInput.tsx).
 */
export function LocalisedMantine({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');

  const theme = useMemo(() => {
    const close = { 'aria-label': t('close') };
    const clear = { 'aria-label': t('clear') };
    return createTheme({
      components: {
        Modal: { defaultProps: { closeButtonProps: close } satisfies Partial<ModalProps> },
        Notification: { defaultProps: { closeButtonProps: close } satisfies Partial<NotificationProps> },
        PasswordInput: {
          defaultProps: {
            visibilityToggleButtonProps: { 'aria-label': t('togglePassword') },
          } satisfies Partial<PasswordInputProps>,
        },
        MultiSelect: { defaultProps: { clearButtonProps: clear } satisfies Partial<MultiSelectProps> },
        Select: { defaultProps: { clearButtonProps: clear } satisfies Partial<SelectProps> },
        Pagination: {
          defaultProps: {
            getControlProps: (control) => ({ 'aria-label': t(`paginationControls.${control}`) }),
          } satisfies Partial<PaginationProps>,
        },
      },
    });
  }, [t]);

  return <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>;
}
