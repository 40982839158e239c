import {
  MESSAGES,
  formatMessage,
  canCreateShare,
  canManageShare,
  checkVisibility,
  isAdmin,
  shareLimitsOf,
  shareState,
  validateShare,
  type MessageKey,
  type ShareDraft,
  type ShareKind,
  type ShareLimits,
  type ShareQuality,
} from '@skald/domain';
import { guardedOf } from '../../access/guarded.ts';
import type { ItemRow } from '../../db/rows.ts';
import type { AccessRepository } from '../../access/access.repository.ts';
import type { Identity } from '../../identity/identity.ts';
import { newId } from '../../lib/ids.ts';
import type { Page, Paging } from '../../lib/paging.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { nowIso } from '../../lib/time.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { AppError, badField, forbidden, notFound } from '../../plugins/errors.ts';
import type { FoldersService } from '../folders/folders.service.ts';
import { mailLanguageOf, type MailLanguage } from '../mail/mail-language.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { UserDirectory } from '../users/user-directory.ts';
import { shareInviteMail } from './share-mail.ts';
import type { SharedMediaSource } from './shared-media.ts';
import type { ShareRights } from './share-rights.ts';
import type { ShareRow, SharesRepository } from './shares.repository.ts';

/** The tenant's share limits as set (null: §9's default); the tenants repository implements it. */
export interface ShareLimitSettings {
  shareLimits(tenantId: string): Promise<SetShareLimits>;
  setShareLimits(tenantId: string, limits: SetShareLimits): Promise<void>;
}

export interface SetShareLimits {
  maxValidDays: number | null;
  maxViews: number | null;
}

export interface ShareSettings {
  title: string;
  /** A new password (the option on), null (the option off); absent on an edit: unchanged. */
  password?: string | null | undefined;
  expiresAt: string;
  maxUses: number;
  download: ShareQuality | null;
  allowMetadata: boolean;
  /** Recipients may edit the fields of the forms' share view (which implies viewing them). */
  allowEditMetadata: boolean;
  emails: string[];
  message: string;
  /** The e-mails' language (absent: the sender's language setting, else English). */
  language?: MailLanguage | undefined;
}

export interface ShareCreate extends ShareSettings {
  kind: ShareKind;
  itemIds?: string[] | undefined;
  folderId?: string | undefined;
  /** The sharer confirmed sharing items whose usage rights are over (409 without it). */
  confirmRights?: boolean | undefined;
}

export type SharePatch = Partial<ShareSettings>;

