import cluster from 'node:cluster';
import { runClusterPrimary } from './cluster.js';
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './lib/logger.js';
import { startServer } from './server.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ level: config.logLevel });
  if (config.webConcurrency > 1 && cluster.isPrimary) {
    await runClusterPrimary(config, logger, SHUTDOWN_GRACE_MS);
    return;
  }
  const running = await startServer(config, logger);
  logger.info(
    { url: running.url, db: running.database.kind, version: config.version },
    'IAM Platform is listening',
  );

  let shuttingDown = false;
  const shutdown = (signal: string): void => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    // In-flight requests get a grace period; the database (and its journal) closes last so
    // nothing acknowledged to a client is lost.
    const force = setTimeout(() => {
      logger.error('graceful shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('IAM Platform failed to start:', error);
  process.exit(1);
});
