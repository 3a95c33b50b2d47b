import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import { createAppServer, listen } from './lib/app-server.js';
import type { Config } from './config.js';
import { connectDatabase, embeddedDataDir, type Database } from './db/connect.js';
import { createHealthSampler } from './modules/telemetry/index.js';
import { migrateUsersToPools } from './modules/users/index.js';
import { createServices } from './services.js';

export interface RunningServer {
  url: string;
  server: Server;
  database: Database;
  close(): Promise<void>;
}

/** config → database → migrations → app → listen. Used by the entry point and by end-to-end tests. */
export async function startServer(
  config: Config,
  logger: Logger,
  options: { inMemoryDatabase?: boolean } = {},
): Promise<RunningServer> {
  const database = await connectDatabase({
    mongodbUri: config.mongodbUri,
    embeddedDataDir: options.inMemoryDatabase ? null : embeddedDataDir(config.dataDir),
    logger,
  });
  // Before any model is built: the user model's pool-led unique indexes are created only after the
  // previous version's e-mail index is gone, and no request sees an account without its pool.
  try {
    await migrateUsersToPools({
      connection: database.connection,
      logger,
      adminEmails: config.auth.adminEmails,
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  const services = createServices({ config, logger, database });
  const app = createApp({ config, logger, database, services });
  // Each process sends queued webhook deliveries; leases keep them from sending one twice.
  services.webhooks.startWorker();
  // Each process runs the alert evaluator's loop; the lease in alert_leases lets one evaluate per minute.
  services.alerts.evaluator.start({ intervalMs: config.alerts.evaluationIntervalMs });
  // Each process stores a health sample per interval: the health card's uptime and response time.
  const healthSampler = createHealthSampler({
    connection: database.connection,
    logger,
    intervalMs: config.health.sampleIntervalMs,
    isDatabaseUp: () => database.isUp(),
  });
  healthSampler.start();
  const server = await listen(createAppServer(app), config.port, config.host);
  // Mails carry absolute links built from PUBLIC_URL, never from a request's Host header (that
  // would let anyone aim reset links at their own host). Say which base they use, so someone who
  // opens the dashboard under another address (127.0.0.1 vs localhost) knows why links differ.
  logger.info(
    { publicUrl: config.publicUrl, dashboardUrl: config.auth.dashboardUrl },
    `Links in e-mails point to ${config.publicUrl} (confirmation) and ${config.auth.dashboardUrl} (dashboard). Set PUBLIC_URL if users reach this server under another address.`,
  );
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return {
    url: `http://${host}:${port}`,
    server,
    database,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await healthSampler.stop();
      await services.close();
      await database.close();
    },
  };
}
