/**
 * The ranged-query rows of `npm run bench` (issue #38): the embedded engine holding 1M activity-log
 * entries, asked for the newest 500 of a 7-day window through the official driver in raw mode (the
 * reply reaches the client as received BSON, so the figure is the server's rate, not js-bson's).
 *
 * The embedded engine's own `npm run bench:ranged -w embedded-db -- --json` does it (seeded straight
 * into the store, the server as its own process on that data directory; also the 7-day count and
 * point reads by `_id`; 8 queries in flight, the median of 3 rounds). Where that script does not
 * exist, `builtIn` repeats `npm run bench:db`'s range query here: the embedded database (its build,
 * in memory, a process of its own) filled through the driver, one measured window after a warm-up.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { BSON, MongoClient, ObjectId, type Collection, type Db, type Document } from 'mongodb';
import { root, startDatabase } from './processes.js';

const PER_DAY = 10_000;
const DAY = 24 * 3600 * 1000;
const APPS = Array.from({ length: 20 }, (_, i) => new ObjectId(i.toString(16).padStart(24, '0')));
const ACTIONS = ['page_view', 'login', 'logout', 'click', 'api_call'];

/** Entry i of `total`: PER_DAY a day, the newest at `end` (bench:db's shape). */
function logEntry(i: number, total: number, end: number): Document {
  const app = APPS[i % APPS.length] as ObjectId;
  return {
    _id: new ObjectId(),
    application_id: app,
    project_id: app,
    organization_id: APPS[0],
    action: ACTIONS[i % ACTIONS.length],
    resource_type: 'page',
    resource_id: `/docs/page-${i % 500}`,
    ip_address: `203.0.113.${i % 250}`,
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
    metadata: { session_id: `s-${Math.floor(i / 20)}`, duration_ms: i % 3000 },
    created_at: new Date(end - ((total - i) * DAY) / PER_DAY),
  };
}

async function fill(coll: Collection, total: number, end: number): Promise<number> {
  const batch = 1000;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (;;) {
        const at = next;
        if (at >= total) return;
        next += batch;
        const docs = Array.from({ length: Math.min(batch, total - at) }, (_, j) =>
          logEntry(at + j, total, end),
        );
        await coll.insertMany(docs, { ordered: false });
      }
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

export interface RangedResult {
  source: 'bench:ranged' | 'built-in';
  qps: number;
  p50: number;
  /** Built-in only (bench:ranged reports the median round and p50). */
  p99: number | null;
  errors: number;
  /** The median round and every round's rate (bench:ranged). */
  rounds?: number[];
  count?: { qps: number; p50: number };
  point?: { qps: number; p50: number };
  /** Seconds spent filling the 1M documents. */
  fillSeconds: number;
  serverRssMiB?: number;
}

const script = path.join(root, 'embedded-db', 'scripts', 'bench-ranged.ts');

/** The embedded engine's ranged benchmark when it exists (see the file's comment), else `builtIn`. */
export async function rangedQueries(options: {
  documents: number;
  duration: number;
  warmup: number;
}): Promise<RangedResult> {
  if (!existsSync(script)) return builtIn(options);
  // Rounds of half the duration: three of them, the median reported (bench:ranged's default at 8 s).
  const seconds = String(Math.max(1, options.duration / 2));
  const stdout = await new Promise<string>((resolve, reject) => {
    const child = execFile(
      'npm',
      [
        'run',
        'bench:ranged',
        '-w',
        'embedded-db',
        '--silent',
        '--',
        '--json',
        '--docs',
        String(options.documents),
        '--seconds',
        seconds,
        '--rounds',
        '3',
      ],
      { cwd: root, maxBuffer: 16 * 2 ** 20, timeout: 5 * 60_000 },
      (error, out, err) =>
        error
          ? reject(new Error(`bench:ranged failed: ${error.message}\n${err.slice(-3000)}`))
          : resolve(out),
    );
    child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`  bench:ranged: ${chunk.toString()}`));
  });
  const line = stdout.trim().split('\n').at(-1) ?? '';
  const r = JSON.parse(line) as Record<string, number | number[]>;
  const num = (key: string) => (typeof r[key] === 'number' ? (r[key] as number) : NaN);
  return {
    source: 'bench:ranged',
    qps: Math.round(num('rangeQps')),
    p50: num('rangeP50Ms'),
    p99: null,
    errors: 0,
    rounds: Array.isArray(r.rangeRounds) ? r.rangeRounds.map(Math.round) : undefined,
    count: Number.isFinite(num('countQps'))
      ? { qps: Math.round(num('countQps')), p50: num('countP50Ms') }
      : undefined,
    point: Number.isFinite(num('pointQps'))
      ? { qps: Math.round(num('pointQps')), p50: num('pointP50Ms') }
      : undefined,
    fillSeconds: Math.round(num('seedSeconds')),
    serverRssMiB: Number.isFinite(num('serverRssMiB')) ? Math.round(num('serverRssMiB')) : undefined,
  };
}

async function findRaw(db: Db, filter: Document): Promise<Buffer> {
  const reply = (await db.command(
    {
      find: 'activity_logs',
      filter,
      sort: { created_at: -1 },
      limit: 500,
      batchSize: 500,
      singleBatch: true,
    },
    { raw: true },
  )) as unknown as { cursor: Buffer };
  return reply.cursor;
}

/** Runs `query` from `concurrency` loops for `seconds`: queries/s and latency percentiles. */
async function loop(seconds: number, concurrency: number, query: () => Promise<unknown>) {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        try {
          await query();
          latencies.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.floor(latencies.length * q)] ?? 0) * 10) / 10;
  return {
    qps: Math.round(latencies.length / ((performance.now() - started) / 1000)),
    p50: at(0.5),
    p99: at(0.99),
    errors,
  };
}

async function builtIn(options: {
  documents: number;
  duration: number;
  warmup: number;
  concurrency?: number;
}): Promise<RangedResult> {
  const concurrency = options.concurrency ?? 8;
  const database = await startDatabase();
  const client = new MongoClient(database.url, { maxPoolSize: concurrency + 4 });
  try {
    const db = client.db('bench_ranged');
    const coll = db.collection('activity_logs');
    await coll.createIndex({ created_at: -1 });
    await coll.createIndex({ application_id: 1, created_at: -1 });
    const end = Date.UTC(2026, 10, 1);
    const fillStarted = performance.now();
    const fillRate = await fill(coll, options.documents, end);
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    const inWindow = { created_at: { $gte: new Date(end - 7 * DAY), $lt: new Date(end) } };
    // The raw reply must hold the 500 documents the decoded query returns, in the same order.
    const batch = BSON.deserialize(await findRaw(db, inWindow)).firstBatch as Document[];
    const decoded = await coll.find(inWindow).sort({ created_at: -1 }).limit(500).toArray();
    if (
      batch.length !== 500 ||
      batch.map((d) => String(d._id)).join() !== decoded.map((d) => String(d._id)).join()
    )
      throw new Error(
        `ranged queries: the raw reply differs from the query's result (${batch.length} documents)`,
      );
    if (options.warmup > 0) await loop(options.warmup, concurrency, () => findRaw(db, inWindow));
    const measured = await loop(options.duration, concurrency, () => findRaw(db, inWindow));
    console.error(`bench: ranged queries, built-in: filled at ${Math.round(fillRate)} docs/s`);
    return { source: 'built-in', ...measured, fillSeconds: Math.round(fillSeconds) };
  } finally {
    await client.close();
    await database.stop();
  }
}
