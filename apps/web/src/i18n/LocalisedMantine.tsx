import {
  MantineThemeProvider,
  Modal,
  MultiSelect,
  Notification,
  Pagination,
  PasswordInput,
  Select,
  createTheme,
} from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toSupportedLanguage } from './languages.ts';

/**
 * Mantine's own labels (close buttons, password visibility, pagination and calendar controls) in the
 * UI language, and the date pickers in its locale.
 */
export function LocalisedMantine({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation('common');
  const locale = toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language);

  const theme = useMemo(() => {
    const close = { 'aria-label': t('close') };
    const clear = { 'aria-label': t('clear') };
    return createTheme({
      components: {
        Modal: Modal.extend({ defaultProps: { closeButtonProps: close } }),
        Notification: Notification.extend({ defaultProps: { closeButtonProps: close } }),
        PasswordInput: PasswordInput.extend({
          defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('togglePassword') } },
        }),
        MultiSelect: MultiSelect.extend({ defaultProps: { clearButtonProps: clear } }),
        Select: Select.extend({ defaultProps: { clearButtonProps: clear } }),
        Pagination: Pagination.extend({
          defaultProps: {
            getControlProps: (control: 'first' | 'previous' | 'last' | 'next') => ({
              'aria-label': t(`paginationControls.${control}`),
            }),
          },
        }),
        DatePickerInput: DatePickerInput.extend({
          defaultProps: {
            clearButtonProps: clear,
            ariaLabels: {
              monthLevelControl: t('calendar.monthLevel'),
              yearLevelControl: t('calendar.yearLevel'),
              nextMonth: t('calendar.nextMonth'),
              previousMonth: t('calendar.previousMonth'),
              nextYear: t('calendar.nextYear'),
              previousYear: t('calendar.previousYear'),
              nextDecade: t('calendar.nextDecade'),
              previousDecade: t('calendar.previousDecade'),
            },
          },
        }),
      },
    });
  }, [t]);

  return (
    <MantineThemeProvider theme={theme}>
      <DatesProvider settings={{ locale, firstDayOfWeek: locale === 'en' ? 0 : 1 }}>{children}</DatesProvider>
    </MantineThemeProvider>
  );
}
