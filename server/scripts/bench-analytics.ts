/**
 * `npm run bench:analytics` — the analytics and logs reads at volume (issue #11), through HTTP on
 * loopback against the real app:
 *
 *  - seeds activity rows (API requests) and SDK events, as many of each as the size says, spread
 *    over 89 days (inside the 90-day retention) and 20 applications (4 projects of one
 *    organization), into the embedded database journaled to a temporary data directory, and into
 *    MONGODB_URI when it is set. Request rows and their rollups go through the analytics
 *    recorder's writeBatch (the code the request logger's flush runs); raw events are prepared
 *    documents inserted with insertMany, their counters through writeBatch as well. Sizes grow
 *    in place: 1M is seeded, measured, then topped up to 10M and measured again.
 *  - p50/p95 of GET /analytics/summary for 24h, 30d and 90d (the organization, and one application);
 *  - p50/p95 of GET /activity-logs for one application: newest 500 of a 7-day window, without and
 *    with a search term, and with include_total=true as the logs screen asks; and the system logs page's
 *    list (no filter: the caller's organizations and own account events), with and without its total;
 *  - export rows/s: GET /activity-logs/export of the organization's last 7 days (CSV and NDJSON);
 *  - request-logging cost: POST /api/v1/verify req/s (autocannon) on an app with the request
 *    logger and on one without it (REQUEST_LOGGING=false; same process, same database), alternated;
 *  - product analytics (issue #35): p50/p95 of GET /analytics/funnel (signup → login → purchase,
 *    30 days, 7-day window), /retention (12 weeks), /stickiness and /lifecycle (12 weeks) for one
 *    application and its project, and the size of the stores they read.
 *
 * --product: only the product-analytics part, seeded directly and fast (scripts/bench-analytics-
 * product.ts: raw events, visitor days and activity bitmaps, no request rows), so 10M events seed in
 * minutes (add --raw-events to store the raw events too). --installations <n per application>
 * (default 200) sets how many visitors there are.
 *
 * Options: --sizes <comma-separated rows> (default 1000000,10000000), --samples <requests per
 * read> (default 30), --duration <s per verify run> (default 10), --connections <n> (default 20),
 * --repeat <verify runs per variant> (default 2), --data-dir <dir> (the embedded database's data
 * directory, kept afterwards: a later run with the same directory signs in to the seeded tenant and
 * only tops up to the sizes asked, so the reads can be measured again after a change without
 * seeding 10M anew). Seeding 10M takes a long while and the figures only mean something on a quiet
 * machine: run it alone.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { Types } from 'mongoose';
import { pino } from 'pino';
import { createApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { connectDatabase, type Database } from '../src/db/connect.js';
import { activityLogModel } from '../src/modules/activity/index.js';
import type { RequestRecord, TrackingRecord } from '../src/modules/telemetry/index.js';
import { createServices, type Services } from '../src/services.js';
import { productReads, seedProductEvents, storeSizes } from './bench-analytics-product.js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000000,10000000' },
    samples: { type: 'string', default: '30' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    repeat: { type: 'string', default: '2' },
    'data-dir': { type: 'string' },
    product: { type: 'boolean', default: false },
    installations: { type: 'string', default: '200' },
    'raw-events': { type: 'boolean', default: false },
  },
});
const productOnly = values.product;
/** Kept after the run; a later run with the same directory measures without seeding again. */
const keptDataDir = values['data-dir'] ? path.resolve(values['data-dir']) : null;
const SEEDED_FILE = values.product ? 'bench-analytics-product-seeded.json' : 'bench-analytics-seeded.json';
const sizes = values.sizes
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
const samples = Number(values.samples);
const duration = Number(values.duration);
const connections = Number(values.connections);
const repeat = Number(values.repeat);

