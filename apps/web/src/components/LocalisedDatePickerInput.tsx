import '@mantine/dates/styles.css';
import { Loader } from '@mantine/core';
import {
  DatePickerInput,
  DatesProvider,
  type DatePickerInputProps,
  type DatePickerType,
} from '@mantine/dates';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { dayjsLocale } from '../i18n/dayjsLocale.ts';
import { toSupportedLanguage } from '../i18n/languages.ts';
import { LazyPart } from './LazyPart.tsx';

// Date inputs show dates in the UI language's own format ('L', 'LL').
dayjs.extend(localizedFormat);

/**
 * Mantine's date picker input in the UI language: dayjs's locale for it (loaded on first use; i18n
 * starts fetching it when the language is chosen), the week starting on Monday outside English, and
 * the calendar controls' labels.
 */
export function LocalisedDatePickerInput<Type extends DatePickerType = 'default'>(
  props: DatePickerInputProps<Type>,
) {
  const { t } = useTranslation('common');
  return (
    <LazyPart loading={<Loader size="xs" role="status" aria-label={t('loading')} />}>
      <LocalisedInput {...props} />
    </LazyPart>
  );
}

function LocalisedInput<Type extends DatePickerType>(props: DatePickerInputProps<Type>) {
  const { t, i18n } = useTranslation('common');
  const locale = toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language);
  use(dayjsLocale(locale));
  return (
    <DatesProvider settings={{ locale, firstDayOfWeek: locale === 'en' ? 0 : 1 }}>
      <DatePickerInput<Type>
        clearButtonProps={{ 'aria-label': t('clear') }}
        ariaLabels={{
          monthLevelControl: t('calendar.monthLevel'),
          yearLevelControl: t('calendar.yearLevel'),
          nextMonth: t('calendar.nextMonth'),
          previousMonth: t('calendar.previousMonth'),
          nextYear: t('calendar.nextYear'),
          previousYear: t('calendar.previousYear'),
          nextDecade: t('calendar.nextDecade'),
          previousDecade: t('calendar.previousDecade'),
        }}
        {...props}
      />
    </DatesProvider>
  );
}
