import {
  MESSAGES,
  canCreateShare,
  isShareQuality,
  shareState,
  sharedDownloadPlan,
  type MissingQualityChoice,
  type QualityAvailability,
  type ItemType,
  type Playback,
  type ShareQuality,
} from '@skald/domain';
import type { ItemRow, VersionRow } from '../../db/rows.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { MINUTE, nowIso } from '../../lib/time.ts';
import { sha256 } from '../../lib/tokens.ts';
import { AppError, forbidden, notFound, unauthorized } from '../../plugins/errors.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { UserDirectory } from '../users/user-directory.ts';
import type { UploadGrant } from '../uploads/upload-server.ts';
import type { Identity } from '../../identity/identity.ts';
import type { IdentityLoader } from '../../identity/identity.loader.ts';
import {
  isRenditionFile,
  originalKey,
  parseRenditions,
  renditionContentType,
  renditionKey,
  type Renditions,
} from '../items/renditions.ts';
import type { BlobAnswer } from '../items/item-media.service.ts';
import type { ItemMetadataService, MetadataPatch } from '../items/item-metadata.service.ts';
import type { ItemPrefill } from '../items/item-prefill.ts';
import { NO_SHARE_EVENTS, type SharedMediaSource, type ShareEvents } from './shared-media.ts';
import type { ShareRights } from './share-rights.ts';
import type { ShareRow, SharesRepository } from './shares.repository.ts';

/** Wrong passwords one share takes in a window before it refuses every try until the window ends. */
export const SHARE_PASSWORD_TRIES = 10;
export const SHARE_PASSWORD_WINDOW_MS = 15 * MINUTE;

/** What a visitor's browser gets: the page of a share, or of an upload request. */
export interface SharePageDto {
  kind: 'share' | 'uploadRequest';
  /** Only while locked: the page asks for the password and shows nothing else. */
  locked: boolean;
  title: string | null;
  senderName: string | null;
  expiresAt: string | null;
  download: ShareQuality | null;
  allowMetadata: boolean;
  allowEditMetadata: boolean;
  /** What the items' media URLs are relative to. */
  mediaBase: string | null;
  items: SharedItemDto[];
}

export interface SharedItemDto {
  id: string;
  title: string;
  itemType: ItemType;
  thumbnailUrl: string | null;
  technicalMetadata: {
    durationSeconds: number | null;
    frameRate: { numerator: number; denominator: number } | null;
  } | null;
  playback: Playback | null;
  /** Which qualities exist for this item, when the share allows downloads. */
  available: { proxy: boolean; original: boolean } | null;
  metadata: { filename: string; size: number; mimeType: string | null; createdAt: string } | null;
  /** The usage rules' warning (spec §4 warning levels), when they warn: outside the rights' window or not. */
  rightsWarning: { outside: boolean; expiredAt: string | null } | null;
}

interface Deps {
  identities: Pick<IdentityLoader, 'load'>;
  shares: SharesRepository;
  media: SharedMediaSource;
  users: Pick<UserDirectory, 'names'>;
  blobs: Pick<BlobStore, 'stat'>;
  rights: Pick<ShareRights, 'of'>;
  metadata: Pick<ItemMetadataService, 'shareView' | 'updateAsShare'>;
  prefill: Pick<ItemPrefill, 'guestView'>;
}

const LOCKED: Omit<SharePageDto, 'kind'> = {
  locked: true,
  title: null,
  senderName: null,
  expiresAt: null,
  download: null,
  allowMetadata: false,
  allowEditMetadata: false,
  mediaBase: null,
  items: [],
};

// One answer for a wrong, expired, revoked or used-up link: none of them tells the others apart.
const gone = () => notFound('This link does not work: it is wrong, has expired or has been revoked');

/** A visitor's access to a share: they opened it (a counted view) and, if it has one, gave the password. */
export interface Visit {
  share: ShareRow;
  visitorHash: string;
}

/**
 * The public side of shares and upload requests: what a link opens for a browser without an
 * account. A visitor is a browser, known by a random id in a cookie (see docs/SHARES.md).
 */
