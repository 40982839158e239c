import {
  BUILT_IN_FORM_KINDS,
  FIELD_TYPES,
  FORM_IDENTIFIER,
  FORM_RULE_TEXTS,
  FORM_VIEWS,
  FORM_VISIBILITY_LEVELS,
  OFFSET_KINDS,
  OPTION_LIST_KINDS,
  WARNING_LEVELS,
  type TreeAlternative,
} from '@skald/domain';
import { z } from 'zod';
import { userText } from '../../lib/user-text.ts';

// Bounds that keep one form (and every check of it) small whatever a request sends.
export const FORM_BOUNDS = {
  fields: 200,
  alternatives: 1000,
  treeNodes: 5000,
  treeDepth: 8,
  groups: 200,
  usageRuleGroups: 50,
  contexts: 50,
  valueChars: 10_000,
} as const;

const identifier = z.string().regex(FORM_IDENTIFIER, FORM_RULE_TEXTS.identifier);
const label = userText({ max: 200 });
const shortcut = z.string().max(40).nullable();
const alternative = z.object({ value: z.string().min(1).max(200), label: userText({ max: 200 }) });

export const treeAlternativeSchema: z.ZodType<TreeAlternative> = z
  .object({
    value: z.string().min(1).max(200),
    label: userText({ max: 200 }),
    get children() {
      return z.array(treeAlternativeSchema).max(FORM_BOUNDS.alternatives).readonly();
    },
  })
  .meta({ id: 'TreeAlternative' });

/** Whether a tree stays within the node and depth bounds (a recursive schema cannot count). */
export function treeWithinBounds(tree: readonly TreeAlternative[]): boolean {
  let nodes = 0;
  const walk = (level: readonly TreeAlternative[], depth: number): boolean =>
    depth <= FORM_BOUNDS.treeDepth &&
    level.every((n) => ++nodes <= FORM_BOUNDS.treeNodes && walk(n.children, depth + 1));
  return walk(tree, 1);
}

/** A stored or default value: text, a choice or a tree path, a list of choices, a checkbox, a JSON object. */
export const fieldValueSchema = z
  .union([
    z.string().max(FORM_BOUNDS.valueChars),
    z.boolean(),
    z.array(z.string().max(200)).max(FORM_BOUNDS.alternatives).readonly(),
    z.record(z.string(), z.unknown()),
    z.null(),
  ])
  .meta({ id: 'FieldValue' });

const groups = z.array(z.string()).max(FORM_BOUNDS.groups).readonly().nullable();

export const fieldSchema = z
  .object({
    fieldId: identifier,
    label,
    type: z.enum(FIELD_TYPES),
    required: z.boolean().default(false),
    readOnly: z.boolean().default(false),
    userCanRead: groups.default(null),
    userCanWrite: groups.default(null),
    defaultValue: fieldValueSchema.default(null),
    optionListId: z.string().max(64).nullable().default(null),
    alternatives: z.array(alternative).max(FORM_BOUNDS.alternatives).readonly().default([]),
    treeAlternatives: z.array(treeAlternativeSchema).max(FORM_BOUNDS.alternatives).readonly().default([]),
    systemDefaultField: z.boolean().default(false),
    initializationRules: z
      .array(z.object({ kind: z.literal('dateOffset'), offsetDays: z.int().min(-36_500).max(36_500) }))
      .max(1)
      .readonly()
      .default([]),
    sortable: z.boolean().default(false),
    keyboardShortcut: shortcut.default(null),
    minLines: z.int().nullable().default(null),
    maxLines: z.int().nullable().default(null),
  })
  .meta({ id: 'FormField' });

const viewSetting = z.object({
  visible: z.boolean().default(true),
  label: label.nullable().default(null),
  defaultValue: fieldValueSchema.default(null),
});

const validityEnd = z.object({
  offsetFrom: z.enum(OFFSET_KINDS),
  untilNumberOfDays: z.number().optional(),
  absoluteDate: z.string().max(40).optional(),
});

export const usageRuleGroupSchema = z
  .object({
    identifier: z.object({ key: z.string().max(64), label: z.string().max(200) }),
    contexts: z
      .array(
        z.object({
          name: z.string().max(200),
          validity: z.object({ from: validityEnd, to: validityEnd }),
          warningLevel: z.enum(WARNING_LEVELS).default('upon_expiry'),
        }),
      )
      .max(FORM_BOUNDS.contexts)
      .readonly(),
  })
  .meta({ id: 'UsageRuleGroup' });

/** What an administrator sends: the whole form but its built-in kind, which only the product sets. */
export const formInput = z.object({
  id: identifier,
  label,
  active: z.boolean(),
  icon: z.string().max(64).nullable().default(null),
  color: z.string().max(32).nullable().default(null),
  keyboardShortcut: shortcut.default(null),
  visibleTo: z
    .object({
      level: z.enum(FORM_VISIBILITY_LEVELS),
      groupIds: z.array(z.string()).max(FORM_BOUNDS.groups).readonly(),
    })
    .default({ level: 'everyone', groupIds: [] }),
  isSubtype: z.boolean().default(false),
  duration: z.number().min(0).max(86_400).nullable().default(null),
  fields: z.array(fieldSchema).max(FORM_BOUNDS.fields).readonly().default([]),
  views: z.partialRecord(z.enum(FORM_VIEWS), z.record(z.string().max(64), viewSetting)).default({}),
  usageRules: z.array(usageRuleGroupSchema).max(FORM_BOUNDS.usageRuleGroups).readonly().default([]),
});

/**
 * A change: any of the form's settings, each replacing what was. Not `formInput.partial()`, whose
 * defaults would fill in every setting left out.
 */
export const formPatch = z.object(
  Object.fromEntries(
    Object.entries(formInput.shape).map(([key, schema]) => [
      key,
      (schema instanceof z.ZodDefault ? schema.unwrap() : schema).optional(),
    ]),
  ) as { [K in keyof typeof formInput.shape]: z.ZodOptional<Unwrapped<(typeof formInput.shape)[K]>> },
);

type Unwrapped<T> = T extends z.ZodDefault<infer Inner> ? Inner : T;

export const formSchema = formInput
  .extend({
    builtIn: z.enum(BUILT_IN_FORM_KINDS).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'MetadataForm' });

export const optionListInput = z.object({
  name: label,
  kind: z.enum(OPTION_LIST_KINDS),
  options: z.array(treeAlternativeSchema).max(FORM_BOUNDS.alternatives).readonly(),
});

export const optionListSchema = optionListInput
  .extend({ id: z.string(), createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: 'OptionList' });

export const formParams = z.object({ id: identifier });
