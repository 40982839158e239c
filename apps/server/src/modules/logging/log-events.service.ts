import {
  LOG_EVENT_LIMITS,
  MESSAGES,
  canSeeForm,
  canWriteField,
  canWriteLogEvents,
  checkUpdatable,
  fieldReaderOf,
  validateFormValues,
  type FieldValue,
  type MetadataForm,
  type OptionLists,
} from '@skald/domain';
import type { Transaction } from 'kysely';
import { visibleTo } from '../../access/visibility-filter.ts';
import type { Executor } from '../../db/executor.ts';
import type { Database } from '../../db/schema.ts';
import type { ItemHistoryEntry, ItemRow } from '../../db/rows.ts';
import type { Identity } from '../../identity/identity.ts';
import { newId } from '../../lib/ids.ts';
import type { Page, Paging } from '../../lib/paging.ts';
import { ruleErrors } from '../../lib/rule-errors.ts';
import { nowIso } from '../../lib/time.ts';
import { AppError, badField, forbidden, notFound } from '../../plugins/errors.ts';
import type { ItemForms } from '../items/item-forms.ts';
import type { ItemsService } from '../items/items.service.ts';
import type { LogEventRow, LogEventsRepository } from './log-events.repository.ts';

export interface LogEventDto {
  id: string;
  itemId: string;
  /** The form the event was made with (its type). */
  formId: string;
  startMs: number;
  endMs: number | null;
  text: string;
  values: Record<string, unknown>;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface LogEventHitDto {
  id: string;
  formId: string;
  text: string;
  startMs: number;
  item: { id: string; title: string; itemType: string };
}

export interface LogEventInput {
  formId: string;
  startMs: number;
  endMs?: number | null | undefined;
  text?: string | undefined;
  values?: Record<string, unknown> | undefined;
}

export type LogEventPatch = Partial<Omit<LogEventInput, 'formId'>>;

/**
 * What logging writes of items: an event and its history entry in one transaction. Declared here so
 * logging needs nothing of the items repository; the composition root passes it.
 */
export interface ItemHistoryWriter {
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  addHistory(on: Executor, entries: readonly ItemHistoryEntry[]): Promise<void>;
}

interface Deps {
  items: Pick<ItemsService, 'visible'>;
  itemRows: ItemHistoryWriter;
  events: LogEventsRepository;
  forms: ItemForms;
}

const eventNotFound = () => notFound('Log event not found');

function present(row: LogEventRow): LogEventDto {
  return {
    id: row.id,
    itemId: row.item_id,
    formId: row.form_id,
    startMs: row.start_ms,
    endMs: row.end_ms,
    text: row.text,
    values: JSON.parse(row.field_values) as Record<string, unknown>,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Spec §3 "log event and timed metadata" (issue 12 §5): events on an item's timeline, each made
 * with a metadata form whose values it holds. Read with ui.logging on an item the caller sees;
 * written with ui.logging, item.updateMetadata and the item's updatable-by list. Every change is
 * in the item's history.
 */
export class LogEventsService {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  async list(caller: Identity, itemId: string): Promise<LogEventDto[]> {
    const { item } = await this.#d.items.visible(caller, itemId, { deleted: true });
    const rows = await this.#d.events.ofItem(caller.tenant.id, item.id, LOG_EVENT_LIMITS.perItem);
    return rows.map(present);
  }

  async create(caller: Identity, itemId: string, input: LogEventInput): Promise<LogEventDto> {
    const item = await this.#writable(caller, itemId);
    const tenantId = caller.tenant.id;
    const { form, lists } = await this.#form(caller, input.formId);
    const values = checkedValues(caller, form, lists, input.values ?? {});
    const endMs = input.endMs ?? null;
    checkTimes(input.startMs, endMs);
    if ((await this.#d.events.countOfItem(tenantId, item.id)) >= LOG_EVENT_LIMITS.perItem) {
      throw badField('startMs', `An item has at most ${String(LOG_EVENT_LIMITS.perItem)} log events`);
    }
    const at = nowIso();
    const row: LogEventRow = {
      id: newId(),
      tenant_id: tenantId,
      item_id: item.id,
      form_id: form.id,
      start_ms: input.startMs,
      end_ms: endMs,
      text: input.text ?? '',
      field_values: JSON.stringify(values),
      created_by: caller.user.id,
      created_at: at,
      updated_at: at,
    };
    await this.#d.itemRows.transaction(async (trx) => {
      await this.#d.events.insert(trx, row);
      await this.#d.itemRows.addHistory(trx, [historyOf(caller, 'logEventAdded', row, at)]);
    });
    return present(row);
  }

  async update(caller: Identity, id: string, patch: LogEventPatch): Promise<LogEventDto> {
    const { row } = await this.#event(caller, id);
    await this.#writable(caller, row.item_id);
    const current = present(row);
    let values = current.values;
    if (patch.values !== undefined) {
      const { form, lists } = await this.#form(caller, row.form_id);
      values = checkedValues(caller, form, lists, { ...current.values, ...patch.values });
    }
    const startMs = patch.startMs ?? row.start_ms;
    const endMs = patch.endMs === undefined ? row.end_ms : patch.endMs;
    checkTimes(startMs, endMs);
    const at = nowIso();
    const next: LogEventRow = {
      ...row,
      start_ms: startMs,
      end_ms: endMs,
      text: patch.text ?? row.text,
      field_values: JSON.stringify(values),
      updated_at: at,
    };
    await this.#d.itemRows.transaction(async (trx) => {
      await this.#d.events.update(trx, caller.tenant.id, id, next);
      await this.#d.itemRows.addHistory(trx, [historyOf(caller, 'logEventChanged', next, at, row)]);
    });
    return present(next);
  }