const BENCH_EMAIL = 'bench@example.com';
const BENCH_PASSWORD = 'benchmark password';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const SPAN_MS = 89 * DAY_MS;
const CHUNK = 5_000;
const BATCH_SPAN_MS = 6 * HOUR_MS;
const WRITERS = 4;
const APPLICATIONS = 20;
const PROJECTS = 4;
const USERS = 5_000;
/** Installations per application. */
const INSTALLATIONS = Number(values.installations);
const SEARCH = 'login';
const ENDPOINTS: Array<[string, string]> = [
  ['GET', '/api/v1/projects'],
  ['GET', '/api/v1/projects/:id'],
  ['POST', '/api/v1/projects'],
  ['GET', '/api/v1/applications/:id'],
  ['PATCH', '/api/v1/applications/:id'],
  ['POST', '/api/auth/login'],
  ['POST', '/api/auth/register'],
  ['POST', '/api/auth/verify'],
  ['POST', '/api/v1/verify'],
  ['POST', '/api/v1/analytics'],
  ['POST', '/api/v1/installations'],
  ['GET', '/api/v1/activity-logs'],
  ['GET', '/api/v1/analytics/summary'],
  ['GET', '/api/v1/tokens'],
  ['DELETE', '/api/v1/tokens/:id'],
];
const EVENTS = ['page_view', 'click', 'search', 'add_to_cart', 'purchase', 'signup', 'login', 'share'];

/** A small deterministic generator (mulberry32), so every run seeds the same data. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Owner {
  _id: Types.ObjectId;
  project_id: Types.ObjectId;
  organization_id: Types.ObjectId;
}

interface Target {
  name: string;
  database: Database;
  config: Config;
  /** The app with the request logger, and the same app without it (REQUEST_LOGGING=false). */
  withLogger: { url: string; server: Server; services: Services };
  withoutLogger: { url: string; server: Server; services: Services };
  /** The embedded database's data directory (its size on disk is the store's size). */
  dataDir: string | null;
  cleanup(): Promise<void>;
}

async function listen(
  config: Config,
  database: Database,
): Promise<{ url: string; server: Server; services: Services }> {
  const logger = pino({ level: 'silent' });
  const services = createServices({ config, logger, database });
  const app = createApp({ config, logger, database, services });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    server,
    services,
  };
}

