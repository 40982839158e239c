import pino from 'pino';
import { createPlatform } from './composition/platform.ts';
import { createProcessing } from './composition/processing.ts';
import { exitOnConfigError, loadConfigOrExit } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { configuredWhisperModel } from './media/analysis/whisper-model.ts';
import { SecretBox } from './lib/secret-box.ts';
import { resolveSecretKey } from './lib/secret-key.ts';
import { ItemsRepository } from './modules/items/items.repository.ts';

// A worker process: runs the processing jobs, nothing else. It composes only the platform and the
// processing part (no HTTP server, mail or uploads: test/processing/worker-entry.test.ts checks).
// Run as many as the load needs (with REDIS_URL, on as many machines); the API processes run with
// WORKER_IN_API=false then.
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const whisperModel = await configuredWhisperModel(config).catch(exitOnConfigError);
  const log = pino({ level: config.LOG_LEVEL });
  const db = createDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await migrateToLatest(db);
  const platform = createPlatform(config, db, log);
  const { processingWorker } = createProcessing(
    platform,
    new ItemsRepository(db),
    // The tenants' speech-provider keys are sealed with the API's key.
    new SecretBox(resolveSecretKey(config.SECRET_KEY, config.DATA_DIR)),
    { whisperModel },
  );
  await platform.blobs.init();
  await processingWorker.start();
  log.info('media worker started');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log.info({ signal }, 'worker shutting down');
      void platform.queue
        .close()
        .then(() => Promise.all([platform.blobs.close(), db.destroy()]))
        .then(() => process.exit(0));
    });
  }
}

await main();
