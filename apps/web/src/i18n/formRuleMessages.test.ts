import {
  BUILT_IN_FORMS,
  MESSAGES,
  formDeleteRefusal,
  newField,
  newForm,
  validateForm,
  validateFormValues,
  validateUsageRuleGroups,
  type FormField,
  type MetadataForm,
  type UsageContextDraft,
} from '@skald/domain';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from './languages.ts';
import { translateServerText } from './messageKey.ts';
import { messagesBundle, messagesT } from './messageBundles.testing.ts';

// Issue 12 "Done when": every message of spec §5 for forms and usage rules, as the domain gives it
// (the API answers it in English), is said in each of the four languages the way the screens say a
// server's message: by its exact English text (translateServerText) over the real locale files.

const noLists = new Map();
const reader = { groupIds: [], admin: false };
const builtIn = (kind: string): MetadataForm => {
  const form = BUILT_IN_FORMS.find((f) => f.builtIn === kind);
  if (!form) throw new Error(kind);
  return form;
};
const withField = (
  field: Partial<FormField>,
  form: MetadataForm = newForm('news', 'News'),
): MetadataForm => ({
  ...form,
  fields: [...form.fields, { ...newField('f', 'F', 'Text'), ...field }],
});
const formErrors = (form: MetadataForm, others: MetadataForm[] = [], saved: MetadataForm | null = null) =>
  validateForm(form, { others, saved, lists: noLists }).map((e) => e.message);
const contextErrors = (context: UsageContextDraft) =>
  validateUsageRuleGroups([{ identifier: { key: 'web', label: 'Web' }, contexts: [context] }]).map(
    (e) => e.message,
  );
const forever = { offsetFrom: 'forever' };
const common = builtIn('common');
const choice = withField({ type: 'Choice', alternatives: [{ value: 'ntb', label: 'NTB' }] });

type FormMessage = keyof typeof MESSAGES;

/** Each §5 forms-and-usage-rules message with what makes the domain give it. */
const GIVEN_BY_THE_DOMAIN: [FormMessage, () => readonly (string | null)[]][] = [
  ['formLabelCharacters', () => formErrors(newForm('news', 'News.'))],
  ['formExists', () => formErrors(newForm('sport', 'NEWS'), [newForm('news', 'News')])],
  ['buttonFieldRequiredOrReadOnly', () => formErrors(withField({ type: 'Button', readOnly: true }))],
  [
    'checkboxRequired',
    () => formErrors(withField({ type: 'Checkbox', required: true, defaultValue: false })),
  ],
  ['fileFieldRequiredOrReadOnly', () => formErrors(withField({ type: 'File', required: true }))],
  ['readOnlyFieldRequired', () => formErrors(withField({ readOnly: true, required: true }))],
  [
    'titleMustBeRequired',
    () =>
      formErrors({
        ...common,
        fields: common.fields.map((f) => (f.fieldId === 'title' ? { ...f, required: false } : f)),
      }),
  ],
  ['qcFormRequiredField', () => formErrors(withField({ required: true }, builtIn('qc')))],
  [
    'createdOnInitialization',
    () =>
      formErrors(
        withField({
          fieldId: 'createdOn',
          type: 'Date',
          initializationRules: [{ kind: 'dateOffset', offsetDays: 1 }],
        }),
      ),
  ],
  ['invalidShortcut', () => formErrors({ ...newForm('news', 'News'), keyboardShortcut: 'ctrl+' })],
  ['shortcutConflict', () => formErrors({ ...newForm('news', 'News'), keyboardShortcut: 'Space' })],
  ['defaultTypeProtected', () => [...formErrors({ ...common, active: false }), formDeleteRefusal(common)]],
  ['builtInFormProtected', () => [formDeleteRefusal(builtIn('detectedText'))]],
  [
    'systemDefaultFieldProtected',
    () =>
      formErrors({ ...common, fields: common.fields.filter((f) => f.fieldId !== 'description') }, [], common),
  ],
  ['savedFieldTypeLocked', () => formErrors(withField({ type: 'Date' }), [], withField({ type: 'Text' }))],
  ['linesOutOfRange', () => formErrors(withField({ minLines: 0, maxLines: 101 }))],
  ['minLinesNotBelowMax', () => formErrors(withField({ minLines: 5, maxLines: 5 }))],
  [
    'invalidOptionValue',
    () => validateFormValues(choice, { f: 'reuters' }, reader, noLists).map((e) => e.message),
  ],
  [
    'valueRequired',
    () => validateFormValues(withField({ required: true }), { f: '' }, reader, noLists).map((e) => e.message),
  ],
  ['usageRuleNameRequired', () => contextErrors({ validity: { from: forever, to: forever } })],
  ['usageRuleValidityRequired', () => contextErrors({ name: 'Web', validity: { from: forever } })],
  [
    'usageRuleDaysInvalid',
    () =>
      contextErrors({
        name: 'Web',
        validity: { from: forever, to: { offsetFrom: 'ingest_time', untilNumberOfDays: -1 } },
      }),
  ],
  [
    'usageRuleDateRequired',
    () => contextErrors({ name: 'Web', validity: { from: { offsetFrom: 'absolute' }, to: forever } }),
  ],
  [
    'usageRuleWarningLevelInvalid',
    () => contextErrors({ name: 'Web', validity: { from: forever, to: forever }, warningLevel: 'sometimes' }),
  ],
  [
    'usageRuleIdentifierRequired',
    () =>
      validateUsageRuleGroups([{ identifier: { key: '', label: 'Web' }, contexts: [] }]).map(
        (e) => e.message,
      ),
  ],
];

/** The §5 statement no rule gives: the item page's technical metadata says it (MetadataTab). */
const SHOWN_AS_A_NOTE: FormMessage[] = ['technicalMetadataFields'];

const ALL: FormMessage[] = [...GIVEN_BY_THE_DOMAIN.map(([key]) => key), ...SHOWN_AS_A_NOTE];

describe('spec §5 messages of forms and usage rules', () => {
  it.each(GIVEN_BY_THE_DOMAIN)('%s is what the domain gives', (key, give) => {
    expect(give()).toContain(MESSAGES[key]);
  });

  const english = messagesBundle('en');
  it.each(SUPPORTED_LANGUAGES.flatMap((language) => ALL.map((key) => [language, key] as const)))(
    'in %s: %s',
    (language, key) => {
      const said = translateServerText(english, messagesT(language), { message: MESSAGES[key] });
      expect(said).toBe(messagesBundle(language)[key]);
      if (language === 'en') expect(said).toBe(MESSAGES[key]);
      else expect(said).not.toBe(MESSAGES[key]);
    },
  );
});
