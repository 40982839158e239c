import { Combobox, Textarea, useCombobox, type TextareaProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usersApi } from '../../api/admin.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { insertMention, mentionAt } from './mentionQuery.ts';

type MentionTextareaProps = Omit<TextareaProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (text: string) => void;
};

const SUGGESTIONS = 8;

/**
 * A comment's text box that suggests the tenant's users while an @name is typed: a combobox (arrow
 * keys move, Enter or Tab choose, Escape closes) whose choice writes the user's full name, which the
 * server reads as a mention and notifies.
 */
export function MentionTextarea({ value, onChange, ...props }: MentionTextareaProps) {
  const { t } = useTranslation('comments');
  const [mention, setMention] = useState<{ start: number; query: string } | null>(null);
  const [search] = useDebouncedValue(mention?.query.trim() ?? '', 150);
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
    },
  });
  const users = useQuery({
    queryKey: [...queryKeys.userDirectory, 'mention', search],
    queryFn: ({ signal }) => usersApi.directory(signal, { search, itemsPerPage: SUGGESTIONS }),
    enabled: mention !== null,
    staleTime: 60_000,
  });
  const options = mention === null ? [] : (users.data?.items ?? []);

  const follow = (text: string, caret: number) => {
    const found = mentionAt(text, caret);
    setMention(found);
    if (found) combobox.openDropdown();
    else combobox.closeDropdown();
  };

  const choose = (name: string) => {
    if (!mention) return;
    const next = insertMention(value, mention, name);
    onChange(next.text);
    setMention(null);
    combobox.closeDropdown();
    // The combobox holds the textarea (its popover's reference): the caret goes after the name.
    const target = combobox.targetRef.current;
    requestAnimationFrame(() => {
      if (target instanceof HTMLTextAreaElement) {
        target.setSelectionRange(next.caret, next.caret);
        target.focus();
      }
    });
  };

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const user = options.find((u) => u.id === id);
        if (user) choose(user.name);
      }}
      withinPortal
      // The composer sits in a scrolling panel that floating-ui takes for clipping the textarea.
      hideDetached={false}
      position="bottom-start"
    >
      <Combobox.Target targetType="input" withExpandedAttribute>
        <Textarea
          {...props}
          value={value}
          onChange={(event) => {
            onChange(event.currentTarget.value);
            follow(event.currentTarget.value, event.currentTarget.selectionStart);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Tab' && combobox.dropdownOpened && combobox.getSelectedOptionIndex() >= 0) {
              event.preventDefault();
              combobox.clickSelectedOption();
            }
          }}
          onBlur={() => {
            combobox.closeDropdown();
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={mention === null}>
        <Combobox.Options aria-label={t('mention.label')}>
          {options.length === 0 ? (
            <Combobox.Empty>{users.isFetching ? t('mention.loading') : t('mention.none')}</Combobox.Empty>
          ) : (
            options.map((user) => (
              <Combobox.Option value={user.id} key={user.id}>
                {user.name}
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
