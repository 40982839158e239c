import {
  MESSAGES,
  canSeeForm,
  fold,
  formDeleteRefusal,
  validateForm,
  validateUsageRuleGroups,
  withSubtypeViews,
  type MetadataForm,
  type OptionList,
  type OptionLists,
  type UsageRuleGroup,
  type ValidityEnd,
} from '@skald/domain';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { Identity } from '../../identity/identity.ts';
import { newId } from '../../lib/ids.ts';
import { ruleErrors } from '../../lib/rule-errors.ts';
import { nowIso } from '../../lib/time.ts';
import { badField, notFound } from '../../plugins/errors.ts';
import type { GroupDirectory } from '../groups/group-directory.ts';
import type { FormsRepository, StoredForm, StoredOptionList } from './forms.repository.ts';
import {
  treeWithinBounds,
  type formInput,
  type formPatch,
  type optionListInput,
  type usageRuleGroupSchema,
} from './forms.schemas.ts';

export type FormInput = z.output<typeof formInput>;
export type FormPatch = z.output<typeof formPatch>;
export type OptionListInput = z.output<typeof optionListInput>;

export interface FormDto extends MetadataForm {
  createdAt: string;
  updatedAt: string;
}

/** A tenant's forms are read whole on every check; this keeps "whole" small. */
export const FORMS_PER_TENANT = 500;
export const OPTION_LISTS_PER_TENANT = 500;

const formNotFound = () => notFound('Form not found');
const listNotFound = () => notFound('Option list not found');
const present = ({ form, createdAt, updatedAt }: StoredForm): FormDto => ({ ...form, createdAt, updatedAt });

/** The usage rules as the domain types them, once validateUsageRuleGroups passed them. */
function usageRulesOf(groups: readonly z.output<typeof usageRuleGroupSchema>[]): UsageRuleGroup[] {
  const end = (e: {
    offsetFrom: ValidityEnd['offsetFrom'];
    untilNumberOfDays?: number;
    absoluteDate?: string;
  }): ValidityEnd =>
    e.offsetFrom === 'ingest_time'
      ? { offsetFrom: 'ingest_time', untilNumberOfDays: e.untilNumberOfDays ?? 0 }
      : e.offsetFrom === 'absolute'
        ? { offsetFrom: 'absolute', absoluteDate: e.absoluteDate ?? '' }
        : { offsetFrom: 'forever' };
  return groups.map((g) => ({
    identifier: g.identifier,
    contexts: g.contexts.map((c) => ({
      ...c,
      validity: { from: end(c.validity.from), to: end(c.validity.to) },
    })),
  }));
}

interface Deps {
  forms: FormsRepository;
  groups: Pick<GroupDirectory, 'byIds'>;
}

/** Spec §3/§5 metadata forms and option lists: read by everyone they are visible to, edited by tenant administrators. */
export class FormsService {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  /** The forms the caller sees (administrators: all, hidden ones too), by label. */
  async list(caller: Identity): Promise<FormDto[]> {
    const all = await this.#d.forms.all(caller.tenant.id);
    return all.filter((s) => canSeeForm(caller.principal, s.form)).map(present);
  }

  async get(caller: Identity, id: string): Promise<FormDto> {
    const stored = await this.#d.forms.byId(caller.tenant.id, id);
    if (!stored || !canSeeForm(caller.principal, stored.form)) throw formNotFound();
    return present(stored);
  }

  /** Every form and option list of a tenant, as the item's metadata is checked against them. */
  async schemaOf(tenantId: string): Promise<{ forms: MetadataForm[]; lists: OptionLists }> {
    const [forms, lists] = await Promise.all([
      this.#d.forms.all(tenantId),
      this.#d.forms.optionLists(tenantId),
    ]);
    return { forms: forms.map((s) => s.form), lists: new Map(lists.map((l) => [l.id, l])) };
  }