export interface ShareDto {
  id: string;
  kind: ShareKind;
  title: string;
  link: string;
  passwordProtected: boolean;
  expiresAt: string;
  maxUses: number;
  used: number;
  state: ReturnType<typeof shareState>;
  download: ShareQuality | null;
  allowMetadata: boolean;
  allowEditMetadata: boolean;
  folderId: string | null;
  itemCount: number;
  owner: { id: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

export interface ShareDetailDto extends ShareDto {
  itemIds: string[];
  emails: { address: string; message: string; sentAt: string }[];
}

interface Deps {
  shares: SharesRepository;
  media: SharedMediaSource;
  access: Pick<AccessRepository, 'groupsOf'>;
  folders: Pick<FoldersService, 'visibleRow' | 'writableRow'>;
  users: Pick<UserDirectory, 'names'>;
  limits: ShareLimitSettings;
  mailer: Pick<Mailer, 'enqueue'>;
  secrets: SecretBox;
  rights: Pick<ShareRights, 'of'>;
  publicUrl: string;
}

const shareNotFound = () => notFound('Share not found');
export const SHARE_LINK_PATH = '/share/';

/** Spec §1/§3/§4/§5 shares and upload requests, as their owners (and administrators) manage them. */
export class SharesService {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  async limits(caller: Identity): Promise<ShareLimits> {
    return shareLimitsOf(await this.#d.limits.shareLimits(caller.tenant.id));
  }

  async setLimits(caller: Identity, limits: SetShareLimits): Promise<ShareLimits> {
    await this.#d.limits.setShareLimits(caller.tenant.id, limits);
    return this.limits(caller);
  }

  /** My shares: the caller's own; with scope all (administrators), every share of the tenant; or those holding an item. */
  async list(
    caller: Identity,
    scope: 'mine' | 'all',
    itemId: string | undefined,
    q: Paging,
  ): Promise<Page<ShareDto>> {
    if (scope === 'all' && !isAdmin(caller.principal)) throw forbidden('Only administrators see every share');
    const ownerId = scope === 'mine' ? caller.user.id : null;
    const page = await this.#d.shares.list(caller.tenant.id, { ownerId, itemId }, q);
    return { ...page, items: await this.#present(caller, page.items) };
  }

  async get(caller: Identity, id: string): Promise<ShareDetailDto> {
    return this.#detail(caller, await this.#managed(caller, id));
  }

  async create(caller: Identity, input: ShareCreate): Promise<ShareDetailDto> {
    this.#assertMayCreate(caller, input.kind);
    await this.#validate(caller, input, { hasStoredPassword: false });
    const { itemIds, folderId, items } = await this.#contents(caller, input);
    if (input.confirmRights !== true) await this.#assertRights(caller, items);
    const token = randomToken(32);
    const at = nowIso();
    const id = newId();
    await this.#d.shares.transaction(async (trx) => {
      await this.#d.shares.insert(
        trx,
        {
          id,
          tenant_id: caller.tenant.id,
          kind: input.kind,
          token_hash: sha256(token),
          token_sealed: this.#d.secrets.seal(token),
          owner_id: caller.user.id,
          title: input.title.trim(),
          password_hash: input.password ? await hashPassword(input.password) : null,
          expires_at: new Date(input.expiresAt).toISOString(),
          max_uses: input.maxUses,
          download: input.kind === 'share' ? input.download : null,
          allow_metadata: input.kind === 'share' && input.allowMetadata ? 1 : 0,
          allow_edit_metadata: input.kind === 'share' && input.allowEditMetadata ? 1 : 0,
          folder_id: folderId,
          revoked_at: null,
          password_window_start: null,
          created_at: at,
          updated_at: at,
        },
        itemIds,
      );
      await this.#d.shares.addEmails(trx, this.#emailRows(caller, id, input.emails, input.message, at));
    });
    const row = await this.#managed(caller, id);
    await this.#mail(caller, row, input);
    return this.#detail(caller, row);
  }

  /** Edit, extend within the limits, send to more addresses. */
  async update(caller: Identity, id: string, patch: SharePatch): Promise<ShareDetailDto> {
    const row = await this.#managed(caller, id);
    this.#assertMayCreate(caller, row.kind);
    if (row.revoked_at !== null) throw badField('id', 'A revoked share cannot be changed');
    const next: ShareSettings = {
      title: patch.title ?? row.title,
      password: patch.password,
      expiresAt: patch.expiresAt ?? row.expires_at,
      maxUses: patch.maxUses ?? row.max_uses,
      download: patch.download !== undefined ? patch.download : row.download,
      allowMetadata: patch.allowMetadata ?? row.allow_metadata === 1,
      allowEditMetadata: patch.allowEditMetadata ?? row.allow_edit_metadata === 1,
      emails: patch.emails ?? [],
      message: patch.message ?? '',
      language: patch.language,
    };
    await this.#validate(caller, next, { hasStoredPassword: row.password_hash !== null });
    const at = nowIso();
    await this.#d.shares.transaction(async (trx) => {
      await this.#d.shares.update(
        caller.tenant.id,
        id,
        {
          title: next.title.trim(),
          ...(next.password === undefined
            ? {}
            : { password_hash: next.password === null ? null : await hashPassword(next.password) }),
          expires_at: new Date(next.expiresAt).toISOString(),
          max_uses: next.maxUses,
          download: row.kind === 'share' ? next.download : null,
          allow_metadata: row.kind === 'share' && next.allowMetadata ? 1 : 0,
          allow_edit_metadata: row.kind === 'share' && next.allowEditMetadata ? 1 : 0,
          updated_at: at,
        },
        trx,
      );
      await this.#d.shares.addEmails(trx, this.#emailRows(caller, id, next.emails, next.message, at));
    });
    const updated = await this.#managed(caller, id);
    await this.#mail(caller, updated, next);
    return this.#detail(caller, updated);
  }

  /** Revoke: the link stops working at once and for good; the share stays listed as revoked. */
  async revoke(caller: Identity, id: string): Promise<void> {
    const row = await this.#managed(caller, id);
    if (row.revoked_at === null) {
      const at = nowIso();
      await this.#d.shares.update(caller.tenant.id, id, { revoked_at: at, updated_at: at });
    }
  }

  /** A share of the caller's tenant (404 for another tenant's) that they may manage: its owner or an administrator (403). */
  async #managed(caller: Identity, id: string): Promise<ShareRow> {
    const row = await this.#d.shares.byId(caller.tenant.id, id);
    if (!row) throw shareNotFound();
    if (!canManageShare(caller.principal, row.owner_id, caller.user.id)) {
      throw forbidden('Only its owner or an administrator manages a share');
    }
    return row;
  }

  #assertMayCreate(caller: Identity, kind: ShareKind): void {
    if (!canCreateShare(caller.principal, kind)) {
      throw forbidden(kind === 'share' ? 'No permission to share media' : 'No permission to request uploads');
    }
  }

  async #validate(caller: Identity, s: ShareSettings, o: { hasStoredPassword: boolean }): Promise<void> {
    const draft: ShareDraft = {
      title: s.title,
      passwordOn: s.password === undefined ? o.hasStoredPassword : s.password !== null,
      password: s.password ?? null,
      hasStoredPassword: o.hasStoredPassword,
      expiresAt: s.expiresAt,
      maxUses: s.maxUses,
      download: s.download,
      emails: s.emails,
      pendingInvite: '',
      message: s.message,
    };
    const errors = validateShare(draft, await this.limits(caller), new Date());
    const [first] = errors;
    if (first) {
      const details = errors.map((e) => ({
        field: e.field,
        message: e.message,
        ...(e.code in MESSAGES ? { messageId: e.code as MessageKey } : {}),
        ...(e.params ? { params: e.params } : {}),
      }));
      throw new AppError('bad_request', first.message, details);
    }
  }

  /** Sharing items outside their usage rights asks first: 409 naming how many, until confirmRights. */
  async #assertRights(caller: Identity, items: readonly ItemRow[]): Promise<void> {
    const rights = await this.#d.rights.of(caller.tenant.id, items, new Date());
    const count = [...rights.values()].filter((r) => r.outside).length;
    if (count === 0) return;
    const message = formatMessage(MESSAGES.shareRightsExpired, { count });
    throw new AppError('conflict', message, [
      { field: 'confirmRights', message, messageId: 'shareRightsExpired', params: { count } },
    ]);
  }

  /** What a share holds: the items given, or a folder's live items (as they are now); an upload request's folder. */
  async #contents(
    caller: Identity,
    input: ShareCreate,
  ): Promise<{ itemIds: string[]; folderId: string | null; items: ItemRow[] }> {
    if (input.kind === 'uploadRequest') {
      if (input.folderId === undefined) throw badField('folderId', 'An upload request needs a folder');
      return {
        itemIds: [],
        folderId: (await this.#d.folders.writableRow(caller, input.folderId, 'folderId')).id,
        items: [],
      };
    }
    const tenantId = caller.tenant.id;
    if (input.folderId !== undefined) {
      const folder = await this.#d.folders.visibleRow(caller, input.folderId);
      const rows = await this.#d.media.liveInFolders(tenantId, [folder.id]);
      const visible = await this.#visibleOnly(caller, rows);
      if (visible.length === 0) throw badField('folderId', 'The folder holds no item to share');
      const items = visible.slice(0, 500);
      return { itemIds: items.map((r) => r.id), folderId: folder.id, items };
    }
    const ids = [...new Set(input.itemIds ?? [])];
    if (ids.length === 0) throw badField('itemIds', 'Share one or more items, or a folder');
    const rows = (await this.#d.media.byIds(tenantId, ids)).filter((r) => r.deleted_at === null);
    const visible = await this.#visibleOnly(caller, rows);
    if (visible.length !== ids.length) throw notFound('Item not found');
    return { itemIds: ids, folderId: null, items: visible };
  }

  async #visibleOnly<T extends Parameters<typeof guardedOf>[0] & { id: string }>(
    caller: Identity,
    rows: T[],
  ): Promise<T[]> {
    const groups = await this.#d.access.groupsOf(
      caller.tenant.id,
      rows.map((r) => r.id),
    );
    return rows.filter(
      (r) => checkVisibility(caller.principal, guardedOf(r, groups.get(r.id))) === 'allowed',
    );
  }

  #emailRows(caller: Identity, shareId: string, emails: readonly string[], message: string, at: string) {
    return emails.map((address) => ({
      id: newId(),
      tenant_id: caller.tenant.id,
      share_id: shareId,
      address,
      message: message.trim(),
      sent_by: caller.user.id,
      sent_at: at,
    }));
  }

  async #mail(caller: Identity, row: ShareRow, s: ShareSettings): Promise<void> {
    const { emails, message } = s;
    const language = s.language ?? mailLanguageOf(caller.user.language);
    for (const to of emails) {
      await this.#d.mailer.enqueue(
        shareInviteMail({
          tenantId: caller.tenant.id,
          to,
          language,
          senderName: caller.user.name,
          title: row.title,
          kind: row.kind,
          link: this.#link(row),
          message,
          expiresAt: row.expires_at,
        }),
      );
    }
  }

  #link(row: ShareRow): string {
    return `${this.#d.publicUrl}${SHARE_LINK_PATH}${this.#d.secrets.open(row.token_sealed)}`;
  }

  async #present(caller: Identity, rows: ShareRow[]): Promise<ShareDto[]> {
    const tenantId = caller.tenant.id;
    const ownerIds = [...new Set(rows.flatMap((r) => (r.owner_id === null ? [] : [r.owner_id])))];
    const [names, counts] = await Promise.all([
      this.#d.users.names(tenantId, ownerIds),
      this.#d.shares.itemCounts(
        tenantId,
        rows.map((r) => r.id),
      ),
    ]);
    const now = new Date();
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      link: this.#link(r),
      passwordProtected: r.password_hash !== null,
      expiresAt: r.expires_at,
      maxUses: r.max_uses,
      used: r.used,
      state: shareState(
        { expiresAt: r.expires_at, maxUses: r.max_uses, used: r.used, revokedAt: r.revoked_at },
        now,
      ),
      download: r.download,
      allowMetadata: r.allow_metadata === 1,
      allowEditMetadata: r.allow_edit_metadata === 1,
      folderId: r.folder_id,
      itemCount: counts.get(r.id) ?? 0,
      owner: r.owner_id === null ? null : { id: r.owner_id, name: names.get(r.owner_id) ?? '' },
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }));
  }

  async #detail(caller: Identity, row: ShareRow): Promise<ShareDetailDto> {
    const [dto] = await this.#present(caller, [row]);
    if (!dto) throw shareNotFound();
    const [itemIds, emails] = await Promise.all([
      this.#d.shares.itemIds(caller.tenant.id, row.id),
      this.#d.shares.emails(caller.tenant.id, row.id),
    ]);
    return {
      ...dto,
      itemIds,
      emails: emails.map((e) => ({ address: e.address, message: e.message, sentAt: e.sent_at })),
    };
  }
}
