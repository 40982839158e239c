import { Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, isSupportedLanguage } from '../i18n/languages.ts';
import { useChangeLanguage } from '../i18n/useChangeLanguage.ts';

/** The language choice on the Settings tab. */
export function LanguageRadios() {
  const { t } = useTranslation('common');
  const { current, change } = useChangeLanguage();
  return (
    <Radio.Group
      label={t('language')}
      labelProps={{ fz: 'lg', fw: 650, mb: 2 }}
      description={t('languageDescription')}
      value={current}
      onChange={(value) => {
        if (isSupportedLanguage(value)) void change(value);
      }}
    >
      <Stack gap="xs" mt="xs">
        {SUPPORTED_LANGUAGES.map((language) => (
          <Radio key={language} value={language} label={t(`languages.${language}`)} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
