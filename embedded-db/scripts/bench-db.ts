/**
 * npm run bench:db [-- --sizes 100000,1000000,10000000] [--seconds 5] [--rounds 3] [--concurrency 8]
 *
 * Benchmarks the embedded MongoDB-compatible server (not a timed test) on documents shaped like activity logs,
 * at each size in --sizes, against a server running as its own process with a data directory (journaled: every
 * acknowledged write is flushed), through the official driver:
 *  - insertMany throughput while filling up to the size (batches of 1,000, 4 concurrent writers);
 *  - a 7-day range on `created_at`, newest first, limit 500, decoded by the driver, and the same answered as
 *    one undecoded reply (the server's rate: a Node client decoding 500 documents per reply is bounded by
 *    js-bson, measured alone and printed too);
 *  - the same with an equality prefix (`application_id`), both ways;
 *  - countDocuments on the 7-day range;
 *  - start-up time of the server on that data (process start to accepting connections) and its RSS after the
 *    queries.
 * The data grows like a real log: 10,000 entries a day over 20 applications, so a 7-day window holds the same
 * 70,000 entries at every size while the history behind it grows. Prints a markdown table.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { BSON, MongoClient, ObjectId, type Collection, type Db, type Document } from 'mongodb';

interface Options {
  sizes: number[];
  seconds: number;
  /** Windows of `seconds` per query; the median is reported (one window moves with the host's other work). */
  rounds: number;
  concurrency: number;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { sizes: [100_000, 1_000_000, 10_000_000], seconds: 5, rounds: 3, concurrency: 8 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const value = argv[++i];
    if (arg === '--sizes') options.sizes = String(value).split(',').map(Number);
    else if (arg === '--seconds') options.seconds = Number(value);
    else if (arg === '--rounds') options.rounds = Number(value);
    else if (arg === '--concurrency') options.concurrency = Number(value);
    else {
      console.log(
        'usage: npm run bench:db -- [--sizes 100000,1000000,10000000] [--seconds 5] [--rounds 3] [--concurrency 8]',
      );
      process.exit(arg === '--help' || arg === '-h' ? 0 : 2);
    }
  }
  if (options.sizes.some((n) => !Number.isInteger(n) || n < 10_000))
    throw new Error('--sizes: integers ≥ 10000');
  if (
    !(options.seconds > 0) ||
    !(options.concurrency > 0) ||
    !(Number.isInteger(options.rounds) && options.rounds > 0)
  )
    throw new Error('--seconds/--concurrency: positive; --rounds: a positive integer');
  return options;
}

const PER_DAY = 10_000;
const DAY = 24 * 3600 * 1000;
const APPS = Array.from({ length: 20 }, (_, i) => new ObjectId(i.toString(16).padStart(24, '0')));
const ACTIONS = ['page_view', 'login', 'logout', 'click', 'api_call'];

/** Entry i of the log: PER_DAY entries a day, the newest at `end`. */
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

interface ServerProcess {
  uri: string;
  pid: number;
  startupMs: number;
  stop(): Promise<void>;
}

const packageDir = fileURLToPath(new URL('..', import.meta.url));
/** Server processes still running, stopped if the benchmark fails half-way. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts the embedded server as its own process (the CLI) so its RSS and start-up are its own. */
async function startServer(dataDir: string): Promise<ServerProcess> {
  const started = performance.now();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/protocol/cli.ts', '--port', '0', '--dbpath', dataDir, '--noauth'],
    { cwd: packageDir, stdio: ['ignore', 'pipe', 'inherit'] },
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
    startupMs: performance.now() - started,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      }),
  };
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function fill(coll: Collection, from: number, to: number, total: number, end: number): Promise<number> {
  const batch = 1000;
  let next = from;
  let lastReport = performance.now();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (;;) {
        const at = next;
        if (at >= to) return;
        next += batch;
        const docs = Array.from({ length: Math.min(batch, to - at) }, (_, j) => logEntry(at + j, total, end));
        await coll.insertMany(docs, { ordered: false });
        if (performance.now() - lastReport > 10_000) {
          lastReport = performance.now();
          console.error(
            `    … ${(next - from).toLocaleString('en-US')} of ${(to - from).toLocaleString('en-US')} documents`,
          );
        }
      }
    }),
  );
  return (to - from) / ((performance.now() - started) / 1000);
}

