import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from '../i18n/languages.ts';
import { useChangeLanguage } from '../i18n/useChangeLanguage.ts';

/** The header's language switcher (also on the public screens). */
export function LanguageMenu() {
  const { t } = useTranslation('common');
  const { current, change } = useChangeLanguage();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconLanguage size={18} />}
          rightSection={<IconChevronDown size={14} />}
          aria-label={t('languageSwitcher', { language: t(`languageNames.${current}`) })}
          data-testid="language-switcher"
        >
          {t(`languageNames.${current}`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language')}</Menu.Label>
        {SUPPORTED_LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            data-language={language}
            aria-current={language === current ? 'true' : undefined}
            rightSection={language === current ? <IconCheck size={14} /> : null}
            onClick={() => void change(language)}
          >
            {t(`languages.${language}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
