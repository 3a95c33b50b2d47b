/**
 * npm run conformance:db [-- --filter <substring> [--filter …]] [--verbose] [--timeout <ms>] [--journal]
 *                         [--try-unsupported]
 *
 * Runs MongoDB's CRUD specification tests (unified test format, JSON files in
 * ../shared/conformance/mongodb-crud relative to the repository root) through the official driver
 * against the embedded MongoDB-compatible server, or against MONGODB_URI when it is set.
 * Prints passed / failed / unsupported per file (with the failure message or the unsupported reason of
 * each test), totals per family and overall; exits 1 when an in-scope test fails.
 * See docs/embedded-mongodb-conformance.md.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import { familyOf, runFile, type FileResult, type RunContext } from './conformance/runner.js';
import { parseVersion, type ServerInfo } from './conformance/scope.js';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..');
const DEFAULT_DIR = resolve(repoRoot, '..', 'shared', 'conformance', 'mongodb-crud');

interface Options {
  filters: string[];
  verbose: boolean;
  dir: string;
  timeoutMs: number;
  journal: boolean;
  tryUnsupported: boolean;
}

function parseArgs(argv: string[]): Options {
  const options: Options = {
    filters: [],
    verbose: false,
    dir: process.env.CONFORMANCE_DIR ? resolve(process.env.CONFORMANCE_DIR) : DEFAULT_DIR,
    timeoutMs: 30_000,
    journal: false,
    tryUnsupported: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--filter' || arg === '-f') options.filters.push(value());
    else if (arg.startsWith('--filter=')) options.filters.push(arg.slice('--filter='.length));
    else if (arg === '--verbose' || arg === '-v') options.verbose = true;
    else if (arg === '--dir') options.dir = resolve(value());
    else if (arg === '--timeout') options.timeoutMs = Number(value());
    else if (arg === '--journal') options.journal = true;
    else if (arg === '--try-unsupported') options.tryUnsupported = true;
    else if (arg === '--help' || arg === '-h') {
      console.log(
        'usage: npm run conformance:db -- [--filter <substring>]... [--verbose] [--dir <folder>] [--timeout <ms per test>]\n' +
          '         [--journal]          run the embedded server with a temporary dataDir (journal + fsync) instead of in memory\n' +
          '         [--try-unsupported]  also execute tests using out-of-scope features and say whether they would pass',
      );
      process.exit(0);
    } else if (!arg.startsWith('-')) options.filters.push(arg);
    else throw new Error(`unknown option ${arg}`);
  }
  return options;
}

async function describeServer(client: MongoClient): Promise<ServerInfo> {
  const admin = client.db('admin');
  const hello = await admin.command({ hello: 1 }).catch(() => admin.command({ isMaster: 1 }));
  let versionString: string;
  let version: [number, number, number];
  try {
    const buildInfo = await admin.command({ buildInfo: 1 });
    versionString = String(buildInfo.version);
    const arr = buildInfo.versionArray as unknown[] | undefined;
    version =
      Array.isArray(arr) && arr.length >= 3
        ? [Number(arr[0]), Number(arr[1]), Number(arr[2])]
        : parseVersion(versionString);
  } catch {
    // Fall back to the wire version (21 = MongoDB 7.0, 17 = 6.0, 13 = 5.0 …).
    const wire = Number(hello.maxWireVersion);
    const map: Record<number, string> = {
      25: '8.0',
      21: '7.0',
      17: '6.0',
      13: '5.0',
      9: '4.4',
      8: '4.2',
      7: '4.0',
    };
    versionString = map[wire] ?? '0.0';
    version = parseVersion(versionString);
  }
  const topology: ServerInfo['topology'] = hello.serviceId
    ? 'load-balanced'
    : hello.msg === 'isdbgrid'
      ? 'sharded'
      : hello.setName
        ? 'replicaset'
        : 'single';
  const failPoints = await admin.command({ configureFailPoint: 'failCommand', mode: 'off' }).then(
    () => true,
    () => false,
  );
  const parameters = new Map<string, unknown>();
  return {
    version,
    versionString,
    topology,
    failPoints,
    auth: /@/.test(process.env.MONGODB_URI ?? ''),
    async getParameter(name: string) {
      if (!parameters.has(name)) {
        const reply = await admin.command({ getParameter: 1, [name]: 1 });
        parameters.set(name, reply[name]);
      }
      return parameters.get(name);
    },
  };
}

/** Groups unsupported reasons for the summary (drops per-test details such as the server version). */
function reasonCategories(reason: string): string[] {
  if (reason.startsWith('runOnRequirements not met: ')) {
    const detail = reason.slice('runOnRequirements not met: '.length).replace(/ \(server [^)]*\)/g, '');
    if (/^written for legacy servers/.test(detail))
      return ['runOnRequirements: written for legacy server versions only'];
    return [`runOnRequirements: ${detail}`];
  }
  return reason.split('; ');
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

