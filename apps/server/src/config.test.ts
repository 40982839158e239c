import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('starts on the embedded defaults with nothing set', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      NODE_ENV: 'development',
      publicUrl: 'http://localhost:3000',
      WORKER_IN_API: 'true',
      WORKER_CONCURRENCY: 1,
      JOB_LEASE_MS: 30_000,
    });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty', /PORT/],
    ['PORT', '70000', /PORT/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL: must be a postgres/],
    ['REDIS_URL', 'http://x', /REDIS_URL/],
    ['SMTP_URL', 'mail.example.com', /SMTP_URL/],
    ['PUBLIC_URL', 'not a url', /PUBLIC_URL/],
    ['SECRET_KEY', 'short', /SECRET_KEY: must be at least 32/],
    ['S3_ENDPOINT', 'nope', /S3_ENDPOINT/],
    ['NODE_ENV', 'staging', /NODE_ENV/],
    ['WORKER_IN_API', 'yes', /WORKER_IN_API/],
    ['WORKER_CONCURRENCY', '0', /WORKER_CONCURRENCY/],
    ['JOB_LEASE_MS', '500', /JOB_LEASE_MS/],
  ])('stops with a message naming %s when it is %s', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
