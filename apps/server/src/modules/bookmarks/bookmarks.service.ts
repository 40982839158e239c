import {
  MESSAGES,
  canEditBookmark,
  canManageSystemBookmarks,
  canSeeBookmark,
  validateBookmark,
  type Bookmark,
  type BookmarkDraft,
  type BookmarkView,
  type ValidBookmark,
} from '@skald/domain';
import { newId } from '../../lib/ids.ts';
import type { Page, Paging } from '../../lib/paging.ts';
import { nowIso } from '../../lib/time.ts';
import { AppError, badField, forbidden, notFound } from '../../plugins/errors.ts';
import type { FoldersService } from '../folders/folders.service.ts';
import type { GroupDirectory } from '../groups/group-directory.ts';
import type { Identity } from '../../identity/identity.ts';
import type { ItemsService } from '../items/items.service.ts';
import { seenBy } from './bookmark-audience.ts';
import { audienceOf, presentBookmark } from './bookmarks.presenter.ts';
import type { BookmarkRow, BookmarksRepository } from './bookmarks.repository.ts';

/** A create request: the draft, with scope, icon and visibility optional. */
export type BookmarkInput = Pick<BookmarkDraft, 'title' | 'kind' | 'target'> &
  Partial<Pick<BookmarkDraft, 'icon' | 'scope' | 'visibility'>>;
export type BookmarkPatch = Partial<BookmarkDraft>;

interface Deps {
  bookmarks: BookmarksRepository;
  groups: Pick<GroupDirectory, 'byIds'>;
  folders: FoldersService;
  items: ItemsService;
}

const bookmarkNotFound = () => notFound('Bookmark not found');
const noManage = () => forbidden(MESSAGES.noSystemBookmarksPermission);

