/**
 * npm run bench:ranged -w embedded-db -- [--docs 1000000] [--seconds 4] [--rounds 3] [--concurrency 8]
 *   [--data <dir>] [--json] [--profile <dir>] [--queries range,count,point]
 *
 * The ranged-queries row of `npm run bench` (issue #38): the embedded server, as its own process on a data
 * directory holding `--docs` activity-log documents (10,000 a day over 20 applications, indexes
 * `{created_at: -1}` and `{application_id: 1, created_at: -1}`), queried through the official driver in raw
 * mode (`db.command(find, {raw: true})`: the reply reaches the caller undecoded, so the figure is the
 * server's and the loopback's, not js-bson's in the client):
 *  - range: the 7-day window, newest first, limit 500 (one batch of 500 documents);
 *  - count: countDocuments of that window (70,000 documents);
 *  - point: find by `_id` of a random stored document, limit 1.
 * Seeding writes straight into the store in this process (no wire, no driver; ~20–40 s for 1M on this
 * machine), then the server is started on it. `--data <dir>` keeps the seeded directory and reuses it when it
 * already holds the documents. `--json` prints one JSON object on stdout (the log goes to stderr); `--profile
 * <dir>` writes the server's CPU profiles there; `--queries` picks the measured queries; `--baseline <dir>` also
 * measures the range with the server of another copy of this package (an earlier commit, unpacked with
 * `git archive <commit> embedded-db | tar -x -C <dir>` beside a `node_modules` link) on the same data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ObjectId } from 'bson';
import { BSON, MongoClient, type Db, type Document } from 'mongodb';
import { Store } from '../src/storage/store.js';
import { Engine } from '../src/engine/engine.js';
import { makeIndexSpec } from '../src/engine/index-spec.js';
import type { Doc } from '../src/bson/values.js';

interface Options {
  docs: number;
  seconds: number;
  rounds: number;
  concurrency: number;
  /** Another copy of this package (e.g. `git archive` of an earlier commit) whose server is measured too. */
  baseline: string | undefined;
  data: string | undefined;
  json: boolean;
  profile: string | undefined;
  queries: string[];
}

const USAGE =
  'usage: npm run bench:ranged -w embedded-db -- [--docs 1000000] [--seconds 4] [--rounds 3] [--concurrency 8] [--data dir] [--json] [--profile dir] [--queries range,count,point]';

function parseArgs(argv: string[]): Options {
  const o: Options = {
    docs: 1_000_000,
    seconds: 4,
    rounds: 3,
    concurrency: 8,
    baseline: undefined,
    data: undefined,
    json: false,
    profile: undefined,
    queries: ['range', 'count', 'point'],
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--json') o.json = true;
    else if (arg === '--docs') o.docs = Number(argv[++i]);
    else if (arg === '--seconds') o.seconds = Number(argv[++i]);
    else if (arg === '--rounds') o.rounds = Number(argv[++i]);
    else if (arg === '--concurrency') o.concurrency = Number(argv[++i]);
    else if (arg === '--baseline') o.baseline = String(argv[++i]);
    else if (arg === '--data') o.data = String(argv[++i]);
    else if (arg === '--profile') o.profile = String(argv[++i]);
    else if (arg === '--queries') o.queries = String(argv[++i]).split(',');
    else {
      console.log(USAGE);
      process.exit(arg === '--help' || arg === '-h' ? 0 : 2);
    }
  }
  if (!Number.isInteger(o.docs) || o.docs < 100_000) throw new Error('--docs: an integer ≥ 100000');
  if (!(o.seconds > 0) || !(o.concurrency > 0) || !(Number.isInteger(o.rounds) && o.rounds > 0))
    throw new Error('--seconds/--concurrency: positive; --rounds: a positive integer');
  return o;
}

const log = (m: string) => console.error(m);
const PER_DAY = 10_000;
const DAY = 24 * 3600 * 1000;
const END = Date.UTC(2026, 10, 1);
const APPS = Array.from({ length: 20 }, (_, i) => new ObjectId(i.toString(16).padStart(24, '0')));
const ACTIONS = ['page_view', 'login', 'logout', 'click', 'api_call'];
/** `_id` of entry i: known without reading, so point reads can pick any stored document. */
const idOf = (i: number) => new ObjectId((0x65000000 + i).toString(16).padStart(24, '0'));

