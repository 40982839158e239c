import { availableParallelism } from 'node:os';
import { z } from 'zod';

const optionalUrl = z.url().optional();

// Every variable here is documented in the README with its default; keep both in step.
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Skald <no-reply@skald.local>'),
  PUBLIC_URL: optionalUrl,
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|\d+|[\da-fA-F.:/]+(\s*,\s*[\da-fA-F.:/]+)*)$/,
      'must be true, false, a hop count or addresses',
    )
    .default('false')
    .transform(trustProxySetting),
  FRAME_ANCESTORS: z.string().transform(frameAncestors).optional(),
  WORKER_IN_API: z.enum(['true', 'false']).default('true'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  JOB_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(30_000),
  SQLITE_READ_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  // Two searches at once per core, each on a connection or read worker of its own.
  SEARCH_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(256)
    .default(() => 2 * availableParallelism()),
  SEARCH_QUEUE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(64),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // whisper.cpp's speech-to-text (docs/ANALYSIS.md): a ggml model file the operator supplies, with
  // its SHA-256, which the processes that run the worker check at start (whisper-model.ts).
  WHISPER_MODEL: z.string().min(1).optional(),
  WHISPER_MODEL_SHA256: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be the 64 hexadecimal digits of a SHA-256')
    .transform((hex) => hex.toLowerCase())
    .optional(),
  WHISPER_THREADS: z.coerce.number().int().min(1).max(64).optional(),
});

/**
 * Fastify's trustProxy: whether the client address comes from X-Forwarded-For. Only behind a
 * proxy that sets it: otherwise any client could name a fresh address per request and never meet
 * a rate limit.
 */
function trustProxySetting(value: string): boolean | string[] {
  if (value === 'true' || value === 'false') return value === 'true';
  return value.split(',').map((address) => address.trim());
}

/**
 * The origins whose pages may frame /export and /browse (an editing tool's web panel), separated
 * by spaces: each http(s)://host[:port] and nothing more, as a CSP frame-ancestors source.
 */
function frameAncestors(value: string, ctx: z.RefinementCtx<string>): string[] {
  return value
    .trim()
    .split(/\s+/)
    .map((entry) => {
      const origin = originOf(entry);
      if (origin === null)
        ctx.addIssue({
          code: 'custom',
          message: `"${entry}" is not an origin: give each panel's http(s)://host[:port], separated by spaces`,
        });
      return origin ?? entry;
    });
}

/** http(s)://host[:port], the host a name or an address, and nothing after it but a slash. */
const ORIGIN = /^https?:\/\/(?:[a-z\d](?:[a-z\d.-]*[a-z\d])?|\[[\da-f:.]+\])(?::\d{1,5})?\/?$/i;

/** The origin a text names (in the form a browser compares: lower case, no default port), or null. */
const originOf = (text: string): string | null =>
  ORIGIN.test(text) && URL.canParse(text) ? new URL(text).origin : null;

export type Config = z.infer<typeof envSchema> & { publicUrl: string };

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.WHISPER_MODEL !== undefined && c.WHISPER_MODEL_SHA256 === undefined)
    throw new ConfigError(
      'Invalid configuration:\n  WHISPER_MODEL_SHA256: is required with WHISPER_MODEL (sha256sum of the model file)',
    );
  if (c.WHISPER_MODEL_SHA256 !== undefined && c.WHISPER_MODEL === undefined)
    throw new ConfigError('Invalid configuration:\n  WHISPER_MODEL_SHA256: is set but WHISPER_MODEL is not');
  return { ...c, publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}` };
}

/** loadConfig for an entry point: a bad value prints its message (naming the variable) and exits. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    return exitOnConfigError(err);
  }
}

/** A ConfigError (also one found after loading, such as a wrong WHISPER_MODEL) prints and exits. */
export function exitOnConfigError(err: unknown): never {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