/** Spec §3/§5/§6 bookmarks and filters (saved searches): private or system, seen by groups. */
export class BookmarksService {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  async list(caller: Identity, view: BookmarkView, q: Paging): Promise<Page<Bookmark>> {
    if (view === 'manage' && !canManageSystemBookmarks(caller.principal)) throw noManage();
    const tenantId = caller.tenant.id;
    const page = await this.#d.bookmarks.list(tenantId, seenBy(caller.principal, view), q);
    const groups = await this.#d.bookmarks.groupsOf(
      tenantId,
      page.items.map((b) => b.id),
    );
    return {
      ...page,
      items: page.items.map((row) => presentBookmark(caller.principal, row, groups.get(row.id))),
    };
  }

  async create(caller: Identity, input: BookmarkInput): Promise<Bookmark> {
    const bookmark = await this.#checked(caller, {
      title: input.title,
      kind: input.kind,
      target: input.target,
      icon: input.icon ?? null,
      scope: input.scope ?? 'private',
      visibility: input.visibility ?? null,
    });
    const tenantId = caller.tenant.id;
    const ownerId = bookmark.scope === 'private' ? caller.user.id : null;
    const id = newId();
    const at = nowIso();
    const position = await this.#d.bookmarks.nextPosition(tenantId, ownerId);
    await this.#d.bookmarks.transaction(async (trx) => {
      await this.#d.bookmarks.insert(trx, {
        id,
        tenant_id: tenantId,
        owner_id: ownerId,
        ...columnsOf(bookmark),
        position,
        created_at: at,
        updated_at: at,
      });
      await this.#d.bookmarks.replaceGroups(trx, tenantId, id, bookmark.visibility?.groupIds ?? []);
    });
    return this.#present(caller, id);
  }

  async update(caller: Identity, id: string, patch: BookmarkPatch): Promise<Bookmark> {
    const { row, groupIds } = await this.#editable(caller, id);
    const current = audienceOf(row, groupIds);
    const scope = patch.scope ?? row.scope;
    const draft: BookmarkDraft = {
      title: patch.title ?? row.title,
      kind: patch.kind ?? row.kind,
      target: patch.target ?? row.target,
      icon: patch.icon !== undefined ? patch.icon : row.icon,
      scope,
      // A bookmark that changes scope starts from that scope's default visibility.
      visibility:
        patch.visibility !== undefined ? patch.visibility : scope === row.scope ? current.visibility : null,
    };
    const retargeted = draft.kind !== row.kind || draft.target !== row.target;
    const bookmark = await this.#checked(caller, draft, { checkTarget: retargeted });
    const tenantId = caller.tenant.id;
    const ownerId = bookmark.scope === 'private' ? (row.owner_id ?? caller.user.id) : null;
    const position =
      ownerId === row.owner_id ? row.position : await this.#d.bookmarks.nextPosition(tenantId, ownerId);
    await this.#d.bookmarks.transaction(async (trx) => {
      await this.#d.bookmarks.update(trx, tenantId, id, {
        owner_id: ownerId,
        ...columnsOf(bookmark),
        position,
        updated_at: nowIso(),
      });
      await this.#d.bookmarks.replaceGroups(trx, tenantId, id, bookmark.visibility?.groupIds ?? []);
    });
    return this.#present(caller, id);
  }

  async delete(caller: Identity, id: string): Promise<void> {
    await this.#editable(caller, id);
    await this.#d.bookmarks.delete(caller.tenant.id, id);
  }

  /**
   * Puts bookmarks of one list (the caller's private ones, or the system ones) in the given order.
   * Private and system bookmarks are ordered apart: each list has its own keeper.
   */
  async reorder(caller: Identity, ids: string[]): Promise<void> {
    if (new Set(ids).size !== ids.length) throw badField('ids', 'Each bookmark may be listed once');
    const tenantId = caller.tenant.id;
    const rows = await this.#d.bookmarks.byIds(tenantId, ids);
    const groups = await this.#d.bookmarks.groupsOf(tenantId, ids);
    const seen = rows.filter((row) =>
      canSeeBookmark(caller.principal, audienceOf(row, groups.get(row.id)), 'manage'),
    );
    if (seen.length !== ids.length) throw bookmarkNotFound();
    if (new Set(seen.map((row) => row.scope)).size > 1) {
      throw badField('ids', 'Private and system bookmarks are ordered apart');
    }
    if (seen.some((row) => !canEditBookmark(caller.principal, audienceOf(row)))) throw noManage();
    await this.#d.bookmarks.setPositions(tenantId, ids, nowIso());
  }

  /** A bookmark the caller can see (404 otherwise, another tenant's included) and may change (403). */
  async #editable(caller: Identity, id: string): Promise<{ row: BookmarkRow; groupIds: string[] }> {
    const row = await this.#d.bookmarks.byId(caller.tenant.id, id);
    const groupIds = row ? ((await this.#d.bookmarks.groupsOf(caller.tenant.id, [id])).get(id) ?? []) : [];
    if (!row || !canSeeBookmark(caller.principal, audienceOf(row, groupIds), 'manage'))
      throw bookmarkNotFound();
    if (!canEditBookmark(caller.principal, audienceOf(row, groupIds))) throw noManage();
    return { row, groupIds };
  }

  /** The domain's rules (400 naming each field), the right to make it system (403), then what it points at. */
  async #checked(
    caller: Identity,
    draft: BookmarkDraft,
    options: { checkTarget: boolean } = { checkTarget: true },
  ): Promise<ValidBookmark> {
    const result = validateBookmark(draft);
    if (!result.ok) {
      const [first] = result.errors;
      throw new AppError('bad_request', first?.message ?? 'Bad bookmark', result.errors);
    }
    const { bookmark } = result;
    if (bookmark.scope === 'system' && !canManageSystemBookmarks(caller.principal)) throw noManage();
    const groupIds = bookmark.visibility?.groupIds ?? [];
    const known = new Set((await this.#d.groups.byIds(caller.tenant.id, groupIds)).map((g) => g.id));
    const unknown = groupIds.find((g) => !known.has(g));
    if (unknown !== undefined) throw badField('visibility.groupIds', `Unknown group ${unknown}`);
    if (options.checkTarget) await this.#assertTargetVisible(caller, bookmark);
    return bookmark;
  }

  /** A folder, item or person bookmark points at one the caller can see in their tenant: else 400 on target. */
  async #assertTargetVisible(caller: Identity, bookmark: ValidBookmark): Promise<void> {
    const missing = (what: string) => badField('target', `${what} not found`);
    const found = async <T>(lookup: Promise<T>): Promise<T | undefined> => {
      try {
        return await lookup;
      } catch (err) {
        if (err instanceof AppError && err.code === 'not_found') return undefined;
        throw err;
      }
    };
    switch (bookmark.kind) {
      case 'page':
      case 'search':
        return;
      case 'folder':
        if (!(await found(this.#d.folders.visibleRow(caller, bookmark.target)))) throw missing('Folder');
        return;
      case 'item':
        if (!(await found(this.#d.items.visible(caller, bookmark.target)))) throw missing('Item');
        return;
      case 'person': {
        const person = await found(this.#d.items.visible(caller, bookmark.target));
        if (person?.item.item_type !== 'person') throw missing('Person');
        return;
      }
    }
  }

  async #present(caller: Identity, id: string): Promise<Bookmark> {
    const row = await this.#d.bookmarks.byId(caller.tenant.id, id);
    if (!row) throw bookmarkNotFound();
    const groups = await this.#d.bookmarks.groupsOf(caller.tenant.id, [id]);
    return presentBookmark(caller.principal, row, groups.get(id));
  }
}

function columnsOf(b: ValidBookmark) {
  return {
    scope: b.scope,
    title: b.title,
    kind: b.kind,
    target: b.target,
    icon: b.icon,
    visibility_level: b.visibility?.level ?? null,
  };
}