/** Entry i of `total`, PER_DAY a day, the newest at END (same shape as bench-db.ts). */
function logEntry(i: number, total: number): Doc {
  const app = APPS[i % APPS.length] as ObjectId;
  return {
    _id: idOf(i),
    application_id: app,
    project_id: app,
    organization_id: APPS[0],
    action: ACTIONS[i % ACTIONS.length],
    resource_type: 'page',
    resource_id: `/docs/page-${i % 500}`,
    ip_address: `203.0.113.${i % 250}`,
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
    metadata: { session_id: `s-${Math.floor(i / 20)}`, duration_ms: i % 3000 },
    created_at: new Date(END - ((total - i) * DAY) / PER_DAY),
  };
}

/** Writes `total` documents and the two indexes straight into the store of `dir` (batches of 20,000). */
function seed(dir: string, total: number): { seconds: number; reused: boolean } {
  const started = performance.now();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const store = Store.open(dir);
  try {
    const engine = new Engine(store);
    const existing = engine.getCollection('bench', 'activity_logs');
    if (existing?.count === total) return { seconds: 0, reused: true };
    const coll = store.writeSync(() => {
      engine.dropDatabase('bench');
      const c = engine.ensureCollection('bench', 'activity_logs').coll;
      engine.createIndex(c, makeIndexSpec({ key: { created_at: -1 } }));
      engine.createIndex(c, makeIndexSpec({ key: { application_id: 1, created_at: -1 } }));
      return c;
    });
    const batch = 20_000;
    for (let from = 0; from < total; from += batch) {
      store.writeSync(() => {
        for (let i = from; i < Math.min(total, from + batch); i++)
          engine.insert(coll, logEntry(i, total), undefined);
      });
      if ((from / batch) % 10 === 9) log(`    … ${(from + batch).toLocaleString('en-US')} documents`);
    }
  } finally {
    void store.close();
  }
  return { seconds: (performance.now() - started) / 1000, reused: false };
}

interface ServerProcess {
  uri: string;
  pid: number;
  stop(): Promise<void>;
}

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

async function startServer(dir: string, opts: Options, cwd: string): Promise<ServerProcess> {
  const profile = opts.profile ? ['--cpu-prof', '--cpu-prof-dir', opts.profile] : [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', 'src/protocol/cli.ts', '--port', '0', '--dbpath', dir, '--noauth'],
    { cwd, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  running.add(child);
  child.once('exit', () => running.delete(child));
  const uri = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    rl.on('line', (line) => {
      const m = /(mongodb:\/\/\S+)/.exec(line);
      if (m?.[1]) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`embedded server exited with ${code}`)));
  });
  return {
    uri,
    pid: child.pid as number,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      }),
  };
}

