/**
 * npm run bench:db [-- --docs <n>] [--ops <n>] [--seconds <s>]
 *
 * Benchmarks the embedded MongoDB-compatible server through the official driver (not a timed test):
 *  - insertOne in a loop and insertMany of 1000 documents, in memory;
 *  - find by a unique key at 1k documents and at 1M documents (--docs overrides 1M) — the ops/s must stay
 *    flat, which shows equality lookups use the index instead of scanning;
 *  - the cost of the journal fsync: the same inserts against a server with a dataDir (sequential and with
 *    16 concurrent writers, where group commit shares fsyncs).
 * Prints a markdown table. Run with MONGODB_URI set to measure another server instead (journal rows skipped).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { MongoClient, type Collection } from 'mongodb';

interface Options {
  docs: number;
  ops: number;
  seconds: number;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { docs: 1_000_000, ops: 5_000, seconds: 2 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const next = (): number => {
      const v = Number(argv[++i]);
      if (!Number.isFinite(v) || v <= 0) throw new Error(`${arg} needs a positive number`);
      return v;
    };
    if (arg === '--docs') options.docs = Math.floor(next());
    else if (arg === '--ops') options.ops = Math.floor(next());
    else if (arg === '--seconds') options.seconds = next();
    else if (arg === '--help' || arg === '-h') {
      console.log(
        'usage: npm run bench:db -- [--docs 1000000] [--ops 5000] [--seconds 2 (per lookup window, median of 3)]',
      );
      process.exit(0);
    } else throw new Error(`unknown option ${arg}`);
  }
  return options;
}

interface Server {
  uri: string;
  stop(): Promise<void>;
}

async function startServer(dataDir: string | null): Promise<Server> {
  const { startEmbeddedMongo } = await import('../src/db/embedded/index.js');
  const server = await startEmbeddedMongo({ dataDir, port: 0 });
  return { uri: server.uri, stop: () => server.stop() };
}

interface Row {
  metric: string;
  value: string;
  note: string;
}

const rows: Row[] = [];

function fmt(n: number): string {
  return n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1);
}

function record(metric: string, opsPerSec: number, unit: string, note = ''): number {
  rows.push({ metric, value: `${fmt(opsPerSec)} ${unit}`, note });
  console.error(`  ${metric}: ${fmt(opsPerSec)} ${unit}${note ? ` (${note})` : ''}`);
  return opsPerSec;
}

function doc(i: number): { key: string; n: number; name: string; tags: string[]; created_at: Date } {
  return {
    key: `user-${i.toString().padStart(8, '0')}`,
    n: i,
    name: `User number ${i}`,
    tags: ['a', 'b'],
    created_at: new Date(1_700_000_000_000 + i * 1000),
  };
}

async function insertOneLoop(coll: Collection, count: number, offset = 0): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < count; i++) await coll.insertOne(doc(offset + i));
  return count / ((performance.now() - start) / 1000);
}

async function insertOneConcurrent(
  coll: Collection,
  count: number,
  workers: number,
  offset: number,
): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (;;) {
        const i = next++;
        if (i >= count) return;
        await coll.insertOne(doc(offset + i));
      }
    }),
  );
  return count / ((performance.now() - start) / 1000);
}

async function insertManyBatches(
  coll: Collection,
  batches: number,
  size: number,
  offset = 0,
): Promise<number> {
  const start = performance.now();
  for (let b = 0; b < batches; b++) {
    const docs = Array.from({ length: size }, (_, j) => doc(offset + b * size + j));
    await coll.insertMany(docs, { ordered: true });
  }
  return batches / ((performance.now() - start) / 1000);
}

async function fill(coll: Collection, total: number, already: number): Promise<void> {
  const batch = 10_000;
  const started = performance.now();
  let lastReport = started;
  for (let i = already; i < total; i += batch) {
    const size = Math.min(batch, total - i);
    await coll.insertMany(
      Array.from({ length: size }, (_, j) => doc(i + j)),
      { ordered: false },
    );
    if (performance.now() - lastReport > 5000) {
      lastReport = performance.now();
      console.error(`    … ${(i + size).toLocaleString('en-US')} documents`);
    }
  }
  const secs = (performance.now() - started) / 1000;
  if (total - already > 0) {
    console.error(
      `    loaded ${(total - already).toLocaleString('en-US')} documents in ${secs.toFixed(1)} s`,
    );
  }
}

/** findOne by random unique key for `seconds`; returns ops/s. */
async function findByKey(coll: Collection, population: number, seconds: number): Promise<number> {
  let ops = 0;
  let misses = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  while (performance.now() < deadline) {
    for (let k = 0; k < 50; k++) {
      const i = Math.floor(Math.random() * population);
      const found = await coll.findOne({ key: `user-${i.toString().padStart(8, '0')}` });
      if (!found || found.n !== i) misses++;
      ops++;
    }
  }
  if (misses) throw new Error(`${misses} lookups did not find their document`);
  return ops / ((performance.now() - start) / 1000);
}

