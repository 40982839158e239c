import { buildApp } from './app.ts';
import { requeueInitiatedAnalyses } from './modules/analysis/analysis-requeue.ts';
import { requeueInitiatedCopies } from './modules/rendering/placeholders.copy-requeue.ts';
import { exitOnConfigError, loadConfigOrExit } from './config.ts';
import { DEMO_PASSWORD, DEMO_TENANT, DEMO_USERS, demoOffered, seedDemoTenant } from './seed/demo-tenant.ts';
import { seedDemoLibrary } from './seed/seed-demo-library.ts';

// One process serves the API and the web app and runs the mail dispatcher and, unless
// WORKER_IN_API=false, the media worker (the one-machine shape).
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  // A bad WHISPER_MODEL (missing, not a ggml model, another SHA-256) stops start-up, named.
  const { app, services } = await buildApp(config).catch(exitOnConfigError);
  const shouldSeed = demoOffered(config);
  const demo = shouldSeed ? await seedDemoTenant(services) : undefined;
  if (demo) app.log.info('Seeded the demo tenant');
  services.mailer.start();
  await services.uploadServer.recover();
  services.uploadServer.startExpiry();
  await services.processingService.relayEvents();
  await services.analysisService.settleLostRuns();
  await services.autoAnalysis.listen();
  await requeueInitiatedAnalyses({ db: services.db, queue: services.queue });
  await requeueInitiatedCopies({ db: services.db, queue: services.queue });
  await services.jobNotifications.start();
  if (config.WORKER_IN_API === 'true') await services.processingWorker.start();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      void app.close().then(() => process.exit(0));
    });
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  if (demo) {
    // Made on this machine after start, in the background: the server answers at once.
    seedDemoLibrary(services, demo).then(
      (count) => {
        if (count > 0) app.log.info({ count }, 'Made the demo library');
      },
      (err: unknown) => {
        app.log.error({ err }, 'the demo library could not be made');
      },
    );
  }
  if (shouldSeed) {
    const users = DEMO_USERS.map((u) => u.email).join(', ');
    console.log(
      `\nSkald is running at ${config.publicUrl}\n` +
        `Demo organisation: ${DEMO_TENANT.name} (slug "${DEMO_TENANT.slug}")\n` +
        `Users: ${users} — password "${DEMO_PASSWORD}"\n`,
    );
  }
}

await main();
