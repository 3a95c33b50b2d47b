import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { embeddedDataDir } from './db/connect.js';

/** A worker that dies is started again after this, unless the primary is shutting down. */
const RESTART_DELAY_MS = 1_000;

/**
 * The cluster primary of WEB_CONCURRENCY > 1: forks that many server processes sharing the port
 * (node:cluster hands connections to them in turn). Every piece of state is in MongoDB, so they
 * need nothing from each other; without MONGODB_URI the primary runs the embedded database and the
 * workers connect to it. A worker that dies is replaced; SIGTERM/SIGINT ends the workers
 * gracefully (each finishes its in-flight requests), then the database.
 */
export async function runClusterPrimary(config: Config, logger: Logger, graceMs: number): Promise<void> {
  let databaseUri = config.mongodbUri;
  let stopDatabase: (() => Promise<void>) | undefined;
  if (!databaseUri) {
    const { startEmbeddedMongo } = await import('@iam-platform/embedded-mongodb');
    const embedded = await startEmbeddedMongo({ dataDir: embeddedDataDir(config.dataDir), port: 0 });
    databaseUri = embedded.uri;
    stopDatabase = embedded.stop;
    logger.info({ port: embedded.port }, 'cluster primary: started the embedded database for the workers');
  }

  let shuttingDown = false;
  const listening = new WeakSet<Worker>();
  const fork = (): Worker => cluster.fork({ MONGODB_URI: databaseUri });
  cluster.on('listening', (worker) => listening.add(worker));
  cluster.on('exit', (worker, code, signal) => {
    if (shuttingDown) return;
    if (!listening.has(worker)) {
      // It never served: configuration or database trouble that another fork would only repeat.
      logger.error({ pid: worker.process.pid, code, signal }, 'a cluster worker failed to start; stopping');
      shutdown('worker start-up failure', 1);
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, 'cluster worker died; starting another');
    setTimeout(() => {
      if (!shuttingDown) fork();
    }, RESTART_DELAY_MS);
  });
  for (let i = 0; i < config.webConcurrency; i++) fork();
  logger.info({ workers: config.webConcurrency }, 'cluster primary: started the server processes');

  function shutdown(signal: string, exitCode = 0): void {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'cluster primary: stopping the workers');
    const force = setTimeout(() => {
      logger.error('cluster shutdown timed out; exiting');
      process.exit(1);
    }, graceMs + 2_000);
    force.unref();
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker =>
      Boolean(worker),
    );
    Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    )
      .then(() => stopDatabase?.())
      .then(
        () => process.exit(exitCode),
        (error: unknown) => {
          logger.error({ err: error }, 'error during cluster shutdown');
          process.exit(1);
        },
      );
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
