import { loadConfigOrExit } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { resolveSecretKey } from './lib/secret-key.ts';
import { startMediaWorker } from './modules/media-pipeline/media-worker.ts';
import { createServices } from './services.ts';
import pino from 'pino';

// A worker process: runs the media pipeline's jobs, nothing else. Run as many as the load needs
// (with REDIS_URL, on as many machines); the API processes run with WORKER_IN_API=false then.
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const log = pino({ level: config.LOG_LEVEL });
  const db = createDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await migrateToLatest(db);
  const services = createServices(
    db,
    { ...config, secretKey: resolveSecretKey(config.SECRET_KEY, config.DATA_DIR) },
    log,
  );
  await services.blobs.init();
  await startMediaWorker(services);
  log.info('media worker started');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log.info({ signal }, 'worker shutting down');
      void services.queue
        .close()
        .then(() => Promise.all([services.blobs.close(), db.destroy()]))
        .then(() => process.exit(0));
    });
  }
}

await main();
