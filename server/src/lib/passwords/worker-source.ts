/**
 * The code a WorkerPool thread runs (`new Worker(code, { eval: true })`, see pool.ts): the pool's
 * message protocol around the job handler the pool was given.
 */
/**
 * The worker's protocol around the handler: one `{id, request}` in, one `{id, ok, result | error}` out.
 * Written to run both as a CommonJS script and as an ES module, because an eval'd worker inherits the
 * parent's `execArgv` and so `--input-type=module` (as in `node --input-type=module -e …`).
 */
export function workerSource(handlerSource: string): string {
  return `'use strict';
const importModule = (specifier) => import(specifier);
importModule('node:worker_threads').then(({ parentPort, workerData }) => {
  const ready = (async function (importModule, workerData) {
${handlerSource}
  })(importModule, workerData);
  // One job at a time, in the order sent: a job handed over early (WorkerPool's PREFETCH_AT) waits
  // for the one running, even when the handler is asynchronous.
  let previous = Promise.resolve();
  parentPort.on('message', (message) => {
    previous = previous.then(() => handle(message));
  });
  async function handle(message) {
    let reply;
    try {
      const handler = await ready;
      reply = { id: message.id, ok: true, result: await handler(message.request) };
    } catch (error) {
      const isError = error instanceof Error;
      reply = {
        id: message.id,
        ok: false,
        error: { name: isError ? error.name : 'Error', message: isError ? error.message : String(error) },
      };
    }
    parentPort.postMessage(reply);
  }
  // A handler that cannot be set up kills the thread (a crash, see WorkerPool), not just one job.
  ready.catch((error) => setImmediate(() => { throw error; }));
});
`;
}
