import type { BaseLogger } from 'pino';

/** The log calls the server's parts make: pino's, which Fastify's request-aware logger also has. */
export type Logger = Pick<BaseLogger, 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'>;
