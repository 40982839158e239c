import {
  MESSAGES,
  SHARE_RECIPIENT,
  canReadField,
  canSeeForm,
  canWriteField,
  checkUpdatable,
  fieldReaderOf,
  hasPermission,
  shareViewForms,
  validateFormValues,
  type FieldReader,
  type ItemMetadata,
  type MetadataForm,
  type OptionLists,
  type SharedForm,
} from '@skald/domain';
import type { ItemHistoryEntry, ItemRow } from '../../db/rows.ts';
import type { Identity } from '../../identity/identity.ts';
import { ruleErrors } from '../../lib/rule-errors.ts';
import { nowIso } from '../../lib/time.ts';
import { userText } from '../../lib/user-text.ts';
import { AppError, badField, forbidden, notFound } from '../../plugins/errors.ts';
import type { ItemForms } from './item-forms.ts';
import type { ItemMetadataRepository } from './item-metadata.repository.ts';
import type { ItemsRepository } from './items.repository.ts';
import type { ItemsService } from './items.service.ts';

/** form id → field id → value; a null value clears the field. */
export type MetadataPatch = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

export interface ItemMetadataDto {
  itemId: string;
  /** form id → field id → value: what the caller may read, values of fields since removed included. */
  values: Record<string, Record<string, unknown>>;
  /** form id → the fields the caller may change now. */
  writable: Record<string, string[]>;
}

interface Deps {
  items: ItemsService;
  itemRows: ItemsRepository;
  metadata: ItemMetadataRepository;
  forms: ItemForms;
}

// The Common form's title and description are the item's own columns, checked as PATCH /items checks them.
const COMMON = 'common';
const COMMON_COLUMNS = {
  title: userText({ max: 500 }),
  description: userText({ max: 10_000, min: 0, multiline: true }),
} as const;
const isCommonColumn = (fieldId: string): fieldId is keyof typeof COMMON_COLUMNS =>
  Object.hasOwn(COMMON_COLUMNS, fieldId);

