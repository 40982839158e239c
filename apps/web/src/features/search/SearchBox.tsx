import { CloseButton, Code, Group, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { parseSearchQuery } from '@skald/domain';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isEditable } from '../../components/editable.ts';
import { SyntaxHelp } from './SyntaxHelp.tsx';

/** Typing pauses this long before the search runs; Enter runs it at once. */
const TYPING_DELAY_MS = 400;

interface SearchBoxProps {
  /** The search the URL holds. */
  value: string;
  onSearch: (q: string, how: 'typing' | 'submit') => void;
  label: string;
  /** The server's refusal of the search (a 400 on searchString). */
  syntaxError: string | undefined;
  /** ↓ in the box: the focus goes to the results (issue 11: no Tab through the toolbar and filters). */
  onToResults: () => void;
}

/** The query box: searches as one types (after a pause) or on Enter; `/` anywhere on the screen focuses it. */
export function SearchBox({ value, onSearch, label, syntaxError, onToResults }: SearchBoxProps) {
  const { t } = useTranslation('search');
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(value);
  const [seenValue, setSeenValue] = useState(value);
  // What this box last sent: the URL coming back with it must not overwrite what was typed since.
  const [sentValue, setSentValue] = useState<string | null>(null);
  if (seenValue !== value) {
    setSeenValue(value);
    if (value === sentValue) setSentValue(null);
    else setText(value);
  }
  const search = (q: string, how: 'typing' | 'submit') => {
    if (q !== value) setSentValue(q);
    onSearch(q, how);
  };
  const searchSoon = useDebouncedCallback((q: string) => {
    search(q, 'typing');
  }, TYPING_DELAY_MS);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isEditable(event.target) || document.querySelector('[role="dialog"]')) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        searchSoon.cancel();
        search(text, 'submit');
      }}
    >
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          ref={input}
          style={{ flex: 1 }}
          aria-label={label}
          placeholder={t('box.placeholder')}
          leftSection={<IconSearch size={16} />}
          rightSection={
            text !== '' && (
              <CloseButton
                size="sm"
                aria-label={t('box.clear')}
                onClick={() => {
                  searchSoon.cancel();
                  setText('');
                  search('', 'submit');
                  input.current?.focus();
                }}
              />
            )
          }
          value={text}
          aria-describedby={hintId}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowDown' || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey)
              return;
            event.preventDefault();
            onToResults();
          }}
          onChange={(event) => {
            const q = event.currentTarget.value;
            setText(q);
            searchSoon(q);
          }}
          error={syntaxError !== undefined && <SyntaxError query={value} message={syntaxError} />}
          data-testid="search-box"
        />
        <SyntaxHelp />
      </Group>
      <VisuallyHidden id={hintId}>{t('box.toResults')}</VisuallyHidden>
    </form>
  );
}

/** The server's message, and where in the search it went wrong (the shared parser finds the place). */
function SyntaxError({ query, message }: { query: string; message: string }) {
  const { t } = useTranslation('search');
  const parsed = parseSearchQuery(query);
  const position = parsed.ok ? null : Math.min(parsed.error.position, query.length);
  return (
    <Stack gap={2} component="span" data-testid="search-syntax-error">
      <Text component="span" size="sm" c="red">
        {position === null ? t('box.syntaxError') : t('box.syntaxErrorAt', { position: position + 1 })}{' '}
        <Text component="span" size="sm" c="dimmed">
          {message}
        </Text>
      </Text>
      {position !== null && (
        <Code aria-hidden>
          {query.slice(0, position)}
          <mark>{query.slice(position, position + 1) || ' '}</mark>
          {query.slice(position + 1)}
        </Code>
      )}
    </Stack>
  );
}
