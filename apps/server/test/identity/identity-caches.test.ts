import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import type { TenantRow } from '../../src/db/rows.ts';
import type { CachedCredential, IdentityEviction } from '../../src/identity/identity-cache.ts';
import { IdentityCaches, type EvictionChannel } from '../../src/identity/identity-caches.ts';
import { provisioningIdentity } from '../../src/identity/identity.ts';
import { RedisEvictionChannel } from '../../src/identity/redis-eviction-channel.ts';

const TTL = 60_000;

function credential(tenantId: string, userId = randomUUID()): CachedCredential {
  const tenant: TenantRow = {
    id: tenantId,
    name: 'T',
    name_folded: 't',
    slug: 't',
    timezone: 'UTC',
    organisation_group_id: 'org',
    is_admin_tenant: 0,
    mfa_enforced: 0,
    created_at: '',
    forbidden_extensions: '[]',
    default_upload_folder_id: null,
    share_max_valid_days: null,
    export_file_name_max: null,
    share_max_views: null,
    translation_primary: 'nb',
    translation_secondary: 'nn',
    auto_analysis: '{"kinds":[],"language":null}',
  };
  const identity = provisioningIdentity(tenant, {
    id: 'org',
    tenant_id: tenantId,
    name: 'Org',
    name_folded: 'org',
    permissions: '[]',
    is_organisation: 1,
    created_at: '',
  });
  return { credentialId: randomUUID(), identity: { ...identity, user: { ...identity.user, id: userId } } };
}

/** Resolves `key` and says whether the cache answered without loading. */
async function cached(
  cache: ReturnType<IdentityCaches['create']>,
  key: string,
  entry: CachedCredential,
  now?: number,
) {
  const load = vi.fn(() => Promise.resolve(entry));
  await cache.resolve(key, load, now);
  return load.mock.calls.length === 0;
}

/** Two processes' channels joined in memory: what one publishes, the other hears. */
function pairedChannels(): [EvictionChannel, EvictionChannel, () => void] {
  const listeners: { evict(e: IdentityEviction): void; lost(): void }[] = [];
  const channel = (me: number): EvictionChannel => ({
    publish: (eviction) => listeners[1 - me]?.evict(eviction),
    listen: (listener) => {
      listeners[me] = listener;
    },
    close: () => Promise.resolve(),
  });
  return [channel(0), channel(1), () => listeners[1]?.lost()];
}

describe('IdentityCaches', () => {
  it('one eviction reaches every cache it created, and only the entries it names', async () => {
    const caches = new IdentityCaches();
    const sessions = caches.create(TTL);
    const keys = caches.create(TTL);
    const ann = credential('tenant-1');
    const bob = credential('tenant-1');
    const eve = credential('tenant-2');
    for (const cache of [sessions, keys]) {
      for (const [key, entry] of [
        ['ann', ann],
        ['bob', bob],
        ['eve', eve],
      ] as const) {
        await cache.resolve(key, () => Promise.resolve(entry));
      }
    }
    caches.userChanged(ann.identity.user.id);
    for (const cache of [sessions, keys]) {
      expect(await cached(cache, 'ann', ann)).toBe(false);
      expect(await cached(cache, 'bob', bob)).toBe(true);
    }
    caches.credentialEnded(bob.credentialId);
    expect(await cached(sessions, 'bob', bob)).toBe(false);
    expect(await cached(sessions, 'eve', eve)).toBe(true);
    caches.tenantChanged('tenant-1');
    expect(await cached(keys, 'ann', ann)).toBe(false);
    expect(await cached(keys, 'bob', bob)).toBe(false);
    expect(await cached(keys, 'eve', eve)).toBe(true);
  });

  it("keeps an entry for its TTL, and never from its credential's end on", async () => {
    const cache = new IdentityCaches().create(TTL);
    const now = 1_000_000;
    await cache.resolve('long', () => Promise.resolve(credential('t')), now);
    expect(await cached(cache, 'long', credential('t'), now + TTL - 1)).toBe(true);
    expect(await cached(cache, 'long', credential('t'), now + TTL)).toBe(false);
    const ending = { ...credential('t'), expiresAt: now + 10 };
    await cache.resolve('ending', () => Promise.resolve(ending), now);
    expect(await cached(cache, 'ending', ending, now + 9)).toBe(true);
    expect(await cached(cache, 'ending', ending, now + 10)).toBe(false);
  });

  it('serves a load that an eviction overtook to its request, but does not keep it', async () => {
    const caches = new IdentityCaches();
    const cache = caches.create(TTL);
    const stale = credential('t');
    const loaded = await cache.resolve('k', () => {
      // The row was read before this change was written.
      caches.userChanged(stale.identity.user.id);
      return Promise.resolve(stale);
    });
    expect(loaded).toBe(stale);
    expect(await cached(cache, 'k', stale)).toBe(false);
    expect(await cached(cache, 'k', stale)).toBe(true);
  });

  it("applies the other process's evictions, and drops everything when some may have been lost", async () => {
    const [here, there, reconnectThere] = pairedChannels();
    const a = new IdentityCaches(here);
    const b = new IdentityCaches(there);
    const cacheB = b.create(TTL);
    const ann = credential('t');
    const bob = credential('t');
    await cacheB.resolve('ann', () => Promise.resolve(ann));
    await cacheB.resolve('bob', () => Promise.resolve(bob));
    a.credentialEnded(ann.credentialId);
    expect(await cached(cacheB, 'ann', ann)).toBe(false);
    expect(await cached(cacheB, 'bob', bob)).toBe(true);
    reconnectThere();
    expect(await cached(cacheB, 'bob', bob)).toBe(false);
  });
});

describe.runIf(process.env.REDIS_URL)('RedisEvictionChannel', () => {
  it("delivers a process's evictions to the others, not back to itself, and ignores what is not one", async () => {
    const url = process.env.REDIS_URL ?? '';
    const name = `skald-test:identity-evictions:${randomUUID()}`;
    const log = pino({ level: 'silent' });
    const [from, to] = [new RedisEvictionChannel(url, log, name), new RedisEvictionChannel(url, log, name)];
    const heardFrom: IdentityEviction[] = [];
    const heardTo: IdentityEviction[] = [];
    let subscribed = 0;
    for (const [channel, heard] of [
      [from, heardFrom],
      [to, heardTo],
    ] as const) {
      channel.listen({ evict: (e) => heard.push(e), lost: () => subscribed++ });
    }
    try {
      await vi.waitFor(() => {
        expect(subscribed).toBe(2);
      });
      const { Redis } = await import('ioredis');
      const stranger = new Redis(url);
      await stranger.publish(name, 'not json');
      await stranger.publish(name, JSON.stringify({ origin: 'x', eviction: { scope: 'everything' } }));
      await stranger.quit();
      from.publish({ scope: 'user', id: 'u-1' });
      await vi.waitFor(() => {
        expect(heardTo).toEqual([{ scope: 'user', id: 'u-1' }]);
      });
      expect(heardFrom).toEqual([]);
    } finally {
      await Promise.all([from.close(), to.close()]);
    }
  });
});