export class ShareLinksService {
  readonly #d: Deps;
  #events: ShareEvents = NO_SHARE_EVENTS;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  /** Who hears of opened shares and arrived files: the composition root hands the notifications service here. */
  setEvents(events: ShareEvents): void {
    this.#events = events;
  }

  /** Opens the page: counts the visitor's view once (refusing a new visitor when none is left). */
  async open(token: string, visitorId: string): Promise<SharePageDto> {
    const share = await this.#live(token);
    const visitorHash = sha256(visitorId);
    const visitor = await this.#d.shares.visitor(share.id, visitorHash);
    if (share.password_hash !== null && visitor?.unlocked !== 1) {
      if (visitor?.counted !== 1 && share.used >= share.max_uses) throw gone();
      return { ...LOCKED, kind: share.kind };
    }
    // An upload request counts files, not visitors: its page opens while files are left.
    if (share.kind === 'uploadRequest') {
      if (share.used >= share.max_uses) throw gone();
    } else if (visitor?.counted !== 1) {
      // A visitor counted before costs no write: only a new one takes a view.
      const counted = await this.#d.shares.countVisitor(share, visitorHash, nowIso());
      if (counted === 'none') throw gone();
      if (counted === 'counted') this.#events.opened(eventShare(share));
    }
    const names =
      share.owner_id === null
        ? new Map<string, string>()
        : await this.#d.users.names(share.tenant_id, [share.owner_id]);
    return {
      kind: share.kind,
      locked: false,
      title: share.title,
      senderName: share.owner_id === null ? null : (names.get(share.owner_id) ?? null),
      expiresAt: share.expires_at,
      download: share.download,
      allowMetadata: share.allow_metadata === 1,
      allowEditMetadata: share.allow_edit_metadata === 1,
      mediaBase: `/api/v1/public/shares/${token}/items/`,
      items: share.kind === 'share' ? await this.#items(share) : [],
    };
  }

  /** The password: rate-limited per share here (and per address by the route). */
  async unlock(token: string, visitorId: string, password: string): Promise<void> {
    const share = await this.#live(token);
    if (share.password_hash === null) return;
    const now = Date.now();
    const windowStartsAfter = new Date(now - SHARE_PASSWORD_WINDOW_MS).toISOString();
    const inWindow = share.password_window_start !== null && share.password_window_start >= windowStartsAfter;
    if (inWindow && share.password_failures >= SHARE_PASSWORD_TRIES) {
      throw new AppError('rate_limited', 'Too many wrong passwords for this link; try again later');
    }
    if (!(await verifyPassword(password, share.password_hash))) {
      await this.#d.shares.passwordFailed(share, windowStartsAfter, new Date(now).toISOString());
      throw forbidden('Wrong password');
    }
    await this.#d.shares.unlock(share.id, sha256(visitorId), nowIso());
  }

  /** The visitor's access to an opened share (404 for a dead link, 401 until it was opened with the password). */
  async visit(token: string, visitorId: string | undefined): Promise<Visit> {
    const share = await this.#live(token);
    const visitorHash = sha256(visitorId ?? '');
    const visitor = visitorId === undefined ? undefined : await this.#d.shares.visitor(share.id, visitorHash);
    if (visitor?.counted !== 1 && share.used >= share.max_uses) throw gone();
    if (share.password_hash !== null && visitor?.unlocked !== 1)
      throw unauthorized('This link needs its password');
    if (visitor?.counted !== 1) throw unauthorized('Open the link first');
    return { share, visitorHash };
  }

