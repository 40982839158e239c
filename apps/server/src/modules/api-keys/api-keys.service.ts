import { newId } from '../../lib/ids.ts';
import type { Page, Paging } from '../../lib/paging.ts';
import { nowIso } from '../../lib/time.ts';
import { sha256 } from '../../lib/tokens.ts';
import { notFound } from '../../plugins/errors.ts';
import type { Identity } from '../../identity/identity.ts';
import type { IdentityCaches } from '../../identity/identity-caches.ts';
import { parseExpiry } from './api-key-expiry.ts';
import { generateApiKey } from './api-key-token.ts';
import { keyStatus } from './api-key-validity.ts';
import type { ApiKeyPatch, ApiKeyRow, ApiKeysRepository } from './api-keys.repository.ts';

export interface ApiKeyDto {
  id: string;
  label: string;
  identifier: string;
  status: 'active' | 'inactive';
  expiresAt: string | null;
  maxInactiveDays: number | null;
  lastUsedAt: string | null;
  createdAt: string;
}

const present = (k: ApiKeyRow): ApiKeyDto => ({
  id: k.id,
  label: k.label,
  identifier: k.identifier,
  status: keyStatus(k),
  expiresAt: k.expires_at,
  maxInactiveDays: k.max_inactive_days,
  lastUsedAt: k.last_used_at,
  createdAt: k.created_at,
});

/** A user's own API keys. The secret is returned once, at creation, and only its hash is kept. */
export class ApiKeysService {
  readonly #keys: ApiKeysRepository;
  readonly #identityCaches: Pick<IdentityCaches, 'credentialEnded'>;

  constructor(keys: ApiKeysRepository, identityCaches: Pick<IdentityCaches, 'credentialEnded'>) {
    this.#keys = keys;
    this.#identityCaches = identityCaches;
  }

  async list(caller: Identity, q: Paging): Promise<Page<ApiKeyDto>> {
    const page = await this.#keys.listOfUser(caller.tenant.id, caller.user.id, q);
    return { ...page, items: page.items.map(present) };
  }

  async create(
    caller: Identity,
    input: { label: string; expiresAt: string | null; maxInactiveDays: number | null },
  ): Promise<{ apiKey: ApiKeyDto; secret: string }> {
    const expiresAt = parseExpiry(input.expiresAt, Date.now());
    const { identifier, secret, token } = generateApiKey();
    const now = nowIso();
    const row: ApiKeyRow = {
      id: newId(),
      tenant_id: caller.tenant.id,
      user_id: caller.user.id,
      label: input.label,
      identifier,
      secret_hash: sha256(secret),
      active: 1,
      expires_at: expiresAt,
      max_inactive_days: input.maxInactiveDays,
      last_used_at: null,
      timer_reset_at: now,
      created_at: now,
      updated_at: now,
    };
    await this.#keys.insert(row);
    return { apiKey: present(row), secret: token };
  }

  async update(
    caller: Identity,
    keyId: string,
    input: {
      label?: string | undefined;
      active?: boolean | undefined;
      expiresAt?: string | null | undefined;
      maxInactiveDays?: number | null | undefined;
    },
  ): Promise<ApiKeyDto> {
    await this.#find(caller, keyId);
    const patch: ApiKeyPatch = {};
    if (input.label !== undefined) patch.label = input.label;
    if (input.active !== undefined) patch.active = input.active ? 1 : 0;
    if (input.expiresAt !== undefined) patch.expires_at = parseExpiry(input.expiresAt, Date.now());
    if (input.maxInactiveDays !== undefined) patch.max_inactive_days = input.maxInactiveDays;
    await this.#keys.update(caller.tenant.id, keyId, patch);
    this.#identityCaches.credentialEnded(keyId);
    return present(await this.#find(caller, keyId));
  }

  async delete(caller: Identity, keyId: string): Promise<void> {
    await this.#find(caller, keyId);
    await this.#keys.delete(caller.tenant.id, keyId);
    this.#identityCaches.credentialEnded(keyId);
  }

  async #find(caller: Identity, keyId: string): Promise<ApiKeyRow> {
    const key = await this.#keys.byId(caller.tenant.id, caller.user.id, keyId);
    if (!key) throw notFound('API key not found');
    return key;
  }
}