  async delete(caller: Identity, id: string): Promise<void> {
    const { row } = await this.#event(caller, id);
    await this.#writable(caller, row.item_id);
    const at = nowIso();
    await this.#d.itemRows.transaction(async (trx) => {
      await this.#d.events.delete(trx, caller.tenant.id, id);
      await this.#d.itemRows.addHistory(trx, [historyOf(caller, 'logEventDeleted', row, at)]);
    });
  }

  /** Log events whose text holds `text`, on live items the caller sees: a hit opens its item at its time. */
  async search(caller: Identity, text: string, q: Paging): Promise<Page<LogEventHitDto>> {
    const page = await this.#d.events.search(caller.tenant.id, text, visibleTo(caller.principal, 'items'), q);
    return {
      ...page,
      items: page.items.map((row) => ({
        id: row.id,
        formId: row.form_id,
        text: row.text,
        startMs: row.start_ms,
        item: { id: row.item_id, title: row.item_title, itemType: row.item_type },
      })),
    };
  }

  /** An event on an item the caller sees (404 otherwise). */
  async #event(caller: Identity, id: string): Promise<{ row: LogEventRow; item: ItemRow }> {
    const row = await this.#d.events.byId(caller.tenant.id, id);
    if (!row) throw eventNotFound();
    try {
      const { item } = await this.#d.items.visible(caller, row.item_id, { deleted: true });
      return { row, item };
    } catch {
      throw eventNotFound();
    }
  }

  /** A live item the caller may log on: 404 if they cannot see it, 403 without the right to write. */
  async #writable(caller: Identity, itemId: string): Promise<ItemRow> {
    const { item, guarded } = await this.#d.items.visible(caller, itemId);
    if (!canWriteLogEvents(caller.principal) || checkUpdatable(caller.principal, guarded) !== 'allowed') {
      throw forbidden(MESSAGES.noUpdateThisItemPermission);
    }
    return item;
  }

  async #form(caller: Identity, formId: string): Promise<{ form: MetadataForm; lists: OptionLists }> {
    const { forms, lists } = await this.#d.forms.schemaOf(caller.tenant.id);
    const form = forms.find((f) => f.id === formId);
    if (!form || !form.active || !canSeeForm(caller.principal, form))
      throw badField('formId', 'Unknown form');
    return { form, lists };
  }
}

/**
 * The form's values as the Metadata tab checks them: every field known (400) and one the caller may
 * write (403), spec §5 messages at `values.<field>`; null clears a field.
 */
function checkedValues(
  caller: Identity,
  form: MetadataForm,
  lists: OptionLists,
  values: Record<string, unknown>,
): Record<string, FieldValue> {
  const reader = fieldReaderOf(caller.principal);
  for (const fieldId of Object.keys(values)) {
    const field = form.fields.find((f) => f.fieldId === fieldId);
    if (!field) throw badField(`values.${fieldId}`, 'Unknown field');
    if (!canWriteField(field, reader)) {
      const message = 'You may not change this field';
      throw new AppError('forbidden', message, [{ field: `values.${fieldId}`, message }]);
    }
  }
  const kept = Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== null && v !== undefined),
  ) as Record<string, FieldValue>;
  const errors = validateFormValues(form, kept, reader, lists);
  if (errors.length > 0) {
    throw ruleErrors(errors.map((e) => ({ field: `values.${e.fieldId}`, message: e.message })));
  }
  return kept;
}

function checkTimes(startMs: number, endMs: number | null): void {
  if (endMs !== null && endMs < startMs)
    throw ruleErrors([{ field: 'endMs', message: MESSAGES.logEventEndBeforeStart }]);
}

function historyOf(
  caller: Identity,
  action: 'logEventAdded' | 'logEventChanged' | 'logEventDeleted',
  row: LogEventRow,
  at: string,
  before?: LogEventRow,
): ItemHistoryEntry {
  const summary = (r: LogEventRow) => ({ startMs: r.start_ms, endMs: r.end_ms, text: r.text });
  return {
    tenantId: caller.tenant.id,
    itemId: row.item_id,
    actorId: caller.user.id,
    action,
    details: {
      event: row.id,
      form: row.form_id,
      ...(before ? { before: summary(before), after: summary(row) } : summary(row)),
    },
    at,
  };
}