interface Measured {
  /** Median of the rounds' queries/s. */
  qps: number;
  /** Median latency over every query of every round (ms). */
  p50: number;
  rounds: number[];
}

/**
 * Runs `query` from `concurrency` loops for `rounds` windows of `seconds`; returns the median queries/s of
 * the windows, each window's rate and the median latency.
 */
async function measure(opts: Options, query: () => Promise<unknown>): Promise<Measured> {
  for (let i = 0; i < 20; i++) await query(); // warm-up
  const latencies: number[] = [];
  const rounds: number[] = [];
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
    rounds.push(n / ((performance.now() - started) / 1000));
  }
  latencies.sort((a, b) => a - b);
  const sorted = [...rounds].sort((a, b) => a - b);
  return {
    qps: sorted[Math.floor(sorted.length / 2)] ?? 0,
    p50: latencies[Math.floor(latencies.length / 2)] ?? 0,
    rounds,
  };
}

/**
 * The find command of the benchmark's queries, answered in one batch. With the driver's `raw` option the
 * batch reaches the caller as the received BSON (an application passing results on, e.g. as an HTTP
 * response, can work like this), so the figure is the server's and the loopback's, not js-bson's.
 */
function findCommand(filter: Document): Document {
  return {
    find: 'activity_logs',
    filter,
    sort: { created_at: -1 },
    limit: 500,
    batchSize: 500,
    singleBatch: true,
  };
}

async function findUndecoded(db: Db, filter: Document): Promise<Buffer> {
  const reply = (await db.command(findCommand(filter), { raw: true })) as unknown as { cursor: Buffer };
  return reply.cursor;
}

/** Fails the benchmark unless the undecoded reply holds the 500 documents the decoded query returns. */
async function checkUndecoded(db: Db, coll: Collection, filter: Document): Promise<void> {
  const batch = BSON.deserialize(await findUndecoded(db, filter)).firstBatch as Document[];
  const decoded = await coll.find(filter).sort({ created_at: -1 }).limit(500).toArray();
  if (
    batch.length !== 500 ||
    batch.map((d) => String(d._id)).join() !== decoded.map((d) => String(d._id)).join()
  )
    throw new Error(`the undecoded reply differs from the query's result (${batch.length} documents)`);
}

/** Replies of 500 documents js-bson decodes per second in this process alone (the bound of a decoding client). */
async function decodeRate(db: Db, filter: Document): Promise<number> {
  const bytes = await findUndecoded(db, filter);
  let n = 0;
  const started = performance.now();
  while (performance.now() - started < 2000) {
    BSON.deserialize(bytes);
    n++;
  }
  return n / ((performance.now() - started) / 1000);
}

