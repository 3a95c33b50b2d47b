/**
 * `npm run bench:ingest` — analytics events/s through POST /api/v1/analytics on loopback (autocannon),
 * in batches of 500 events with unique ids, into the embedded database in memory and journaled (a data
 * directory), and how the rate changes as the store grows from empty to 1M stored events. Each size
 * gets a fresh server whose collection is pre-filled to that size with insertMany straight into the
 * collection, so every row starts where it says. The load (autocannon) comes from a child process
 * (bench-ingest-load.ts), as it would from other machines; it shares this machine's cores with the server.
 *
 * Options: --duration <s per run> (default 10), --connections <n> (default 4), --batch <events>
 * (default 500), --sizes <comma-separated stored events> (default 0,100000,1000000),
 * --modes memory,journal (default both), --repeat <runs per size> (default 3: on a shared machine
 * the median and the best of several runs say more than one), --ids sdk|random|sequential (default
 * sdk: event ids as the SDKs make them; see `eventIds`).
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Types } from 'mongoose';
import { pino } from 'pino';
import { loadConfig } from '../src/config.js';
import { startServer, type RunningServer } from '../src/server.js';
import { batchBody, eventIds, isIdStyle, type IdStyle } from './bench-ingest-events.js';
import type { LoadRequest, LoadResult } from './bench-ingest-load.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '4' },
    batch: { type: 'string', default: '500' },
    sizes: { type: 'string', default: '0,100000,1000000' },
    modes: { type: 'string', default: 'memory,journal' },
    repeat: { type: 'string', default: '3' },
    ids: { type: 'string', default: 'sdk' },
  },
});
if (!isIdStyle(values.ids)) throw new Error('--ids is sdk, random or sequential');
const idStyle: IdStyle = values.ids;
const duration = Number(values.duration);
const connections = Number(values.connections);
const batchSize = Number(values.batch);
const sizes = values.sizes.split(',').map(Number);
const modes = values.modes.split(',') as Array<'memory' | 'journal'>;
const repeat = Number(values.repeat);
const PREFILL_CHUNK = 10_000;

async function api(base: string, route: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${route} → ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** An owner, organization, project and application, through the API. */
async function createApplication(base: string): Promise<string> {
  const email = 'bench@example.com';
  const password = 'benchmark password';
  await api(base, '/api/v1/auth/register', { email, password });
  const { access_token: token } = await api(base, '/api/v1/auth/login', { email, password });
  const auth = { authorization: `Bearer ${token as string}` };
  const org = await api(base, '/api/v1/organizations', { name: 'Bench', slug: 'bench' }, auth);
  const project = await api(
    base,
    '/api/v1/projects',
    { name: 'Web', slug: 'web', organization_id: org.id },
    auth,
  );
  const app = await api(
    base,
    '/api/v1/applications',
    { name: 'Shop', slug: 'shop', project_id: project.id },
    auth,
  );
  return app.id as string;
}

/** Inserts stored events straight into the collection until it holds `target` events. */
async function prefill(server: RunningServer, applicationId: string, target: number): Promise<number> {
  const events = server.database.connection.collection('analytics_events');
  const application = await server.database.connection
    .collection('applications')
    .findOne({ _id: new Types.ObjectId(applicationId) });
  let stored = await events.estimatedDocumentCount();
  const started = performance.now();
  while (stored < target) {
    const n = Math.min(PREFILL_CHUNK, target - stored);
    const now = new Date();
    const ids = eventIds(idStyle, 'prefill', stored, n);
    const docs = Array.from({ length: n }, (_, i) => ({
      application_id: application!._id,
      project_id: application!.project_id,
      organization_id: application!.organization_id,
      event_id: ids[i],
      event: 'page_view',
      properties: { path: `/p/${i % 50}`, ref: 'prefill' },
      timestamp: new Date(now.getTime() - ((stored + i) % 86_400) * 1000),
      received_at: now,
      session_id: null,
      installation_id: `inst_prefill${String(i % 1000).padStart(8, '0')}`,
      sdk_version: null,
    }));
    await events.insertMany(docs, { ordered: false });
    stored += n;
  }
  return performance.now() - started;
}

interface Run {
  eventsPerSecond: number;
  load: LoadResult;
  cpuUsPerEvent: number;
  loadCpuUsPerEvent: number;
  busy: number;
  loadAverage: number;
}

