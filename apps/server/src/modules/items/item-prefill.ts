import {
  canSeeForm,
  fieldReaderOf,
  givenValueErrors,
  layerFormValues,
  valueError,
  PREFILL_RULE_TEXTS,
  type ItemMetadata,
  type MetadataForm,
} from '@skald/domain';
import type { ItemHistoryEntry } from '../../db/rows.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Identity } from '../../identity/identity.ts';
import { ruleErrors } from '../../lib/rule-errors.ts';
import { userText } from '../../lib/user-text.ts';
import type { ItemForms } from './item-forms.ts';
import type { ItemMetadataRepository } from './item-metadata.repository.ts';

/** A folder's default form values (the folder view), for the items uploaded into it. */
export interface FolderDefaults {
  of(tenantId: string, folderId: string): Promise<ItemMetadata>;
}

/** What an item is made with: the Common form's description (an item column) and the other values. */
export interface InitialMetadata {
  description: string | null;
  values: ItemMetadata;
}

interface Deps {
  forms: ItemForms;
  folderDefaults: FolderDefaults;
  metadata: Pick<ItemMetadataRepository, 'put'>;
}

const COMMON = 'common';
// The title comes from each file's name; the description is the item's column, checked as PATCH /items checks it.
const DESCRIPTION = userText({ max: 10_000, min: 0, multiline: true });
const TITLE_FROM_FILE = "An item's title comes from its file's name";

/**
 * Spec §2: form values set before an item exists — a folder's defaults (folder view) and the upload
 * dialog's values (upload view), the latter winning — checked when they are set and written when
 * the file becomes an item (ItemIntake).
 */
export class ItemPrefill {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  /**
   * The values the caller may set on items before they exist: every form active and visible to
   * them, every field one they may write, every value fitting its field. A 400 naming each bad
   * field at `<at>.<form>.<field>`.
   */
  async check(caller: Identity, values: ItemMetadata, at: string): Promise<void> {
    const { forms, lists } = await this.#d.forms.schemaOf(caller.tenant.id);
    const reader = fieldReaderOf(caller.principal);
    const errors = Object.entries(values).flatMap(([formId, formValues]) => {
      const form = forms.find((f) => f.id === formId);
      if (!form || !form.active || !canSeeForm(caller.principal, form))
        return [{ field: `${at}.${formId}`, message: PREFILL_RULE_TEXTS.unknownForm }];
      return [...givenValueErrors(form, formValues, reader, lists), ...commonErrors(form, formValues)].map(
        (e) => ({ field: `${at}.${formId}.${e.fieldId}`, message: e.message }),
      );
    });
    if (errors.length > 0) throw ruleErrors(errors);
  }

  /**
   * What a new item in `folderId` starts with: the folder's defaults under the upload's values. Both
   * were checked when set; what no longer fits (a field since removed or changed) is left out.
   */
  async initial(tenantId: string, folderId: string, given: ItemMetadata): Promise<InitialMetadata> {
    const [{ forms, lists }, defaults] = await Promise.all([
      this.#d.forms.schemaOf(tenantId),
      this.#d.folderDefaults.of(tenantId, folderId),
    ]);
    const layered = layerFormValues(defaults, given);
    const values: Record<string, Record<string, unknown>> = {};
    let description: string | null = null;
    for (const [formId, formValues] of Object.entries(layered)) {
      const form = forms.find((f) => f.id === formId && f.active);
      for (const [fieldId, value] of Object.entries(formValues)) {
        const field = form?.fields.find((f) => f.fieldId === fieldId);
        if (!field || valueError(field, value, lists) !== null) continue;
        if (formId === COMMON && fieldId === 'description') {
          const parsed = DESCRIPTION.safeParse(value);
          if (parsed.success) description = parsed.data;
        } else if (!(formId === COMMON && fieldId === 'title')) {
          (values[formId] ??= {})[fieldId] = value;
        }
      }
    }
    return { description, values };
  }

  /** Writes a new item's values and says each in its history, as an edit on the Metadata tab would. */
  async store(
    trx: Transaction<Database>,
    entry: Omit<ItemHistoryEntry, 'action' | 'details'>,
    initial: InitialMetadata,
  ): Promise<ItemHistoryEntry[]> {
    const { values, description } = initial;
    if (Object.keys(values).length > 0) {
      await this.#d.metadata.put(trx, entry.tenantId, entry.itemId, values, entry.at);
    }
    const changes = Object.entries(values).flatMap(([form, fields]) =>
      Object.entries(fields).map(([field, after]) => ({ form, field, after })),
    );
    if (description !== null) changes.unshift({ form: COMMON, field: 'description', after: description });
    return changes.map((c) => ({
      ...entry,
      action: 'metadataChanged',
      details: { form: c.form, field: c.field, before: null, after: c.after },
    }));
  }
}

function commonErrors(form: MetadataForm, values: Readonly<Record<string, unknown>>) {
  if (form.id !== COMMON) return [];
  const errors: { fieldId: string; message: string }[] = [];
  if (Object.hasOwn(values, 'title')) errors.push({ fieldId: 'title', message: TITLE_FROM_FILE });
  const description = values.description;
  if (description !== undefined && description !== null) {
    const parsed = DESCRIPTION.safeParse(description);
    if (!parsed.success)
      errors.push({ fieldId: 'description', message: parsed.error.issues[0]?.message ?? 'Invalid' });
  }
  return errors;
}