function withColumns(stored: ItemMetadata, item: ItemRow): ItemMetadata {
  return { ...stored, [COMMON]: { ...stored[COMMON], title: item.title, description: item.description } };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Spec §2 Metadata tab, §5 filling a form: an item's form values, read and changed field by field. */
export class ItemMetadataService {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  async get(caller: Identity, id: string): Promise<ItemMetadataDto> {
    const { item, guarded } = await this.#d.items.visible(caller, id, { deleted: true });
    const [{ forms }, stored] = await Promise.all([
      this.#d.forms.schemaOf(caller.tenant.id),
      this.#d.metadata.of(caller.tenant.id, id),
    ]);
    const reader = fieldReaderOf(caller.principal);
    const byId = new Map(forms.map((f) => [f.id, f]));
    const values: ItemMetadataDto['values'] = {};
    for (const [formId, formValues] of Object.entries(withColumns(stored, item))) {
      const form = byId.get(formId);
      if (form && !canSeeForm(caller.principal, form)) continue;
      // A field since removed from its form (or of a form since deleted) stays readable until the
      // item is edited; a field the caller may not read is left out.
      values[formId] = Object.fromEntries(
        Object.entries(formValues).filter(([fieldId]) => {
          const field = form?.fields.find((f) => f.fieldId === fieldId);
          return !field || canReadField(field, reader);
        }),
      );
    }
    const mayUpdate = item.deleted_at === null && this.#mayUpdate(caller, guarded);
    const writable = Object.fromEntries(
      forms
        .filter((f) => f.active && canSeeForm(caller.principal, f))
        .map((f) => [
          f.id,
          mayUpdate ? f.fields.filter((x) => canWriteField(x, reader)).map((x) => x.fieldId) : [],
        ]),
    );
    return { itemId: id, values, writable };
  }

  /**
   * Sets the fields given (null clears one), all or none: the values of each form sent are checked as
   * a whole (spec §5 messages, at `forms.<form>.<field>`), a form's values of fields it no longer has
   * are dropped, and each changed field is written to the item's history.
   */
  async update(caller: Identity, id: string, patch: MetadataPatch): Promise<ItemMetadataDto> {
    const { guarded } = await this.#d.items.visible(caller, id);
    if (!this.#mayUpdate(caller, guarded)) throw forbidden(MESSAGES.noUpdateThisItemPermission);
    const tenantId = caller.tenant.id;
    const { forms, lists } = await this.#d.forms.schemaOf(tenantId);
    const reader = fieldReaderOf(caller.principal);
    const touched = Object.entries(patch).map(([formId, values]) => {
      const form = forms.find((f) => f.id === formId);
      if (!form || !form.active || !canSeeForm(caller.principal, form))
        throw badField(`forms.${formId}`, 'Unknown form');
      checkWritable(form, values, reader);
      return { form, values };
    });
    await this.#write(tenantId, id, touched, reader, lists, { actorId: caller.user.id });
    return this.get(caller, id);
  }

  /**
   * What a share's recipient sees of a shared item's values: the forms' share view (spec §3), each
   * field writable when the share allows editing metadata. The share checked the item is in it.
   */
  async shareView(
    tenantId: string,
    itemId: string,
    editable: boolean,
  ): Promise<{ forms: SharedForm[]; values: Record<string, Record<string, unknown>> }> {
    const [{ forms, lists }, stored, item] = await Promise.all([
      this.#d.forms.schemaOf(tenantId),
      this.#d.metadata.of(tenantId, itemId),
      this.#d.itemRows.byId(tenantId, itemId),
    ]);
    if (!item) throw notFound('Item not found');
    const shared = shareViewForms(forms, lists, editable);
    const all = withColumns(stored, item);
    const values = Object.fromEntries(
      shared.map((f) => [
        f.id,
        Object.fromEntries(
          f.fields.flatMap((x) =>
            x.fieldId in (all[f.id] ?? {}) ? [[x.fieldId, all[f.id]?.[x.fieldId]]] : [],
          ),
        ),
      ]),
    );
    return { forms: shared, values };
  }

  /**
   * A share's recipient edits the writable fields of the share view (403 for any other field, 400
   * with spec §5's messages); the history records the change as made through the share.
   */
  async updateAsShare(
    tenantId: string,
    itemId: string,
    patch: MetadataPatch,
    share: { id: string; title: string },
  ): Promise<void> {
    const { forms, lists } = await this.#d.forms.schemaOf(tenantId);
    const shared = new Map(shareViewForms(forms, lists, true).map((f) => [f.id, f]));
    const touched = Object.entries(patch).map(([formId, values]) => {
      const form = forms.find((f) => f.id === formId);
      const view = shared.get(formId);
      if (!form || !view) throw badField(`forms.${formId}`, 'Unknown form');
      for (const fieldId of Object.keys(values)) {
        const field = view.fields.find((f) => f.fieldId === fieldId);
        if (!field) throw badField(`forms.${formId}.${fieldId}`, 'Unknown field');
        if (!field.writable) throw notWritable(`forms.${formId}.${fieldId}`);
      }
      return { form, values };
    });
    await this.#write(tenantId, itemId, touched, SHARE_RECIPIENT, lists, { actorId: null, share });
  }

  async #write(
    tenantId: string,
    id: string,
    touched: { form: MetadataForm; values: Readonly<Record<string, unknown>> }[],
    reader: FieldReader,
    lists: OptionLists,
    actor: HistoryActor,
  ): Promise<void> {
    const at = nowIso();
    await this.#d.itemRows.transaction(async (trx) => {
      await this.#d.metadata.lock(trx, tenantId, id);
      const item = await this.#d.itemRows.byId(tenantId, id, trx);
      if (!item) throw badField('id', 'Item not found');
      const stored = await this.#d.metadata.of(tenantId, id, trx);
      const before = withColumns(stored, item);
      const after: Record<string, Record<string, unknown>> = { ...before };
      const errors: { field: string; message: string }[] = [];
      for (const { form, values } of touched) {
        const current = before[form.id] ?? {};
        const next = Object.fromEntries(
          form.fields.flatMap((f) => {
            const value = Object.hasOwn(values, f.fieldId) ? values[f.fieldId] : current[f.fieldId];
            return value === null || value === undefined ? [] : [[f.fieldId, value]];
          }),
        );
        for (const e of validateFormValues(form, next, reader, lists)) {
          errors.push({ field: `forms.${form.id}.${e.fieldId}`, message: e.message });
        }
        after[form.id] = next;
      }
      const { [COMMON]: commonValues = {}, ...others } = after;
      const columns: Record<string, string> = {};
      for (const key of Object.keys(COMMON_COLUMNS) as (keyof typeof COMMON_COLUMNS)[]) {
        const parsed = COMMON_COLUMNS[key].safeParse(commonValues[key] ?? '');
        if (parsed.success) columns[key] = parsed.data;
        else
          errors.push({
            field: `forms.${COMMON}.${key}`,
            message: parsed.error.issues[0]?.message ?? 'Invalid',
          });
      }
      if (errors.length > 0) throw ruleErrors(errors);
      const ownValues = Object.fromEntries(Object.entries(commonValues).filter(([k]) => !isCommonColumn(k)));
      await this.#d.metadata.put(trx, tenantId, id, { ...others, [COMMON]: ownValues }, at);
      await this.#d.itemRows.update(trx, tenantId, id, {
        title: columns.title ?? item.title,
        description: columns.description ?? item.description,
        updated_at: at,
      });
      await this.#d.itemRows.addHistory(trx, historyOf(tenantId, actor, id, at, touched, before, after));
    });
  }

  /** Spec §6 item.updateMetadata (implied by item.update) and the item's updatable-by list. */
  #mayUpdate(caller: Identity, guarded: Parameters<typeof checkUpdatable>[1]): boolean {
    return (
      hasPermission(caller.principal, 'item.updateMetadata') &&
      checkUpdatable(caller.principal, guarded) === 'allowed'
    );
  }
}

