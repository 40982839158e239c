import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import {
  OFFSET_KINDS,
  WARNING_LEVELS,
  newUsageContext,
  type OffsetKind,
  type UsageContext,
  type UsageRuleGroup,
  type ValidityEnd,
} from '@skald/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LocalisedDatePickerInput } from '../../components/LocalisedDatePickerInput.tsx';

interface UsageRulesEditorProps {
  groups: readonly UsageRuleGroup[];
  onChange: (groups: UsageRuleGroup[]) => void;
  /** The (translated) error at a path such as 'usageRules.0.contexts.1.validity.to', or null. */
  errorAt: (path: string) => string | null;
}

/** A validity end of the kind chosen, keeping what it can of the one before (spec §3, §4 offset kinds). */
function endOfKind(kind: OffsetKind, before: ValidityEnd): ValidityEnd {
  if (kind === 'ingest_time')
    return { offsetFrom: kind, untilNumberOfDays: before.offsetFrom === kind ? before.untilNumberOfDays : 0 };
  if (kind === 'absolute')
    return { offsetFrom: kind, absoluteDate: before.offsetFrom === kind ? before.absoluteDate : '' };
  return { offsetFrom: 'forever' };
}

function EndInput(props: {
  side: 'from' | 'to';
  end: ValidityEnd;
  error: string | null;
  onChange: (end: ValidityEnd) => void;
}) {
  const { side, end, error, onChange } = props;
  const { t } = useTranslation('forms');
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <Select
        label={t(`usageEditor.${side}`)}
        data={OFFSET_KINDS.map((k) => ({ value: k, label: t(`usageEditor.kinds.${k}`) }))}
        value={end.offsetFrom}
        allowDeselect={false}
        onChange={(kind) => {
          const found = OFFSET_KINDS.find((k) => k === kind);
          if (found) onChange(endOfKind(found, end));
        }}
        error={end.offsetFrom === 'forever' ? error : null}
        w={170}
      />
      {end.offsetFrom === 'ingest_time' && (
        <NumberInput
          label={t('usageEditor.days')}
          min={0}
          allowDecimal={false}
          // An emptied input is held as -1 (the domain's rule refuses it) and shown empty.
          value={end.untilNumberOfDays >= 0 ? end.untilNumberOfDays : ''}
          onChange={(v) => {
            onChange({ offsetFrom: 'ingest_time', untilNumberOfDays: typeof v === 'number' ? v : -1 });
          }}
          error={error}
          w={120}
        />
      )}
      {end.offsetFrom === 'absolute' && (
        <LocalisedDatePickerInput
          label={t('usageEditor.date')}
          valueFormat="L"
          value={end.absoluteDate || null}
          onChange={(v) => {
            onChange({ offsetFrom: 'absolute', absoluteDate: v ?? '' });
          }}
          error={error}
          w={160}
        />
      )}
    </Group>
  );
}

/**
 * The usage rule groups of a form (spec §3): an identifier (key and label) and contexts, each with a
 * name, a validity from and to (ingest time plus days, a date, or forever) and a warning level. A
 * new context starts as spec §4 and §9 say: upon expiry, forever to forever.
 */
export function UsageRulesEditor({ groups, onChange, errorAt }: UsageRulesEditorProps) {
  const { t } = useTranslation('forms');
  const setGroup = (g: number, group: UsageRuleGroup) => {
    onChange(groups.map((x, i) => (i === g ? group : x)));
  };
  const setContext = (g: number, c: number, context: UsageContext, group: UsageRuleGroup) => {
    setGroup(g, { ...group, contexts: group.contexts.map((x, i) => (i === c ? context : x)) });
  };
  return (
    <Stack data-testid="usage-rules-editor">
      <Title order={3} size="h6">
        {t('usageEditor.title')}
      </Title>
      {groups.map((group, g) => {
        const at = `usageRules.${String(g)}`;
        const name = group.identifier.label || String(g + 1);
        return (
          <Paper key={g} withBorder p="sm">
            <Stack gap="xs">
              <Group align="flex-start">
                <TextInput
                  label={t('usageEditor.key')}
                  value={group.identifier.key}
                  onChange={(e) => {
                    setGroup(g, {
                      ...group,
                      identifier: { ...group.identifier, key: e.currentTarget.value },
                    });
                  }}
                  error={errorAt(`${at}.identifier`)}
                  required
                />
                <TextInput
                  label={t('usageEditor.label')}
                  value={group.identifier.label}
                  onChange={(e) => {
                    setGroup(g, {
                      ...group,
                      identifier: { ...group.identifier, label: e.currentTarget.value },
                    });
                  }}
                  required
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={28}
                  aria-label={t('usageEditor.removeGroup', { name })}
                  onClick={() => {
                    onChange(groups.filter((_, i) => i !== g));
                  }}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              {group.contexts.map((context, c) => {
                const here = `${at}.contexts.${String(c)}`;
                const set = (change: Partial<UsageContext>) => {
                  setContext(g, c, { ...context, ...change }, group);
                };
                return (
                  <Group key={c} align="flex-start" gap="sm" data-testid="usage-context">
                    <TextInput
                      label={t('usageEditor.contextName')}
                      value={context.name}
                      onChange={(e) => {
                        set({ name: e.currentTarget.value });
                      }}
                      error={errorAt(`${here}.name`)}
                      required
                      w={160}
                    />
                    {(['from', 'to'] as const).map((side) => (
                      <EndInput
                        key={side}
                        side={side}
                        end={context.validity[side]}
                        error={errorAt(`${here}.validity.${side}`) ?? errorAt(`${here}.validity`)}
                        onChange={(end) => {
                          set({ validity: { ...context.validity, [side]: end } });
                        }}
                      />
                    ))}
                    <Select
                      label={t('usageEditor.warningLevel')}
                      data={WARNING_LEVELS.map((l) => ({ value: l, label: t(`usageEditor.levels.${l}`) }))}
                      value={context.warningLevel}
                      allowDeselect={false}
                      onChange={(level) => {
                        const found = WARNING_LEVELS.find((l) => l === level);
                        if (found) set({ warningLevel: found });
                      }}
                      error={errorAt(`${here}.warningLevel`)}
                      w={170}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={28}
                      aria-label={t('usageEditor.removeContext', { name: context.name || String(c + 1) })}
                      onClick={() => {
                        setGroup(g, { ...group, contexts: group.contexts.filter((_, i) => i !== c) });
                      }}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                );
              })}
              <Group>
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => {
                    setGroup(g, { ...group, contexts: [...group.contexts, newUsageContext('')] });
                  }}
                >
                  {t('usageEditor.addContext', { name })}
                </Button>
              </Group>
            </Stack>
          </Paper>
        );
      })}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          onClick={() => {
            onChange([...groups, { identifier: { key: '', label: '' }, contexts: [newUsageContext('')] }]);
          }}
        >
          {t('usageEditor.addGroup')}
        </Button>
      </Group>
    </Stack>
  );
}