  /**
   * What a visitor of an upload request uploads as: its owner, into its folder, one file of the
   * request each (404 once the request is over or its owner may no longer request uploads).
   */
  async uploadGrant(
    token: string,
    visitorId: string | undefined,
  ): Promise<{ identity: Identity; grant: UploadGrant }> {
    const { share, folderId, visitorHash, identity } = await this.#uploadRequest(token, visitorId);
    const shares = this.#d.shares;
    return {
      identity,
      grant: {
        folderId,
        start: (uploadId) => shares.startUpload(share, uploadId, visitorHash, nowIso()),
        owns: async (uploadId) => (await shares.uploadOf(share.id, uploadId))?.visitor_hash === visitorHash,
        finished: (itemId) => {
          this.#events.fileArrived(eventShare(share), itemId);
        },
      },
    };
  }

  /** Spec §2 upload view as the request's guest fills it: the forms and fields, their option lists. */
  async uploadView(token: string, visitorId: string | undefined) {
    const { share } = await this.#uploadRequest(token, visitorId);
    // Files left, as the page opens (an upload under way may still finish when none is).
    if (share.used >= share.max_uses) throw gone();
    return this.#d.prefill.guestView(share.tenant_id);
  }

  /** An upload request a visitor may send files through: live, unlocked, its owner still allowed. */
  async #uploadRequest(token: string, visitorId: string | undefined) {
    const share = await this.#live(token);
    if (share.kind !== 'uploadRequest' || share.folder_id === null || share.owner_id === null) throw gone();
    const visitorHash = sha256(visitorId ?? '');
    const visitor = visitorId === undefined ? undefined : await this.#d.shares.visitor(share.id, visitorHash);
    if (share.password_hash !== null && visitor?.unlocked !== 1)
      throw unauthorized('This link needs its password');
    const identity = await this.#d.identities.load(share.tenant_id, share.owner_id);
    if (!identity || !canCreateShare(identity.principal, 'uploadRequest')) throw gone();
    return { share, folderId: share.folder_id, visitorHash, identity };
  }

  /** A rendition of a shared item's leading version, for the player: items of the share only. */
  async rendition(
    token: string,
    visitorId: string | undefined,
    itemId: string,
    file: string,
  ): Promise<BlobAnswer> {
    const { share } = await this.visit(token, visitorId);
    if (share.kind !== 'share') throw notFound('Item not found');
    const { item, version } = await this.#sharedItem(share, itemId);
    if (!version || !isRenditionFile(parseRenditions(version.renditions), file))
      throw notFound(MESSAGES.itemHasNoMedia);
    return {
      key: renditionKey(share.tenant_id, item.id, version.id, file),
      contentType: renditionContentType(file),
    };
  }

  /**
   * A download in the share's quality, or (§8 "try another quality") in the other one when the
   * item lacks the share's; 403 when the share allows no downloads.
   */
  async download(
    token: string,
    visitorId: string | undefined,
    itemId: string,
    quality: ShareQuality,
  ): Promise<BlobAnswer> {
    const { share } = await this.visit(token, visitorId);
    if (share.kind !== 'share') throw notFound('Item not found');
    if (!isShareQuality(share.download)) throw forbidden('This share allows no downloads');
    const { version } = await this.#sharedItem(share, itemId);
    if (!version) throw notFound(MESSAGES.itemHasNoMedia);
    const available = await this.#available(share.tenant_id, version);
    if (quality !== share.download && available[share.download]) {
      throw forbidden(`This share offers the ${share.download} only`);
    }
    if (!available[quality]) throw notFound(MESSAGES.itemHasNoMedia);
    return fileOf(share.tenant_id, version, quality);
  }

  /**
   * Download all: every shared item in the share's quality, planned by §8's choice for those that
   * lack it (skip, continue listing them as missing, or try the other quality). The files are
   * streamed one after the other into a zip by the route.
   */
  async downloadAll(
    token: string,
    visitorId: string | undefined,
    choice: MissingQualityChoice,
  ): Promise<{ title: string; files: BlobAnswer[]; missing: string[] }> {
    const { share } = await this.visit(token, visitorId);
    if (share.kind !== 'share') throw notFound('Item not found');
    if (!isShareQuality(share.download)) throw forbidden('This share allows no downloads');
    const ids = await this.#d.shares.itemIds(share.tenant_id, share.id);
    const items = (await this.#d.media.byIds(share.tenant_id, ids)).filter((r) => r.deleted_at === null);
    const versions = await this.#d.media.versionsByIds(
      share.tenant_id,
      items.flatMap((r) => (r.leading_version_id ? [r.leading_version_id] : [])),
    );
    // What the store holds, a few items at a time (a share has at most a few hundred).
    const candidates: { title: string; version: VersionRow; available: QualityAvailability }[] = [];
    for (let i = 0; i < versions.length; i += 16) {
      const batch = versions.slice(i, i + 16);
      const available = await Promise.all(batch.map((v) => this.#available(share.tenant_id, v)));
      batch.forEach((version, n) => {
        const title = items.find((r) => r.id === version.item_id)?.title ?? version.filename;
        candidates.push({ title, version, available: available[n] ?? { proxy: false, original: false } });
      });
    }
    const order = new Map(ids.map((id, n) => [id, n]));
    candidates.sort((a, b) => (order.get(a.version.item_id) ?? 0) - (order.get(b.version.item_id) ?? 0));
    const plan = sharedDownloadPlan(candidates, share.download, choice);
    return {
      title: share.title,
      files: plan.downloads.map((d) => fileOf(share.tenant_id, d.item.version, d.quality)),
      missing: plan.missing.map((m) => m.title),
    };
  }

  /** A shared item's values in the forms' share view, when the share allows viewing or editing metadata (403). */
  async metadata(token: string, visitorId: string | undefined, itemId: string) {
    const share = await this.#metadataShare(token, visitorId, itemId);
    return {
      itemId,
      ...(await this.#d.metadata.shareView(share.tenant_id, itemId, share.allow_edit_metadata === 1)),
    };
  }

  /** The recipient edits the share view's writable fields, when the share allows editing metadata (403). */
  async editMetadata(token: string, visitorId: string | undefined, itemId: string, patch: MetadataPatch) {
    const share = await this.#metadataShare(token, visitorId, itemId);
    if (share.allow_edit_metadata !== 1) throw forbidden('This share allows no editing of metadata');
    await this.#d.metadata.updateAsShare(share.tenant_id, itemId, patch, {
      id: share.id,
      title: share.title,
    });
    return this.metadata(token, visitorId, itemId);
  }

  async #metadataShare(token: string, visitorId: string | undefined, itemId: string): Promise<ShareRow> {
    const { share } = await this.visit(token, visitorId);
    if (share.kind !== 'share') throw notFound('Item not found');
    if (share.allow_metadata !== 1 && share.allow_edit_metadata !== 1) {
      throw forbidden('This share shows no metadata');
    }
    await this.#sharedItem(share, itemId);
    return share;
  }

  /** The share a token names while it works; 404 alike for a wrong, expired or revoked one. */
  async #live(token: string): Promise<ShareRow> {
    if (token.length < 20 || token.length > 100) throw gone();
    const share = await this.#d.shares.byTokenHash(sha256(token));
    if (!share) throw gone();
    const state = shareState(
      { expiresAt: share.expires_at, maxUses: share.max_uses, used: 0, revokedAt: share.revoked_at },
      new Date(),
    );
    if (state !== 'active') throw gone();
    return share;
  }

  async #sharedItem(
    share: ShareRow,
    itemId: string,
  ): Promise<{ item: ItemRow; version: VersionRow | undefined }> {
    if (!(await this.#d.shares.hasItem(share.tenant_id, share.id, itemId))) throw notFound('Item not found');
    const [item] = await this.#d.media.byIds(share.tenant_id, [itemId]);
    if (!item || item.deleted_at !== null) throw notFound('Item not found');
    const [version] = item.leading_version_id
      ? await this.#d.media.versionsByIds(share.tenant_id, [item.leading_version_id])
      : [];
    return { item, version };
  }

  async #available(tenantId: string, version: VersionRow): Promise<{ proxy: boolean; original: boolean }> {
    const proxy = parseRenditions(version.renditions)?.proxy;
    const [original, proxied] = await Promise.all([
      this.#d.blobs.stat(originalKey(tenantId, version.item_id, version.id)),
      proxy === undefined
        ? undefined
        : this.#d.blobs.stat(renditionKey(tenantId, version.item_id, version.id, proxy)),
    ]);
    return {
      proxy: proxied !== undefined,
      original: original !== undefined,
    };
  }

  async #items(share: ShareRow): Promise<SharedItemDto[]> {
    const ids = await this.#d.shares.itemIds(share.tenant_id, share.id);
    const rows = (await this.#d.media.byIds(share.tenant_id, ids)).filter((r) => r.deleted_at === null);
    const versions = await this.#d.media.versionsByIds(
      share.tenant_id,
      rows.flatMap((r) => (r.leading_version_id ? [r.leading_version_id] : [])),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const leading = new Map(versions.map((v) => [v.item_id, v]));
    const rights = await this.#d.rights.of(share.tenant_id, rows, new Date());
    return ids.flatMap((id) => {
      const item = byId.get(id);
      if (!item) return [];
      const version = leading.get(id);
      const renditions = parseRenditions(version?.renditions ?? null);
      // Relative to the page's mediaBase: the long prefix once per answer, not six times per item.
      const url = (file: string | undefined) => (file === undefined ? null : `${id}/media/${file}`);
      const warning = rights.get(id);
      const technical = version?.technical
        ? (JSON.parse(version.technical) as {
            durationSeconds?: number | null;
            frameRate?: { numerator: number; denominator: number } | null;
          })
        : null;
      return [
        {
          id,
          title: item.title,
          itemType: item.item_type as ItemType,
          thumbnailUrl: url(renditions?.thumbnail),
          technicalMetadata: technical
            ? { durationSeconds: technical.durationSeconds ?? null, frameRate: technical.frameRate ?? null }
            : null,
          playback: playbackOf(renditions, url),
          // Known from the renditions without touching the store: a processed version has its original.
          available:
            share.download === null || !version
              ? null
              : { proxy: renditions?.proxy !== undefined, original: version.sha256 !== null },
          metadata:
            share.allow_metadata === 1 && version
              ? {
                  filename: version.filename,
                  size: version.size,
                  mimeType: version.mime_type,
                  createdAt: item.created_at,
                }
              : null,
          rightsWarning: warning?.warn
            ? { outside: warning.outside, expiredAt: warning.expiredAt?.toISOString() ?? null }
            : null,
        },
      ];
    });
  }
}