/** Every field sent exists on its form (400) and is one the caller may write (403). */
function checkWritable(
  form: MetadataForm,
  values: Readonly<Record<string, unknown>>,
  reader: FieldReader,
): void {
  for (const fieldId of Object.keys(values)) {
    const field = form.fields.find((f) => f.fieldId === fieldId);
    const at = `forms.${form.id}.${fieldId}`;
    if (!field) throw badField(at, 'Unknown field');
    if (!canWriteField(field, reader)) throw notWritable(at);
  }
}

function notWritable(at: string): AppError {
  const message = 'You may not change this field';
  return new AppError('forbidden', message, [{ field: at, message }]);
}

/** Who made a change: a user, or a share's recipient (no user; the share named in the history). */
interface HistoryActor {
  actorId: string | null;
  share?: { id: string; title: string };
}

function historyOf(
  tenantId: string,
  actor: HistoryActor,
  itemId: string,
  at: string,
  touched: { form: MetadataForm }[],
  before: ItemMetadata,
  after: ItemMetadata,
): ItemHistoryEntry[] {
  return touched.flatMap(({ form }) => {
    const was = before[form.id] ?? {};
    const now = after[form.id] ?? {};
    const fieldIds = [...new Set([...Object.keys(was), ...Object.keys(now)])];
    return fieldIds
      .filter((fieldId) => !same(was[fieldId], now[fieldId]))
      .map((fieldId) => ({
        tenantId,
        itemId,
        actorId: actor.actorId,
        action: 'metadataChanged',
        details: {
          form: form.id,
          field: fieldId,
          before: was[fieldId] ?? null,
          after: now[fieldId] ?? null,
          ...(actor.share ? { share: actor.share } : {}),
        },
        at,
      }));
  });
}