  async create(caller: Identity, input: FormInput): Promise<FormDto> {
    const tenantId = caller.tenant.id;
    const all = await this.#d.forms.all(tenantId);
    if (all.length >= FORMS_PER_TENANT)
      throw badField('id', `A tenant has at most ${String(FORMS_PER_TENANT)} forms`);
    const form = await this.#checked(
      caller,
      { ...input, builtIn: null, usageRules: [] },
      input.usageRules,
      null,
      all.map((s) => s.form),
    );
    const at = nowIso();
    try {
      await this.#d.forms.insert(tenantId, form, at);
    } catch (err) {
      // Two administrators creating the same form at once: the database's unique key decides.
      if (isUniqueViolation(err)) throw badField('label', MESSAGES.formExists);
      throw err;
    }
    return present({ form, createdAt: at, updatedAt: at });
  }

  async update(caller: Identity, id: string, patch: FormPatch): Promise<FormDto> {
    const tenantId = caller.tenant.id;
    const all = await this.#d.forms.all(tenantId);
    const saved = all.find((s) => s.form.id === id);
    if (!saved) throw formNotFound();
    if (patch.id !== undefined && patch.id !== id) throw badField('id', "A form's id cannot be changed");
    const { usageRules, ...rest } = patch;
    const merged = { ...saved.form, ...rest, id, builtIn: saved.form.builtIn };
    const others = all.filter((s) => s.form.id !== id).map((s) => s.form);
    const form = await this.#checked(caller, merged, usageRules ?? null, saved.form, others);
    const at = nowIso();
    try {
      await this.#d.forms.replace(tenantId, form, saved.createdAt, at);
    } catch (err) {
      if (isUniqueViolation(err)) throw badField('label', MESSAGES.formExists);
      throw err;
    }
    return present({ form, createdAt: saved.createdAt, updatedAt: at });
  }

  async delete(caller: Identity, id: string): Promise<void> {
    const stored = await this.#d.forms.byId(caller.tenant.id, id);
    if (!stored) throw formNotFound();
    const refusal = formDeleteRefusal(stored.form);
    if (refusal !== null) throw ruleErrors([{ field: 'id', message: refusal }]);
    await this.#d.forms.delete(caller.tenant.id, id);
  }

  async optionLists(caller: Identity): Promise<StoredOptionList[]> {
    return this.#d.forms.optionLists(caller.tenant.id);
  }

  async optionList(caller: Identity, id: string): Promise<StoredOptionList> {
    const list = await this.#d.forms.optionList(caller.tenant.id, id);
    if (!list) throw listNotFound();
    return list;
  }

  async createOptionList(caller: Identity, input: OptionListInput): Promise<StoredOptionList> {
    const tenantId = caller.tenant.id;
    checkOptions(input);
    if ((await this.#d.forms.optionLists(tenantId)).length >= OPTION_LISTS_PER_TENANT) {
      throw badField('name', `A tenant has at most ${String(OPTION_LISTS_PER_TENANT)} option lists`);
    }
    const at = nowIso();
    const id = newId();
    await uniqueName(() =>
      this.#d.forms.insertOptionList({
        id,
        tenant_id: tenantId,
        name: input.name,
        name_folded: fold(input.name),
        kind: input.kind,
        options: JSON.stringify(input.options),
        created_at: at,
        updated_at: at,
      }),
    );
    return this.optionList(caller, id);
  }

  async updateOptionList(
    caller: Identity,
    id: string,
    patch: Partial<OptionListInput>,
  ): Promise<StoredOptionList> {
    const tenantId = caller.tenant.id;
    const saved = await this.optionList(caller, id);
    const next: OptionList = { ...saved, ...patch };
    if (next.kind !== saved.kind && (await this.#usersOf(tenantId, id)).length > 0) {
      throw badField('kind', 'The kind of an option list that forms use cannot be changed');
    }
    checkOptions(next);
    await uniqueName(() =>
      this.#d.forms.updateOptionList(tenantId, id, {
        name: next.name,
        name_folded: fold(next.name),
        kind: next.kind,
        options: JSON.stringify(next.options),
        updated_at: nowIso(),
      }),
    );
    return this.optionList(caller, id);
  }

  async deleteOptionList(caller: Identity, id: string): Promise<void> {
    await this.optionList(caller, id);
    const users = await this.#usersOf(caller.tenant.id, id);
    if (users.length > 0) throw badField('id', `The option list is used by the form ${users.join(', ')}`);
    await this.#d.forms.deleteOptionList(caller.tenant.id, id);
  }

  async #usersOf(tenantId: string, listId: string): Promise<string[]> {
    const forms = await this.#d.forms.all(tenantId);
    return forms.filter((s) => s.form.fields.some((f) => f.optionListId === listId)).map((s) => s.form.label);
  }

  /** The domain's rules (400 with every error at its field), and the groups it names known in the tenant. */
  async #checked(
    caller: Identity,
    form: MetadataForm,
    usageRules: readonly z.output<typeof usageRuleGroupSchema>[] | null,
    saved: MetadataForm | null,
    others: MetadataForm[],
  ): Promise<MetadataForm> {
    const tenantId = caller.tenant.id;
    if (form.fields.some((f) => !treeWithinBounds(f.treeAlternatives))) {
      throw badField('fields', 'A tree of alternatives is too large');
    }
    const ruleErrorsFound = usageRules === null ? [] : validateUsageRuleGroups(usageRules);
    const checked: MetadataForm =
      usageRules === null || ruleErrorsFound.length > 0
        ? form
        : { ...form, usageRules: usageRulesOf(usageRules) };
    const lists = await this.#d.forms.optionLists(tenantId);
    const errors = [
      ...validateForm(checked, {
        others,
        saved,
        lists: new Map(lists.map((l) => [l.id, l])),
      }),
      ...ruleErrorsFound,
    ];
    if (errors.length > 0) throw ruleErrors(errors);
    const groupIds = [
      ...form.visibleTo.groupIds,
      ...form.fields.flatMap((f) => [...(f.userCanRead ?? []), ...(f.userCanWrite ?? [])]),
    ];
    const unique = [...new Set(groupIds)];
    const known = new Set((await this.#d.groups.byIds(tenantId, unique)).map((g) => g.id));
    const unknown = unique.find((g) => !known.has(g));
    if (unknown !== undefined) throw badField('groups', `Unknown group ${unknown}`);
    return withSubtypeViews(checked);
  }
}

function checkOptions(list: Pick<OptionList, 'kind' | 'options'>): void {
  if (!treeWithinBounds(list.options)) throw badField('options', 'The option list is too large');
  if (list.kind === 'flat' && list.options.some((o) => o.children.length > 0)) {
    throw badField('options', 'A flat option list has no children');
  }
  const values = list.options.map((o) => o.value);
  if (new Set(values).size !== values.length) throw badField('options', 'Each value may be listed once');
}

async function uniqueName(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw badField('name', 'An option list with that name already exists');
    throw err;
  }
}
