import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyRequest, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { inject } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { createDatabase, type Db } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { Contract, type OpenApiDocument } from './contract.ts';

export interface TestApp extends BuiltApp {
  config: Config;
  close: () => Promise<void>;
  /** What the server's OpenAPI document promises; `call` checks every answer against it. */
  contract: Contract;
  /**
   * Fastify's inject with JSON bodies and an optional cookie or API key; an answer that the
   * OpenAPI document does not describe fails the test (test/support/contract.ts).
   */
  call: (options: CallOptions) => Promise<LightMyRequestResponse>;
}

/** CI's second pass stores blobs in S3: each test app gets a bucket of its own there. */
function s3Env(): Record<string, string> {
  const s3 = inject('s3');
  if (!s3) return {};
  return {
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: `skald-test-${randomUUID()}`,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  };
}

export interface CallOptions {
  method: InjectOptions['method'];
  url: string;
  body?: unknown;
  cookie?: string | undefined;
  apiKey?: string | undefined;
  headers?: Record<string, string>;
  /** The client's address as the socket sees it (127.0.0.1 by default). */
  remoteAddress?: string;
}

/** The answer's body as its client reads it: what the API compressed (plugins/compression.ts) is decoded. */
function decodedBody(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  return res.payload;
}

export interface TestAppOptions {
  /** Another app's database, so two apps act as two API processes over one database; not closed here. */
  db?: Db;
  /** Kysely plugins on the app's database (test/support/query-counter.ts). */
  plugins?: KyselyPlugin[];
  /** The Redis channel of identity evictions when REDIS_URL is set; by default one of this test file's own. */
  identityChannel?: string;
}

// Test runs that share a Redis server do not hear each other's evictions.
const fileIdentityChannel = `skald-test:identity-evictions:${randomUUID()}`;

/**
 * A real app on a real database: a fresh SQLite file per test file, or the shared PostgreSQL
 * database of the run when DATABASE_URL is set (tests isolate themselves by fresh tenants).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skald-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
    DATABASE_URL: process.env.DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL,
    // Tests sign in far more often than people; the rate-limit test sets its own limit.
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ...s3Env(),
    ...env,
  });
  const base =
    options.db ??
    createDatabase({ databaseUrl: config.DATABASE_URL, dataDir, readWorkers: config.SQLITE_READ_WORKERS });
  if (!options.db && !config.DATABASE_URL) await migrateToLatest(base);
  const db = (options.plugins ?? []).reduce((d, plugin) => d.withPlugin(plugin), base);
  const built = await buildApp(config, {
    db,
    serveWeb: false,
    identityChannel: options.identityChannel ?? fileIdentityChannel,
  });
  // The route that took each request, for the contract check; hijacked answers (tus, events)
  // pass onRequest, every other one passes onSend.
  const routeOf = new WeakMap<object, string | null>();
  const mark = (request: FastifyRequest) => routeOf.set(request.raw, request.routeOptions.url ?? null);
  built.app.addHook('onRequest', (request, _reply, done) => {
    mark(request);
    done();
  });
  built.app.addHook('onSend', (request, _reply, payload, done) => {
    mark(request);
    done(null, payload);
  });
  await built.app.ready();
  const contract = new Contract(built.app.swagger() as unknown as OpenApiDocument);
  const call = async (o: CallOptions) => {
    const res = await built.app.inject({
      method: o.method,
      url: o.url,
      ...(o.body !== undefined ? { payload: o.body as object } : {}),
      ...(o.remoteAddress ? { remoteAddress: o.remoteAddress } : {}),
      headers: {
        ...(o.cookie ? { cookie: o.cookie } : {}),
        ...(o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {}),
        ...o.headers,
      },
    });
    contract.check({
      method: String(o.method),
      route: routeOf.get(res.raw.req) ?? null,
      status: res.statusCode,
      headers: res.headers,
      body: decodedBody(res),
    });
    return res;
  };
  return {
    ...built,
    config,
    contract,
    call,
    close: async () => {
      await built.app.close();
      if (!options.db) await base.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
