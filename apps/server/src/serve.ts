/** Run the shop: open the database, migrate, seed the demo, listen, shut down gracefully (main.ts starts it). */
import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, pgliteDir } from './db/client.ts';
import { PendingMigrationsError } from './db/migrations.ts';
import { runningServerPid, writePidFile } from './ops/backup.ts';
import { startMetricsServer } from './platform/metrics.ts';
import { seedDemoHistory } from './seed/demo-history.ts';
import { ensureAdminFromConfig, seedIfEmpty } from './seed/seed.ts';

export async function serve(config: Config, stopTracing: () => Promise<void>) {
  // The embedded database has no lock of its own: one server per data folder, and backups wait for it to stop.
  let removePid = () => {};
  if (!config.DATABASE_URL) {
    const other = runningServerPid(pgliteDir(config.dataDir));
    if (other) {
      console.error(`Another server (pid ${other}) is using ${config.dataDir}. Stop it first, or use another DATA_DIR.`);
      process.exit(1);
    }
    mkdirSync(pgliteDir(config.dataDir), { recursive: true });
    removePid = writePidFile(pgliteDir(config.dataDir));
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    directUrl: config.DATABASE_DIRECT_URL,
    dataDir: pgliteDir(config.dataDir),
    pgliteWorker: config.pgliteWorker,
    migrate: config.migrateOnStart,
  }).catch((err) => {
    if (!(err instanceof PendingMigrationsError)) throw err;
    console.error(err.message);
    process.exit(1);
  });
  const app = await buildApp({ config, database });
  // A crash is reported before the process ends (as Node would end it: exit code 1).
  const crash = (err: unknown) => {
    app.log.fatal({ err }, 'crashed');
    const reports = app.deps.errorReports;
    if (!reports) process.exit(1);
    reports.capture(err, { tags: { crash: 'true' } });
    const timer = setTimeout(() => process.exit(1), 3_000);
    void reports.flush().finally(() => {
      clearTimeout(timer);
      process.exit(1);
    });
  };
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);
  if (config.seedDemo) await seedIfEmpty(app.deps, app.log);
  if (config.seedHistory) await seedDemoHistory(app.deps.db);
  await ensureAdminFromConfig(app.deps, app.log);

  let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => process.exit(1), 15_000 + config.SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      // First a grace period: health says 503 so balancers stop sending, while requests that already
      // reached this process (even ones still in its socket buffers) are read and served normally.
      // Closing at once would reset those connections, and a client could not tell if its order was placed.
      app.startDraining();
      await new Promise((r) => setTimeout(r, config.SHUTDOWN_GRACE_MS));
      await metricsServer?.close();
      await app.close();
      await database.close();
      removePid();
      await stopTracing();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  if (config.METRICS_PORT !== undefined && app.deps.metrics) {
    metricsServer = await startMetricsServer(app.deps.metrics, config.METRICS_PORT, config.METRICS_HOST ?? config.HOST);
    app.log.info(`Metrics at http://${config.METRICS_HOST ?? config.HOST}:${metricsServer.port}/metrics`);
  }
  app.log.info(`Kampala Prime Meats is open at ${config.publicUrl}`);
}
