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
import { use, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { capitaliseFirst } from '../i18n/capitalise.ts';
import { dayjsLocale } from '../i18n/dayjsLocale.ts';
import { toSupportedLanguage } from '../i18n/languages.ts';
import { LazyPart } from './LazyPart.tsx';

// Date inputs show dates in the UI language's own format ('L', 'LL').
dayjs.extend(localizedFormat);

/** A calendar label in dayjs's format, with the capital a label starts with ("November 2026"). */
function labelFormat(format: string, locale: string) {
  return (date: string) => capitaliseFirst(dayjs(date).locale(locale).format(format), locale);
}

/**
 * Mantine's date picker input in the UI language: dayjs's locale for it (loaded on first use; i18n
 * starts fetching it when the language is chosen), the week starting on Monday outside English, and
 * the calendar controls' labels (not the month and year headings': a control is named by the text
 * it shows, WCAG 2.5.3), and month names that start a label capitalised (dayjs writes
 * them in lower case in Norwegian and French).
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
  const generatedId = useId();
  const id = props.id ?? generatedId;
  return (
    <DatesProvider settings={{ locale, firstDayOfWeek: locale === 'en' ? 0 : 1 }}>
      <DatePickerInput<Type>
        monthLabelFormat={labelFormat('MMMM YYYY', locale)}
        monthsListFormat={labelFormat('MMM', locale)}
        clearButtonProps={{ 'aria-label': t('clear') }}
        ariaLabels={{
          nextMonth: t('calendar.nextMonth'),
          previousMonth: t('calendar.previousMonth'),
          nextYear: t('calendar.nextYear'),
          previousYear: t('calendar.previousYear'),
          nextDecade: t('calendar.nextDecade'),
          previousDecade: t('calendar.previousDecade'),
        }}
        // Days of the next and previous months are drawn faint (below WCAG's contrast): left out.
        hideOutsideDates
        {...props}
        // The calendar (a dialog) is named by the input: the same id for both.
        id={id}
        popoverProps={{ ...props.popoverProps, id }}
      />
    </DatesProvider>
  );
}