interface Row {
  database: string;
  'stored before': string;
  'events/s median': number;
  'events/s best': number;
  'batches/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'non-2xx': number;
  /** CPU time of the server process (all threads: routes, database worker, GC) per stored event. */
  'CPU µs/event': number;
  /** CPU time of the load generator (autocannon, building the batches) per stored event. */
  'load gen CPU µs/event': number;
  /** Event-loop utilisation of the server's main thread (its routes). */
  'main loop busy %': number;
  /** The machine's 1-minute load average before the runs: other work competing for the cores. */
  'load avg': number;
  'process RSS MB': number;
}

/** One autocannon run of `duration` seconds from a child process: batches with ids no other run uses. */
async function runOnce(url: string, headers: Record<string, string>, run: string): Promise<Run> {
  const loadAverage = os.loadavg()[0] ?? 0;
  const elu = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  const child = fork(new URL('./bench-ingest-load.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
  const request: LoadRequest = {
    url,
    headers,
    run,
    style: idStyle,
    batchSize,
    connections,
    durationS: duration,
  };
  child.send(request);
  const [load] = (await once(child, 'message')) as [LoadResult];
  const cpuUs = process.cpuUsage(cpu);
  const busy = performance.eventLoopUtilization(elu).utilization;
  await once(child, 'exit');
  const processed = Math.max(1, load.processed);
  return {
    eventsPerSecond: Math.round(load.processed / load.durationS),
    load,
    cpuUsPerEvent: Math.round((cpuUs.user + cpuUs.system) / processed),
    loadCpuUsPerEvent: Math.round(load.cpuUs / processed),
    busy,
    loadAverage,
  };
}

async function measure(mode: 'memory' | 'journal', size: number): Promise<Row> {
  const dataDir = mode === 'journal' ? mkdtempSync(path.join(os.tmpdir(), 'bench-ingest-')) : undefined;
  const config = loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    EMAIL_CONFIRMATION_REQUIRED: 'false',
    INGEST_RATE_LIMIT_PER_IP: '100000000',
    INGEST_RATE_LIMIT_PER_APPLICATION: '100000000',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
  });
  const server = await startServer(config, pino({ level: 'silent' }), {
    inMemoryDatabase: mode === 'memory',
  });
  try {
    const applicationId = await createApplication(server.url);
    const headers = { 'content-type': 'application/json', 'x-application-id': applicationId };
    // The first batch builds the indexes, so the pre-fill is indexed like real traffic.
    await api(
      server.url,
      '/api/v1/analytics',
      JSON.parse(batchBody(idStyle, 'warmup', 0, batchSize)),
      headers,
    );
    const prefillMs = await prefill(server, applicationId, size);
    if (prefillMs > 0)
      console.error(`${mode}: pre-filled to ${size} events in ${(prefillMs / 1000).toFixed(1)} s`);
    const stored = await server.database.connection.collection('analytics_events').estimatedDocumentCount();
    const runs: Run[] = [];
    for (let i = 0; i < repeat; i++) runs.push(await runOnce(server.url, headers, `${mode}${size}r${i}`));
    const sorted = [...runs].sort((a, b) => a.eventsPerSecond - b.eventsPerSecond);
    const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
    console.error(
      `${mode}, ${stored} stored: ${runs.map((r) => r.eventsPerSecond).join(', ')} events/s, ${runs.map((r) => r.cpuUsPerEvent).join(', ')} CPU µs/event (load ${runs[0]!.loadAverage.toFixed(1)})`,
    );
    return {
      database: mode === 'memory' ? 'embedded, in memory' : 'embedded, journaled',
      'stored before': stored.toLocaleString('en-US'),
      'events/s median': median.eventsPerSecond,
      'events/s best': sorted.at(-1)!.eventsPerSecond,
      'batches/s': Math.round(median.load.batchesPerSecond),
      'p50 ms': median.load.p50Ms,
      'p99 ms': median.load.p99Ms,
      'non-2xx': runs.reduce((sum, r) => sum + r.load.non2xx + r.load.errors, 0),
      'CPU µs/event': median.cpuUsPerEvent,
      'load gen CPU µs/event': median.loadCpuUsPerEvent,
      'main loop busy %': Math.round(median.busy * 100),
      'load avg': Number(runs[0]!.loadAverage.toFixed(1)),
      'process RSS MB': Math.round(process.memoryUsage().rss / 1024 / 1024),
    };
  } finally {
    await server.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows: Row[] = [];
for (const mode of modes) for (const size of sizes) rows.push(await measure(mode, size));

console.log(
  `\nIngest benchmark — ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.availableParallelism()} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
console.log(
  `POST /api/v1/analytics, batches of ${batchSize} events with unique ids, ${connections} connections, ${repeat} × ${duration} s per size; server (with its embedded database in a worker thread) and autocannon (a child process) share this machine\n`,
);
console.table(rows);
