import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { errorBody } from './errors.ts';

/**
 * Per-route limits (routes opt in with `config.rateLimit`). With REDIS_URL the counters live in
 * Redis, so every API process behind a load balancer counts the same attempts.
 */
export async function registerRateLimits(app: FastifyInstance, redisUrl: string | undefined): Promise<void> {
  const redis = redisUrl
    ? new Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) {
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'skald:rate-limit:' } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      ...errorBody('rate_limited', `Too many attempts; try again in ${context.after}`),
    }),
  });
}

/** The per-address limit of routes that check a secret (passwords, e-mailed and TOTP codes). */
export function authRateLimit(perMinute: number, factor = 1) {
  return { max: perMinute * factor, timeWindow: '1 minute' };
}
