/**
 * Worker-thread entry: runs the embedded server off the caller's event loop.
 * Protocol with index.ts: workerData = ServerOptions; posts {type:"ready", port, credentials, credentialsFile} or
 * {type:"error", message};
 * {type:"log", message} for notices; on {type:"stop"} shuts down (flushing the store) and posts {type:"stopped"}.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { EmbeddedMongoServer, type ServerOptions } from './server.js';

const port = parentPort;
if (!port) throw new Error('worker.ts must run in a worker thread');

// When a commit fails (a full disk), lmdb-js rejects the promise of its internal batch-start instruction, which
// nothing can await; the writes of that commit get the failure themselves (Store.write). Only that rejection is
// dropped here: any other unhandled rejection still ends the thread, and the host reports it (index.ts).
process.on('unhandledRejection', (reason) => {
  if (isLmdbCommitFailure(reason)) return;
  throw reason;
});

let server: EmbeddedMongoServer | undefined;

try {
  server = await EmbeddedMongoServer.start({
    ...(workerData as ServerOptions),
    log: (m) => {
      port.postMessage({ type: 'log', message: m });
      if (process.env.EMBEDDED_MONGO_DEBUG) console.error(`[embedded-mongo] ${m}`);
    },
  });
  port.postMessage({
    type: 'ready',
    port: server.port,
    credentials: server.credentials,
    credentialsFile: server.credentialsFile,
  });
} catch (e) {
  const err = e as Error;
  port.postMessage({ type: 'error', message: err.message, name: err.name });
  port.close();
}

port.on('message', (m: { type?: string }) => {
  if (m?.type !== 'stop') return;
  const s = server;
  server = undefined;
  void (s ? s.stop() : Promise.resolve())
    .then(() => port.postMessage({ type: 'stopped' }))
    .catch((e: unknown) => port.postMessage({ type: 'stopped', error: (e as Error).message }))
    .finally(() => port.close());
});

function isLmdbCommitFailure(reason: unknown): boolean {
  const commitError = (reason as { commitError?: unknown } | null)?.commitError;
  if (!(commitError instanceof Promise)) return false;
  commitError.catch(() => undefined);
  return true;
}