async function openTarget(name: 'embedded' | 'mongodb'): Promise<Target> {
  if (keptDataDir && name === 'embedded') mkdirSync(keptDataDir, { recursive: true });
  const dataDir =
    name === 'embedded' ? (keptDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'bench-analytics-'))) : null;
  const env = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    EMAIL_CONFIRMATION_REQUIRED: 'false',
    BCRYPT_COST: '4',
    ACCESS_TOKEN_TTL_S: '86400',
    RATE_LIMIT_PER_IP: '100000000',
    RATE_LIMIT_PER_ACCOUNT: '100000000',
    ...(name === 'mongodb' ? { MONGODB_URI: process.env.MONGODB_URI } : {}),
  };
  const config = loadConfig(env);
  const database = await connectDatabase({
    mongodbUri: name === 'mongodb' ? config.mongodbUri : undefined,
    embeddedDataDir: dataDir,
    dbName: name === 'mongodb' ? `iam_bench_${randomBytes(4).toString('hex')}` : undefined,
    logger: pino({ level: 'silent' }),
  });
  const withLogger = await listen(config, database);
  const withoutLogger = await listen(loadConfig({ ...env, REQUEST_LOGGING: 'false' }), database);
  return {
    name: name === 'embedded' ? 'embedded (journaled)' : 'MONGODB_URI',
    database,
    config,
    withLogger,
    withoutLogger,
    dataDir,
    async cleanup() {
      for (const app of [withLogger, withoutLogger]) {
        await new Promise<void>((resolve) => {
          app.server.close(() => resolve());
          app.server.closeAllConnections();
        });
        await app.services.close();
      }
      if (name === 'mongodb') await database.connection.dropDatabase();
      await database.close();
      if (dataDir && !keptDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function call(base: string, route: string, init: { body?: unknown; token?: string; method?: string }) {
  const response = await fetch(`${base}${route}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  if (!response.ok) throw new Error(`${route} → ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** The owner, one organization, 4 projects and 20 applications, through the API. */
async function createTenant(
  base: string,
): Promise<{ token: string; organizationId: string; owners: Owner[] }> {
  const email = BENCH_EMAIL;
  const password = BENCH_PASSWORD;
  await call(base, '/api/v1/auth/register', { body: { email, password } });
  const token = (await call(base, '/api/v1/auth/login', { body: { email, password } }))
    .access_token as string;
  const org = await call(base, '/api/v1/organizations', { token, body: { name: 'Bench', slug: 'bench' } });
  const owners: Owner[] = [];
  for (let p = 0; p < PROJECTS; p++) {
    const project = await call(base, '/api/v1/projects', {
      token,
      body: { name: `Project ${p}`, slug: `project-${p}`, organization_id: org.id },
    });
    for (let a = 0; a < APPLICATIONS / PROJECTS; a++) {
      const app = await call(base, '/api/v1/applications', {
        token,
        body: { name: `App ${p}.${a}`, slug: `app-${p}-${a}`, project_id: project.id },
      });
      owners.push({
        _id: new Types.ObjectId(app.id as string),
        project_id: new Types.ObjectId(project.id as string),
        organization_id: new Types.ObjectId(org.id as string),
      });
    }
  }
  return { token, organizationId: org.id as string, owners };
}

/**
 * Adds `count` request rows and `count` events, in time order over the last 89 days, in batches of
 * at most CHUNK rows and BATCH_SPAN_MS: like a real flush, a batch then touches the rollup buckets
 * of a few hours (a batch spanning days would upsert thousands of buckets in one command).
 * WRITERS batches are written at once, as several processes' flushes would be.
 */
async function seed(target: Target, owners: Owner[], from: number, count: number): Promise<void> {
  const recorder = target.withLogger.services.analyticsRecorder;
  const events = target.database.connection.collection('analytics_events');
  const next = random(from + 1);
  const users = Array.from({ length: USERS }, (_, i) => new Types.ObjectId(i.toString(16).padStart(24, '0')));
  const end = Date.now() - 60_000;
  const step = SPAN_MS / count;
  const started = performance.now();
  let reported = 0;
  const perBatch = Math.max(1, Math.min(CHUNK, Math.floor(BATCH_SPAN_MS / step)));
  const writing = new Set<Promise<void>>();
  for (let done = 0; done < count; done += perBatch) {
    const n = Math.min(perBatch, count - done);
    const requests: RequestRecord[] = [];
    const rawEvents: Record<string, unknown>[] = [];
    const tracking = new Map<number, TrackingRecord>();
    for (let i = 0; i < n; i++) {
      const at = new Date(end - SPAN_MS + (done + i + next()) * step);
      const appIndex = Math.floor(next() * owners.length);
      const owner = owners[appIndex]!;
      const [method, endpoint] = ENDPOINTS[Math.floor(next() * ENDPOINTS.length)]!;
      const roll = next();
      requests.push({
        created_at: at,
        method,
        endpoint,
        status_code: roll < 0.02 ? 500 : roll < 0.05 ? 404 : method === 'POST' ? 201 : 200,
        response_time_ms: Math.round((2 + -Math.log(1 - next()) * 40) * 1000) / 1000,
        ip_address: `203.0.113.${Math.floor(next() * 250)}`,
        user_agent: 'Mozilla/5.0 (bench)',
        user_id: next() < 0.6 ? String(users[Math.floor(next() * USERS)]) : null,
        application_id: String(owner._id),
        project_id: String(owner.project_id),
        organization_id: String(owner.organization_id),
      });
      const event = EVENTS[Math.floor(next() * EVENTS.length)]!;
      const installation = `inst_${(appIndex * INSTALLATIONS + Math.floor(next() * INSTALLATIONS)).toString(16).padStart(32, '0')}`;
      rawEvents.push({
        application_id: owner._id,
        project_id: owner.project_id,
        organization_id: owner.organization_id,
        event_id: `evt_${(from + done + i).toString(16).padStart(32, '0')}`,
        event,
        properties: { path: `/p/${i % 50}` },
        timestamp: at,
        received_at: at,
        session_id: null,
        installation_id: installation,
        sdk_version: '1.0.0',
      });
      let record = tracking.get(appIndex);
      if (!record) {
        record = { application: owner, at, events: [], installationIds: [] };
        tracking.set(appIndex, record);
      }
      record.events!.push({ event, timestamp: at, installation_id: installation });
      record.installationIds!.push(installation);
    }
    const write = Promise.all([
      recorder.writeBatch({ requests, tracking: [...tracking.values()] }),
      events.insertMany(rawEvents, { ordered: false }),
    ]).then(() => {
      writing.delete(write);
    });
    writing.add(write);
    if (writing.size >= WRITERS) await Promise.race(writing);
    if (done + n - reported >= count / 10 || done + n === count) {
      reported = done + n;
      const seconds = (performance.now() - started) / 1000;
      console.error(
        `  ${target.name}: ${(from + done + n).toLocaleString('en')} rows and events (${Math.round((done + n) / seconds).toLocaleString('en')}/s)`,
      );
    }
  }
  await Promise.all(writing);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** p50/p95 of `samples` sequential GETs, after 3 unmeasured ones. */
async function timeGet(base: string, route: string, token: string): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < samples + 3; i++) {
    const started = performance.now();
    const response = await fetch(`${base}${route}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${route} → ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    if (i >= 3) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: Number(percentile(times, 50).toFixed(1)), p95: Number(percentile(times, 95).toFixed(1)) };
}

/** Rows of one export and how fast they came. */
async function timeExport(base: string, route: string, token: string) {
  const started = performance.now();
  const response = await fetch(`${base}${route}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok || !response.body) throw new Error(`${route} → ${response.status}`);
  let lines = 0;
  let bytes = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  const rows = route.includes('ndjson') ? lines : lines - 1; // CSV: minus the header
  return { rows, seconds, mb: bytes / 2 ** 20 };
}

async function verifyRate(url: string, token: string): Promise<number> {
  const result = await autocannon({
    url: `${url}/api/v1/verify`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    connections,
    duration,
  });
  if (result.non2xx > 0) throw new Error(`POST /verify: ${result.non2xx} non-2xx answers`);
  return Math.round(result.requests.average);
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)]!;

interface Row {
  database: string;
  rows: string;
  measure: string;
  p50: string;
  p95: string;
}

const results: Row[] = [];
const targets: Array<'embedded' | 'mongodb'> = process.env.MONGODB_URI
  ? ['embedded', 'mongodb']
  : ['embedded'];
for (const name of targets) {
  const target = await openTarget(name);
  try {
    const base = target.withLogger.url;
    // A kept data directory already seeded: sign in to its tenant and top it up from where it is.
    const seededFile =
      target.name.startsWith('embedded') && keptDataDir ? path.join(keptDataDir, SEEDED_FILE) : null;
    const previous =
      seededFile && existsSync(seededFile)
        ? (JSON.parse(readFileSync(seededFile, 'utf8')) as {
            seeded: number;
            organizationId: string;
            owners: Array<Record<string, string>>;
          })
        : null;
    const tenant = previous
      ? {
          token: (
            await call(base, '/api/v1/auth/login', { body: { email: BENCH_EMAIL, password: BENCH_PASSWORD } })
          ).access_token as string,
          organizationId: previous.organizationId,
          owners: previous.owners.map((owner) => ({
            _id: new Types.ObjectId(owner._id),
            project_id: new Types.ObjectId(owner.project_id),
            organization_id: new Types.ObjectId(owner.organization_id),
          })),
        }
      : await createTenant(base);
    await Promise.all([
      target.withLogger.services.analyticsRecorder.ensureIndexes(),
      activityLogModel(target.database.connection).init(),
      target.database.connection.model('AnalyticsEvent').init(),
    ]);
    const application = String(tenant.owners[0]!._id);
    let seeded = previous?.seeded ?? 0;
    for (const size of sizes) {
      console.error(`${target.name}: seeding to ${size.toLocaleString('en')}`);
      const seedStarted = performance.now();
      const added = size - seeded;
      if (added > 0 && productOnly)
        await seedProductEvents({
          connection: target.database.connection,
          recorder: target.withLogger.services.analyticsRecorder,
          owners: tenant.owners,
          from: seeded,
          count: added,
          installations: INSTALLATIONS,
          spanMs: SPAN_MS,
          end: Date.now() - 60_000,
          random: random(seeded + 1),
          rawEvents: values['raw-events'],
          log: (line) => console.error(`  ${target.name}:${line}`),
        });
      else if (added > 0) await seed(target, tenant.owners, seeded, added);
      const seedSeconds = (performance.now() - seedStarted) / 1000;
      seeded = Math.max(seeded, size);
      if (seededFile)
        writeFileSync(
          seededFile,
          JSON.stringify({
            seeded,
            organizationId: tenant.organizationId,
            owners: tenant.owners.map((owner) => ({
              _id: String(owner._id),
              project_id: String(owner.project_id),
              organization_id: String(owner.organization_id),
            })),
          }),
        );
      const row = (measure: string, p50: string, p95 = '') =>
        results.push({ database: target.name, rows: size.toLocaleString('en'), measure, p50, p95 });
      if (added > 0 && productOnly)
        row(
          'seeding: SDK events per second (event days, bitmaps, event counts)',
          `${Math.round(added / seedSeconds).toLocaleString('en')}/s`,
          `${added.toLocaleString('en')} in ${seedSeconds.toFixed(0)} s`,
        );
      else if (added > 0)
        row(
          'seeding: rows + events per second (with rollups)',
          `${Math.round((2 * added) / seedSeconds).toLocaleString('en')}/s`,
          `${added.toLocaleString('en')} of each in ${seedSeconds.toFixed(0)} s`,
        );
      for (const scope of [
        `application_id=${application}`,
        `project_id=${String(tenant.owners[0]!.project_id)}`,
      ])
        for (const [label, route] of productReads(scope)) {
          const t = await timeGet(base, route, tenant.token);
          row(label, `${t.p50} ms`, `${t.p95} ms`);
        }
      for (const [label, size] of await storeSizes(target.database.connection, target.dataDir))
        row(label, size);
      if (productOnly) continue;
      for (const [scope, query] of [
        ['organization', `organization_id=${tenant.organizationId}`],
        ['application', `application_id=${application}`],
      ] as const) {
        for (const period of ['24h', '30d', '90d']) {
          const t = await timeGet(base, `/api/v1/analytics/summary?period=${period}&${query}`, tenant.token);
          row(`summary ${period} (${scope})`, `${t.p50} ms`, `${t.p95} ms`);
        }
      }
      const list = `/api/v1/activity-logs?application_id=${application}&period=7d&limit=500`;
      for (const [label, route] of [
        ['logs list: newest 500 of 7 days', list],
        ['  + include_total', `${list}&include_total=true`],
        [`  with search "${SEARCH}"`, `${list}&search=${SEARCH}`],
        [`  with search "${SEARCH}" + include_total`, `${list}&search=${SEARCH}&include_total=true`],
        // the system logs page: everything of the caller's organizations and own account events
        ['system logs: newest 500 of 7 days', '/api/v1/activity-logs?period=7d&limit=500'],
        ['  + include_total', '/api/v1/activity-logs?period=7d&limit=500&include_total=true'],
      ] as const) {
        const t = await timeGet(base, route, tenant.token);
        row(label, `${t.p50} ms`, `${t.p95} ms`);
      }
      for (const format of ['csv', 'ndjson']) {
        const e = await timeExport(
          base,
          `/api/v1/activity-logs/export?organization_id=${tenant.organizationId}&period=7d&format=${format}`,
          tenant.token,
        );
        row(
          `export ${format}, organization, 7 days`,
          `${Math.round(e.rows / e.seconds).toLocaleString('en')} rows/s`,
          `${e.rows.toLocaleString('en')} rows, ${e.mb.toFixed(1)} MiB in ${e.seconds.toFixed(1)} s`,
        );
      }
      const withRates: number[] = [];
      const withoutRates: number[] = [];
      for (let i = 0; i < repeat; i++) {
        withRates.push(await verifyRate(target.withLogger.url, tenant.token));
        withoutRates.push(await verifyRate(target.withoutLogger.url, tenant.token));
      }
      const withRate = median(withRates);
      const withoutRate = median(withoutRates);
      row('POST /verify req/s with request logger', `${withRate}`, `runs ${withRates.join(', ')}`);
      row('POST /verify req/s without', `${withoutRate}`, `runs ${withoutRates.join(', ')}`);
      row(
        'request-logging cost',
        `${(((withoutRate - withRate) / withoutRate) * 100).toFixed(1)} %`,
        `load avg ${os.loadavg()[0]!.toFixed(1)}`,
      );
    }
  } finally {
    await target.cleanup();
  }
}

console.log(
  `\nAnalytics benchmark — ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.availableParallelism()} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}`,
);
console.log(
  `${APPLICATIONS} applications in ${PROJECTS} projects of one organization (${INSTALLATIONS} installations each), ${productOnly ? 'SDK events (product analytics only)' : 'rows and events'} over 89 days; ${samples} sequential requests per read (p50/p95, loopback HTTP); /verify: ${connections} connections, ${repeat} × ${duration} s per variant\n`,
);
console.table(results);
