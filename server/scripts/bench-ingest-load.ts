/**
 * The load generator of `bench:ingest`, run by it as a child process: autocannon sending analytics batches
 * to the server under test. In a process of its own it does not take turns with the server on one event
 * loop (as an in-process autocannon did), and its CPU time is not counted as the server's. It still shares
 * the machine's cores with the server.
 *
 * Receives one `LoadRequest` over IPC, answers with one `LoadResult` and exits.
 */
import autocannon from 'autocannon';
import { batchBody, type IdStyle } from './bench-ingest-events.js';

export interface LoadRequest {
  url: string;
  headers: Record<string, string>;
  /** Names the run in event, session and installation ids. */
  run: string;
  style: IdStyle;
  batchSize: number;
  connections: number;
  durationS: number;
}

export interface LoadResult {
  /** events_processed summed over the 200 answers. */
  processed: number;
  durationS: number;
  batchesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** CPU time of this process (the load generator). */
  cpuUs: number;
}

process.once('message', (request: LoadRequest) => {
  void run(request).then(
    (result) => process.send!(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});

async function run(request: LoadRequest): Promise<LoadResult> {
  let sequence = 0;
  let processed = 0;
  const cpu = process.cpuUsage();
  const result = await autocannon({
    url: `${request.url}/api/v1/analytics`,
    connections: request.connections,
    duration: request.durationS,
    requests: [
      {
        method: 'POST',
        headers: request.headers,
        setupRequest: (req) => ({
          ...req,
          body: batchBody(request.style, request.run, sequence++, request.batchSize),
        }),
        onResponse: (status, body) => {
          if (status === 200)
            processed += (JSON.parse(body) as { events_processed: number }).events_processed;
        },
      },
    ],
  });
  const cpuUsed = process.cpuUsage(cpu);
  return {
    processed,
    durationS: result.duration,
    batchesPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuUs: cpuUsed.user + cpuUsed.system,
  };
}