interface Measured {
  /** Median of the rounds' queries/s. */
  qps: number;
  /** Median latency over every query of every round (ms). */
  p50: number;
  rounds: number[];
  /** The server process's CPU time (user + system) per query, ms: its cost whatever else the machine runs. */
  serverCpuMs: number;
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

async function measure(opts: Options, pid: number, query: () => Promise<unknown>): Promise<Measured> {
  // warm-up: at least 50 queries and 2 s (the server's reader threads start on first use)
  const warm = performance.now() + 2000;
  for (let i = 0; i < 50 || performance.now() < warm; i++) await query();
  const latencies: number[] = [];
  const rounds: number[] = [];
  const cpuBefore = cpuMs(pid);
  let total = 0;
  for (let round = 0; round < opts.rounds; round++) {
    const until = performance.now() + opts.seconds * 1000;
    const started = performance.now();
    let n = 0;
    await Promise.all(
      Array.from({ length: opts.concurrency }, async () => {
        while (performance.now() < until) {
          const t = performance.now();
          await query();
          latencies.push(performance.now() - t);
          n++;
        }
      }),
    );
    rounds.push(Math.round(n / ((performance.now() - started) / 1000)));
    total += n;
  }
  const serverCpuMs = Math.round(((cpuMs(pid) - cpuBefore) / total) * 1000) / 1000;
  latencies.sort((a, b) => a - b);
  const sorted = [...rounds].sort((a, b) => a - b);
  return {
    qps: sorted[Math.floor(sorted.length / 2)] ?? 0,
    p50: Math.round((latencies[Math.floor(latencies.length / 2)] ?? 0) * 100) / 100,
    rounds,
    serverCpuMs,
  };
}

const WINDOW = { created_at: { $gte: new Date(END - 7 * DAY), $lt: new Date(END) } };

function rangeQuery(db: Db): () => Promise<Buffer> {
  const command = {
    find: 'activity_logs',
    filter: WINDOW,
    sort: { created_at: -1 },
    limit: 500,
    batchSize: 500,
    singleBatch: true,
  };
  return async () => ((await db.command(command, { raw: true })) as unknown as { cursor: Buffer }).cursor;
}

function pointQuery(db: Db, total: number): () => Promise<unknown> {
  return () =>
    db.command(
      {
        find: 'activity_logs',
        filter: { _id: idOf(Math.floor(Math.random() * total)) },
        limit: 1,
        singleBatch: true,
      },
      { raw: true },
    );
}

/** Fails the run unless the raw replies hold what the decoded queries return. */
async function check(db: Db, total: number): Promise<void> {
  const coll = db.collection('activity_logs');
  const batch = BSON.deserialize(await rangeQuery(db)()).firstBatch as Document[];
  const decoded = await coll.find(WINDOW).sort({ created_at: -1 }).limit(500).toArray();
  if (
    batch.length !== 500 ||
    batch.map((d) => String(d._id)).join() !== decoded.map((d) => String(d._id)).join()
  )
    throw new Error(`the raw reply differs from the query's result (${batch.length} documents)`);
  if ((await coll.countDocuments(WINDOW)) !== 7 * PER_DAY) throw new Error('the 7-day count is not 70,000');
  if (!(await coll.findOne({ _id: idOf(total - 1) }))) throw new Error('point read found nothing');
}

function rssMiB(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function run(dir: string, opts: Options, cwd: string, all: boolean) {
  const server = await startServer(dir, opts, cwd);
  const client = new MongoClient(server.uri, { maxPoolSize: opts.concurrency + 2 });
  try {
    const db = client.db('bench');
    await check(db, opts.docs);
    const wanted = (q: string) => all && opts.queries.includes(q);
    const range = wanted('range') || !all ? await measure(opts, server.pid, rangeQuery(db)) : undefined;
    const count = wanted('count')
      ? await measure(opts, server.pid, () => db.collection('activity_logs').countDocuments(WINDOW))
      : undefined;
    const point = wanted('point') ? await measure(opts, server.pid, pointQuery(db, opts.docs)) : undefined;
    return { range, count, point, serverRssMiB: rssMiB(server.pid) };
  } finally {
    await client.close();
    await server.stop();
  }
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const loadBefore = loadavg()[0] as number;
  const dir = opts.data ?? mkdtempSync(join(tmpdir(), 'bench-ranged-'));
  if (opts.profile) mkdirSync(opts.profile, { recursive: true });
  try {
    log(`bench:ranged — seeding ${opts.docs.toLocaleString('en-US')} documents in ${dir} …`);
    const seeded = seed(dir, opts.docs);
    log(`  seeded in ${seeded.seconds.toFixed(1)} s${seeded.reused ? ' (reused)' : ''}`);
    const main = await run(dir, opts, packageDir, true);
    const before = opts.baseline ? await run(dir, opts, opts.baseline, false) : undefined;
    const result = {
      benchmark: 'embedded-db ranged queries',
      docs: opts.docs,
      query: '7-day window on created_at, newest first, limit 500, driver raw mode',
      concurrency: opts.concurrency,
      seconds: opts.seconds,
      rounds: opts.rounds,
      seedSeconds: Math.round(seeded.seconds * 10) / 10,
      rangeQps: main.range?.qps,
      rangeP50Ms: main.range?.p50,
      rangeRounds: main.range?.rounds,
      rangeServerCpuMs: main.range?.serverCpuMs,
      countQps: main.count?.qps,
      countP50Ms: main.count?.p50,
      countServerCpuMs: main.count?.serverCpuMs,
      pointQps: main.point?.qps,
      pointP50Ms: main.point?.p50,
      pointServerCpuMs: main.point?.serverCpuMs,
      baselineRangeQps: before?.range?.qps,
      baselineRangeRounds: before?.range?.rounds,
      baselineRangeServerCpuMs: before?.range?.serverCpuMs,
      serverRssMiB: main.serverRssMiB,
      cpus: cpus().length,
      loadBefore: Math.round(loadBefore * 100) / 100,
      loadAfter: Math.round((loadavg()[0] as number) * 100) / 100,
      totalSeconds: Math.round((performance.now() - started) / 100) / 10,
    };
    if (opts.json) console.log(JSON.stringify(result));
    else console.log(JSON.stringify(result, null, 2));
  } finally {
    if (!opts.data && existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  }
}

await main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
