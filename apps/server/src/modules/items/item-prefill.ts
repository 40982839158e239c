import {
  canSeeForm,
  fieldReaderOf,
  givenValueErrors,
  guestUploadErrors,
  guestUploadView,
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
  metadata: Pick<ItemMetadataRepository, 'put' | 'of' | 'lock'>;
}

const COMMON = 'common';
// The title comes from each file's name; the description is the item's column, checked as PATCH /items checks it.
const DESCRIPTION = userText({ max: 10_000, min: 0, multiline: true });
const TITLE_FROM_FILE = "An item's title comes from its file's name";
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

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

  /** Spec §2 upload view as an upload request's guest fills it (no account: fields anyone may write). */
  async guestView(tenantId: string) {
    const { forms, lists } = await this.#d.forms.schemaOf(tenantId);
    return guestUploadView(forms, lists);
  }

  /**
   * The values an upload request's guest sends with a file: those of the guest's upload view only,
   * each fitting its field, every required one given. A 400 naming each bad field at `<at>.<form>.<field>`.
   */
  async checkAsGuest(tenantId: string, values: ItemMetadata, at: string): Promise<void> {
    const { forms, lists } = await this.#d.forms.schemaOf(tenantId);
    const errors = guestUploadErrors(guestUploadView(forms, lists).forms, values, lists);
    if (errors.length > 0)
      throw ruleErrors(
        errors.map((e) => ({
          field: [at, e.formId, e.fieldId].filter((part) => part !== '').join('.'),
          message: e.message,
        })),
      );
  }

  /**
   * What a new item in `folderId` starts with: the folder's defaults under the upload's values. Both
   * were checked when set; what no longer fits (a field since removed or changed) is left out.
   */
  async initial(tenantId: string, folderId: string, given: ItemMetadata): Promise<InitialMetadata> {
    const [schema, defaults] = await Promise.all([
      this.#d.forms.schemaOf(tenantId),
      this.#d.folderDefaults.of(tenantId, folderId),
    ]);
    return fitting(schema, layerFormValues(defaults, given));
  }

  /**
   * What a new version sets on its item: the upload's values alone (its new version view; a
   * folder's defaults are for new items). Checked when set; what no longer fits is left out.
   */
  async forVersion(tenantId: string, given: ItemMetadata): Promise<InitialMetadata> {
    return fitting(await this.#d.forms.schemaOf(tenantId), given);
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

  /**
   * Writes a new version's values over its item's (`forVersion`), in the version's transaction, and
   * says each change in its history as an edit on the Metadata tab would. The description is the
   * item's column: the caller writes `description` when it is not null.
   */
  async storeOver(
    trx: Transaction<Database>,
    entry: Omit<ItemHistoryEntry, 'action' | 'details'>,
    item: { description: string | null },
    given: InitialMetadata,
  ): Promise<ItemHistoryEntry[]> {
    const { tenantId, itemId, at } = entry;
    await this.#d.metadata.lock(trx, tenantId, itemId);
    const stored = await this.#d.metadata.of(tenantId, itemId, trx);
    const merged: Record<string, Record<string, unknown>> = { ...stored };
    const changes: { form: string; field: string; before: unknown; after: unknown }[] = [];
    if (given.description !== null && !same(item.description, given.description)) {
      changes.push({
        form: COMMON,
        field: 'description',
        before: item.description,
        after: given.description,
      });
    }
    for (const [formId, values] of Object.entries(given.values)) {
      const before = stored[formId] ?? {};
      merged[formId] = { ...before, ...values };
      for (const [field, after] of Object.entries(values)) {
        if (!same(before[field], after))
          changes.push({ form: formId, field, before: before[field] ?? null, after });
      }
    }
    if (changes.some((c) => !(c.form === COMMON && c.field === 'description'))) {
      await this.#d.metadata.put(trx, tenantId, itemId, merged, at);
    }
    return changes.map((c) => ({
      ...entry,
      action: 'metadataChanged',
      details: { form: c.form, field: c.field, before: c.before, after: c.after },
    }));
  }
}

type FormSchema = Awaited<ReturnType<ItemForms['schemaOf']>>;

/** The values that fit their forms now (active, the field there, the value valid), Common's description apart. */
function fitting({ forms, lists }: FormSchema, layered: ItemMetadata): InitialMetadata {
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