function playbackOf(r: Renditions | null, url: (file: string | undefined) => string | null): Playback | null {
  if (!r) return null;
  const playback: Playback = {
    hlsUrl: url(r.hlsPlaylist),
    proxyUrl: url(r.proxy),
    posterUrl: url(r.poster),
    previewUrl: url(r.preview),
    waveformUrl: url(r.waveform),
    strip: r.strip ? { ...r.strip, url: url(r.strip.file) ?? '' } : null,
  };
  return (playback.hlsUrl ?? playback.proxyUrl ?? playback.previewUrl) === null ? null : playback;
}

/** A version's file in a quality: its blob, type and the name it is downloaded as. */
function fileOf(tenantId: string, version: VersionRow, quality: ShareQuality): BlobAnswer {
  if (quality === 'original') {
    return {
      key: originalKey(tenantId, version.item_id, version.id),
      contentType: version.mime_type ?? 'application/octet-stream',
      downloadName: version.filename,
    };
  }
  const proxy = parseRenditions(version.renditions)?.proxy ?? '';
  return {
    key: renditionKey(tenantId, version.item_id, version.id, proxy),
    contentType: renditionContentType(proxy),
    downloadName: `${stem(version.filename)}-proxy${proxy.slice(proxy.lastIndexOf('.'))}`,
  };
}

const stem = (filename: string): string => {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(0, dot) : filename;
};

const eventShare = (share: ShareRow) => ({
  tenantId: share.tenant_id,
  shareId: share.id,
  ownerId: share.owner_id,
  title: share.title,
  kind: share.kind,
});