function counts(results: FileResult['results']): { passed: number; failed: number; unsupported: number } {
  return {
    passed: results.filter((r) => r.status === 'passed').length,
    failed: results.filter((r) => r.status === 'failed').length,
    unsupported: results.filter((r) => r.status === 'unsupported').length,
  };
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  if (!existsSync(options.dir)) {
    console.log(
      `conformance:db — MongoDB's CRUD specification tests were not found at ${options.dir}.\n` +
        'They live outside this repository (../shared/conformance/mongodb-crud, from mongodb/specifications\n' +
        'source/crud/tests/unified). Nothing to run; set CONFORMANCE_DIR or --dir to point at a copy.',
    );
    return 0;
  }
  const files = readdirSync(options.dir)
    .filter((f) => f.endsWith('.json'))
    .filter((f) => options.filters.length === 0 || options.filters.some((s) => f.includes(s)))
    .sort();
  if (files.length === 0) {
    console.log(
      `conformance:db — no test files in ${options.dir} match ${options.filters.join(', ') || '*.json'}.`,
    );
    return 0;
  }

  let uri: string;
  let stop: (() => Promise<void>) | undefined;
  let target: string;
  if (process.env.MONGODB_URI) {
    uri = process.env.MONGODB_URI;
    target = `MONGODB_URI (${uri.replace(/\/\/[^@/]*@/, '//<credentials>@')})`;
  } else {
    const { startEmbeddedMongo } = await import('../src/index.js');
    const dataDir = options.journal ? mkdtempSync(join(tmpdir(), 'conformance-db-')) : null;
    // Test commands on, like the mongod the specification tests are written for (configureFailPoint).
    const embedded = await startEmbeddedMongo({ dataDir, port: 0, testCommands: true });
    uri = embedded.uri;
    stop = async () => {
      await embedded.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    };
    target = `embedded server (${dataDir ? `journaled in ${dataDir}` : 'in memory'}, test commands on, ${uri})`;
  }

  const internal = new MongoClient(uri, { serverSelectionTimeoutMS: 10_000 });
  let exitCode = 0;
  try {
    await internal.connect();
    const server = await describeServer(internal);
    console.log(`MongoDB CRUD specification tests (unified format) from ${options.dir}`);
    console.log(
      `target: ${target} — server ${server.versionString}, topology ${server.topology}, fail points ${server.failPoints ? 'available' : 'not available'}`,
    );
    console.log(
      `${files.length} file(s)${options.filters.length ? ` matching ${options.filters.join(', ')}` : ''}\n`,
    );

    const ctx: RunContext = {
      uri,
      internal,
      server,
      testTimeoutMs: options.timeoutMs,
      tryUnsupported: options.tryUnsupported,
    };
    const all: FileResult[] = [];
    const started = Date.now();
    for (const file of files) {
      let result: FileResult;
      try {
        result = await runFile(join(options.dir, file), ctx);
      } catch (error) {
        result = {
          file,
          family: familyOf(file),
          results: [
            { description: '(file)', status: 'failed', reason: `could not run the file: ${String(error)}` },
          ],
        };
      }
      all.push(result);
      const c = counts(result.results);
      const mark = c.failed ? 'FAIL' : c.passed ? 'ok  ' : '--  ';
      console.log(
        `${mark} ${pad(file, 48)} passed ${pad(String(c.passed), 3)} failed ${pad(String(c.failed), 3)} unsupported ${c.unsupported}`,
      );
      for (const r of result.results) {
        if (r.status === 'failed') console.log(`       ✗ ${r.description}\n           ${r.reason ?? ''}`);
        else if (r.status === 'unsupported') console.log(`       – ${r.description}: ${r.reason ?? ''}`);
        else if (options.verbose) console.log(`       ✓ ${r.description}`);
      }
    }

    // Per family.
    const families = new Map<
      string,
      { passed: number; failed: number; unsupported: number; files: number }
    >();
    for (const f of all) {
      const entry = families.get(f.family) ?? { passed: 0, failed: 0, unsupported: 0, files: 0 };
      const c = counts(f.results);
      entry.passed += c.passed;
      entry.failed += c.failed;
      entry.unsupported += c.unsupported;
      entry.files += 1;
      families.set(f.family, entry);
    }
    console.log('\nPer family:');
    console.log(`| ${pad('family', 24)} | files | passed | failed | unsupported |`);
    console.log(`| ${'-'.repeat(24)} | ----: | -----: | -----: | ----------: |`);
    for (const [family, c] of [...families.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      console.log(
        `| ${pad(family, 24)} | ${String(c.files).padStart(5)} | ${String(c.passed).padStart(6)} | ${String(c.failed).padStart(6)} | ${String(c.unsupported).padStart(11)} |`,
      );
    }
    const byReason = new Map<string, number>();
    for (const r of all.flatMap((f) => f.results)) {
      if (r.status !== 'unsupported') continue;
      for (const category of reasonCategories(r.reason ?? '')) {
        byReason.set(category, (byReason.get(category) ?? 0) + 1);
      }
    }
    if (byReason.size) {
      console.log('\nUnsupported tests by reason (a test may have several):');
      for (const [reason, n] of [...byReason.entries()].sort((a, b) => b[1] - a[1])) {
        console.log(`  ${String(n).padStart(4)}  ${reason}`);
      }
    }
    const total = counts(all.flatMap((f) => f.results));
    console.log(
      `\nTotal: ${total.passed + total.failed + total.unsupported} tests in ${all.length} files — ` +
        `passed ${total.passed}, failed ${total.failed}, unsupported ${total.unsupported} ` +
        `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    if (total.failed > 0) exitCode = 1;
  } finally {
    await internal.close().catch(() => undefined);
    if (stop) await stop();
  }
  return exitCode;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(2);
  },
);