interface Row {
  size: number;
  insert: number;
  range: Measured;
  rangeUndecoded: Measured;
  prefixed: Measured;
  prefixedUndecoded: Measured;
  count: Measured;
  decodeRate: number;
  startupMs: number;
  rss: number;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
/** Every round's rate, e.g. `1,200/1,150/1,310`. */
const each = (m: Measured) => m.rounds.map(fmt).join('/');
let baselineStartupMs = 0;

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const dir = mkdtempSync(join(tmpdir(), 'bench-db-'));
  const rows: Row[] = [];
  const end = Date.UTC(2026, 10, 1);
  const sizes = [...opts.sizes].sort((a, b) => a - b);
  const total = sizes.at(-1) as number;
  console.error(
    `bench:db — ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`,
  );
  try {
    // process start (Node, tsx) to accepting connections on an empty directory: the part no data can shorten
    const emptyDir = mkdtempSync(join(tmpdir(), 'bench-db-empty-'));
    const empty = await startServer(emptyDir);
    baselineStartupMs = empty.startupMs;
    await empty.stop();
    rmSync(emptyDir, { recursive: true, force: true });
    let stored = 0;
    for (const size of sizes) {
      let server = await startServer(dir);
      let client = new MongoClient(server.uri, { maxPoolSize: opts.concurrency + 4 });
      let coll = client.db('bench').collection('activity_logs');
      if (stored === 0) {
        await coll.createIndex({ created_at: -1 });
        await coll.createIndex({ application_id: 1, created_at: -1 });
      }
      console.error(`  filling to ${size.toLocaleString('en-US')} documents …`);
      // entries are numbered so that the newest entry (the end of the window) is the same at every size
      const insert = await fill(coll, total - size, total - stored, total, end);
      stored = size;
      await client.close();
      await server.stop();
      server = await startServer(dir); // start-up on the data just written
      client = new MongoClient(server.uri, { maxPoolSize: opts.concurrency + 4 });
      coll = client.db('bench').collection('activity_logs');
      const db = client.db('bench');
      const window = { $gte: new Date(end - 7 * DAY), $lt: new Date(end) };
      const inWindow = { created_at: window };
      const ofApp = { application_id: APPS[3], created_at: window };
      await checkUndecoded(db, coll, inWindow);
      await checkUndecoded(db, coll, ofApp);
      const range = await measure(opts, () =>
        coll.find(inWindow).sort({ created_at: -1 }).limit(500).toArray(),
      );
      const rangeUndecoded = await measure(opts, () => findUndecoded(db, inWindow));
      const prefixed = await measure(opts, () =>
        coll.find(ofApp).sort({ created_at: -1 }).limit(500).toArray(),
      );
      const prefixedUndecoded = await measure(opts, () => findUndecoded(db, ofApp));
      const count = await measure(opts, () => coll.countDocuments(inWindow));
      const row = {
        size,
        insert,
        range,
        rangeUndecoded,
        prefixed,
        prefixedUndecoded,
        count,
        decodeRate: await decodeRate(db, inWindow),
        startupMs: server.startupMs,
        rss: rssMiB(server.pid),
      };
      rows.push(row);
      console.error(
        `  ${fmt(size)}: insertMany ${fmt(insert)} docs/s; range ${each(range)} q/s (undecoded ${each(rangeUndecoded)}); prefix+range ${each(prefixed)} q/s (undecoded ${each(prefixedUndecoded)}); count ${each(count)} q/s; js-bson alone ${fmt(row.decodeRate)} replies/s; start-up ${fmt(row.startupMs)} ms; RSS ${fmt(row.rss)} MiB`,
      );
      await client.close();
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const lines = [
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${opts.concurrency} concurrent queries, median of ${opts.rounds} rounds of ${opts.seconds} s per query; journaled (every acknowledged write flushed). Start-up of the same process on an empty directory: ${fmt(baselineStartupMs)} ms.`,
    '',
    '| documents | insertMany (docs/s) | 7-day range, newest 500, decoded (q/s, p50) | same, undecoded reply (q/s, p50) | + application_id, decoded (q/s, p50) | same, undecoded reply (q/s, p50) | countDocuments 7 days (q/s, p50) | js-bson alone (replies/s) | start-up (ms) | server RSS (MiB) |',
    '| --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |',
    ...rows.map((r) => {
      const q = (m: { qps: number; p50: number }) => `${fmt(m.qps)}, ${m.p50.toFixed(1)} ms`;
      return `| ${fmt(r.size)} | ${fmt(r.insert)} | ${q(r.range)} | ${q(r.rangeUndecoded)} | ${q(r.prefixed)} | ${q(r.prefixedUndecoded)} | ${q(r.count)} | ${fmt(r.decodeRate)} | ${fmt(r.startupMs)} | ${fmt(r.rss)} |`;
    }),
  ];
  console.log(lines.join('\n'));
}

await main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