/** findOne on a field without an index: a collection scan, for contrast (few operations). */
async function findUnindexed(coll: Collection, population: number, count: number): Promise<number> {
  const start = performance.now();
  for (let k = 0; k < count; k++) {
    const i = Math.floor(Math.random() * population);
    const found = await coll.findOne({ name: `User number ${i}` });
    if (!found) throw new Error('unindexed lookup missed');
  }
  return count / ((performance.now() - start) / 1000);
}

async function findById(coll: Collection, ids: unknown[], seconds: number): Promise<number> {
  let ops = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  while (performance.now() < deadline) {
    for (let k = 0; k < 50; k++) {
      const id = ids[Math.floor(Math.random() * ids.length)];
      if (!(await coll.findOne({ _id: id as never }))) throw new Error('lookup by _id missed');
      ops++;
    }
  }
  return ops / ((performance.now() - start) / 1000);
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const cpu = cpus();
  const machine = `${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${process.platform}/${process.arch}`;
  const external = process.env.MONGODB_URI;
  console.error(`bench:db — ${machine}`);
  console.error(external ? 'target: MONGODB_URI' : 'target: embedded server');
  const benchStart = performance.now();

  // ---- in memory -------------------------------------------------------------------------------
  const memory = external ? { uri: external, stop: async () => undefined } : await startServer(null);
  const client = new MongoClient(memory.uri, { maxPoolSize: 20 });
  await client.connect();
  const db = client.db('bench_db');
  await db.dropDatabase();
  let inMemoryInsert: number | undefined;
  try {
    console.error('in memory:');
    const inserts = db.collection('inserts');
    await insertOneLoop(inserts, 200, 10_000_000); // warm-up
    inMemoryInsert = record(
      `insertOne, sequential${external ? '' : ' (in memory)'}`,
      await insertOneLoop(inserts, options.ops),
      'docs/s',
      `${options.ops.toLocaleString('en-US')} awaited round trips`,
    );
    const batches = 20;
    const batchRate = await insertManyBatches(db.collection('inserts_many'), batches, 1000);
    record(
      `insertMany of 1000 docs${external ? '' : ' (in memory)'}`,
      batchRate * 1000,
      'docs/s',
      `${fmt(batchRate)} batches/s over ${batches} batches`,
    );

    // Two collections in the same server: 1k documents and --docs documents, both with a unique index
    // on `key`. Measurements alternate between them (median of three rounds) so that JIT warm-up and
    // background load affect both sizes alike.
    const small = db.collection('users_1k');
    const large = db.collection('users_large');
    await small.createIndex({ key: 1 }, { unique: true });
    await large.createIndex({ key: 1 }, { unique: true });
    await fill(small, 1000, 0);
    console.error(
      `  loading ${options.docs.toLocaleString('en-US')} documents (insertMany batches of 10,000)…`,
    );
    await fill(large, options.docs, 0);
    const count = await large.estimatedDocumentCount();
    if (count !== options.docs) throw new Error(`expected ${options.docs} documents, found ${count}`);
    const label =
      options.docs >= 1_000_000 && options.docs % 1_000_000 === 0
        ? `${options.docs / 1_000_000}M`
        : options.docs.toLocaleString('en-US');
    const idsOf = async (coll: Collection, n: number): Promise<unknown[]> =>
      (
        await coll
          .find({}, { projection: { _id: 1 } })
          .skip(Math.max(0, n - 1000))
          .toArray()
      ).map((d) => d._id);
    const smallIds = await idsOf(small, 1000);
    const largeIds = await idsOf(large, options.docs);
    await findByKey(small, 1000, 1); // warm-up
    await findByKey(large, options.docs, 1);
    const runs = {
      smallKey: [] as number[],
      largeKey: [] as number[],
      smallId: [] as number[],
      largeId: [] as number[],
    };
    for (let round = 0; round < 3; round++) {
      runs.smallKey.push(await findByKey(small, 1000, options.seconds));
      runs.largeKey.push(await findByKey(large, options.docs, options.seconds));
      runs.smallId.push(await findById(small, smallIds, options.seconds));
      runs.largeId.push(await findById(large, largeIds, options.seconds));
    }
    const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const smallKey = record(
      'find by unique key @ 1k docs',
      median(runs.smallKey),
      'ops/s',
      'findOne({key}), unique index',
    );
    const largeKey = median(runs.largeKey);
    record(
      `find by unique key @ ${label} docs`,
      largeKey,
      'ops/s',
      `${((largeKey / smallKey) * 100).toFixed(0)}% of the 1k rate`,
    );
    const smallId = record('find by _id @ 1k docs', median(runs.smallId), 'ops/s', 'findOne({_id})');
    const largeId = median(runs.largeId);
    record(
      `find by _id @ ${label} docs`,
      largeId,
      'ops/s',
      `${((largeId / smallId) * 100).toFixed(0)}% of the 1k rate`,
    );
    record(
      `find by unindexed field @ ${label} docs`,
      await findUnindexed(large, options.docs, 3),
      'ops/s',
      'collection scan, for contrast',
    );
    await db.dropDatabase();
  } finally {
    await client.close();
    await memory.stop();
  }

  // ---- journal (dataDir) ---------------------------------------------------------------------
  if (!external) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-db-'));
    const durable = await startServer(dir);
    const dclient = new MongoClient(durable.uri, { maxPoolSize: 20 });
    try {
      await dclient.connect();
      console.error(`with a dataDir (journal fsynced before each reply) in ${dir}:`);
      const coll = dclient.db('bench_db').collection('journaled');
      await insertOneLoop(coll, 100, 10_000_000); // warm-up
      const journaled = record(
        'insertOne, sequential (journal + fsync)',
        await insertOneLoop(coll, options.ops),
        'docs/s',
        '',
      );
      const memoryRate = inMemoryInsert ?? Number.NaN;
      const perWriteMs = 1000 / journaled - 1000 / memoryRate;
      rows[rows.length - 1]!.note =
        `${((journaled / memoryRate) * 100).toFixed(0)}% of in-memory; fsync adds ≈ ${perWriteMs.toFixed(3)} ms per write`;
      record(
        'insertOne, 16 concurrent writers (journal + fsync)',
        await insertOneConcurrent(coll, options.ops, 16, 20_000_000),
        'docs/s',
        'group commit shares one fsync among concurrent writes',
      );
      const batchRate = await insertManyBatches(
        dclient.db('bench_db').collection('journaled_many'),
        20,
        1000,
        30_000_000,
      );
      record(
        'insertMany of 1000 docs (journal + fsync)',
        batchRate * 1000,
        'docs/s',
        `${fmt(batchRate)} batches/s`,
      );
    } finally {
      await dclient.close();
      await durable.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  const elapsed = (performance.now() - benchStart) / 1000;
  const width = (k: keyof Row) => Math.max(k.length, ...rows.map((r) => r[k].length));
  const line = (r: Row) =>
    `| ${r.metric.padEnd(width('metric'))} | ${r.value.padStart(width('value'))} | ${r.note.padEnd(width('note'))} |`;
  console.log(`\n### bench:db — ${external ? 'MONGODB_URI' : 'embedded server'}\n`);
  console.log(`Machine: ${machine}. Total run ${elapsed.toFixed(0)} s.\n`);
  console.log(line({ metric: 'metric', value: 'value', note: 'note' }));
  console.log(
    `| ${'-'.repeat(width('metric'))} | ${'-'.repeat(width('value') - 1)}: | ${'-'.repeat(width('note'))} |`,
  );
  for (const r of rows) console.log(line(r));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
