/**
 * `npm run bench:soak` — the soak of issue #38: mixed load at a fixed rate against the production
 * build (`npm run build` first) with the embedded database (no MONGODB_URI: journaled to a fresh
 * DATA_DIR, as a default installation runs), one process, for 30 minutes:
 *
 *   sign-in (POST /api/v1/auth/login, bcrypt 10)           1/s
 *   verify (POST /api/v1/verify, JWT)                      30/s
 *   token GET (GET /api/v1/projects, cs_ token)            10/s
 *   ingest (POST /api/v1/analytics, batches of 50 events)   1/s (50 events/s)
 *
 * (well below what one process answers on the shared 2-core machine, so the soak measures memory
 * over time, not queueing), plus a refresh of the verify load's access token every 2 minutes (it expires after 15). The
 * server's RSS (VmRSS, and its anonymous and file-backed parts from /proc) and its main thread's
 * heap (a preloaded probe, bench/servers/memory-probe.mjs) are sampled every 30 s. The goals: no
 * error (every answer 2xx, none later than 30 s) and RSS growth after the warm-up < 10 % (the process less the
 * resident pages of its database file, see databasePages; VmRSS is reported beside it; last sample against
 * the first after the warm-up). Writes bench-results/soak.json and soak.md (a run shorter than 30
 * minutes: soak-trial.*), with the RSS curve as a table and a sparkline.
 *
 * Options: --minutes <n> (30), --warmup-minutes <n> (5, at most a fifth of the run),
 * --sample-seconds <n> (30).
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Instance, type Options, type Result } from 'autocannon';
import prettier from 'prettier';
import { api, fixture, ingestBatch, PASSWORD } from './lib/fixture.js';
import { checkBuild, root, startOurs } from './lib/processes.js';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    'warmup-minutes': { type: 'string', default: '5' },
    'sample-seconds': { type: 'string', default: '30' },
  },
});
const minutes = Number(values.minutes);
const warmupMinutes = Math.min(Number(values['warmup-minutes']), minutes / 5);
const sampleSeconds = Number(values['sample-seconds']);
if (!(minutes > 0) || !(sampleSeconds >= 1)) throw new Error('--minutes > 0, --sample-seconds ≥ 1');
const resultName = minutes >= 30 ? 'soak' : 'soak-trial';
const INGEST_BATCH = 50;
const RATES = { 'sign-in': 1, verify: 30, 'token GET': 10, ingest: 1 } as const;
type Kind = keyof typeof RATES | 'refresh';

const build = checkBuild();
const loadBefore = os.loadavg();
const startedAt = Date.now();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'iam-soak-'));
const probeFile = path.join(dataDir, 'memory-probe.json');
const server = await startOurs({
  processes: 1,
  dataDir: path.join(dataDir, 'data'),
  nodeArgs: ['--import', path.join(root, 'bench', 'servers', 'memory-probe.mjs')],
  env: { MEMORY_PROBE_FILE: probeFile, MEMORY_PROBE_MS: '5000' },
});
const pid = server.child.pid!;
const base = server.url;

interface Sample {
  /** Seconds since the load started. */
  t: number;
  phase: 'warm-up' | 'measured';
  rssMiB: number;
  rssAnonMiB: number;
  rssFileMiB: number;
  /** VmRSS less the database file's resident pages: the server's own memory (the goal's measure). */
  ownMiB: number;
  /** Resident pages of the database file's map, and the file's size. */
  databaseMappedMiB: number;
  databaseFileMiB: number;
  heapUsedMiB: number;
  heapTotalMiB: number;
  externalMiB: number;
  /** Answers in the interval before this sample, and the failed ones among them. */
  requests: number;
  errors: number;
}

const counts = new Map<Kind, { ok: number; failed: number }>();
let intervalRequests = 0;
let intervalErrors = 0;
const firstErrors: string[] = [];

function count(kind: Kind, ok: boolean, what: string): void {
  const entry = counts.get(kind) ?? { ok: 0, failed: 0 };
  if (ok) entry.ok++;
  else {
    entry.failed++;
    intervalErrors++;
    if (firstErrors.length < 10) firstErrors.push(`${kind}: ${what}`);
  }
  counts.set(kind, entry);
  intervalRequests++;
}

const mib = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

/** The embedded database's one data file (embedded-db's Store: `storage.mdb` in `<DATA_DIR>/db`). */
const DATABASE_FILE = 'storage.mdb';

function procStatus(): { rss: number; anon: number; file: number; database: number; databaseFile: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  return {
    rss: kb('VmRSS'),
    anon: kb('RssAnon'),
    file: kb('RssFile') + kb('RssShmem'),
    ...databasePages(),
  };
}

/**
 * The resident pages of the database file's memory map, and the file's size. lmdb reads (and the
 * engine writes) the file through a map of it into this process, so every page of stored data that
 * has been touched counts in VmRSS: the kernel's page cache of the file, shared with it and dropped
 * under memory pressure, growing with the data (the soak stores 50 events a second), not with leaks.
 * The goal is judged on the process's memory without them; VmRSS is reported beside it.
 */
function databasePages(): { database: number; databaseFile: number } {
  let database = 0;
  let mapped = false;
  let file = '';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) {
      const path = line.trim().split(/\s+/)[5] ?? '';
      mapped = path.endsWith(`/${DATABASE_FILE}`);
      if (mapped) file = path;
    } else if (mapped && line.startsWith('Rss:')) database += Number(/(\d+)/.exec(line)?.[1] ?? 0) * 1024;
  }
  let databaseFile = 0;
  try {
    if (file) databaseFile = statSync(file).size;
  } catch {
    // removed at the end of the run
  }
  return { database, databaseFile };
}

const samples: Sample[] = [];
let loadStartedAt = 0;

function sample(): void {
  let proc: ReturnType<typeof procStatus>;
  let heap: Record<string, number>;
  try {
    proc = procStatus();
    heap = JSON.parse(readFileSync(probeFile, 'utf8')) as Record<string, number>;
  } catch (error) {
    console.error(`soak: no sample (${(error as Error).message}); is the server still running?`);
    return;
  }
  const t = Math.round((Date.now() - loadStartedAt) / 1000);
  samples.push({
    t,
    phase: t < warmupMinutes * 60 ? 'warm-up' : 'measured',
    rssMiB: mib(proc.rss),
    rssAnonMiB: mib(proc.anon),
    rssFileMiB: mib(proc.file),
    ownMiB: mib(proc.rss - proc.database),
    databaseMappedMiB: mib(proc.database),
    databaseFileMiB: mib(proc.databaseFile),
    heapUsedMiB: mib(heap.heapUsed ?? 0),
    heapTotalMiB: mib(heap.heapTotal ?? 0),
    externalMiB: mib(heap.external ?? 0),
    requests: intervalRequests,
    errors: intervalErrors,
  });
  intervalRequests = 0;
  intervalErrors = 0;
  const last = samples.at(-1)!;
  console.error(
    `soak: ${(t / 60).toFixed(1)} min  RSS ${last.rssMiB} MiB (own ${last.ownMiB}; anon ${last.rssAnonMiB}, file ${last.rssFileMiB}, of it the database ${last.databaseMappedMiB} of a ${last.databaseFileMiB} MiB file)  heap ${last.heapUsedMiB}/${last.heapTotalMiB} MiB  ${last.requests} answers, ${last.errors} failed`,
  );
}

/** One fixed-rate autocannon load of `kind` for the whole run; every answer counted. */
function run(kind: Kind, options: Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    const instance: Instance = autocannon(
      { duration: minutes * 60, timeout: 30, ...options, overallRate: RATES[kind as keyof typeof RATES] },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('response', (_client, status) =>
      count(kind, status >= 200 && status < 300, `HTTP ${status}`),
    );
    instance.on('reqError', (error) => count(kind, false, error.message));
  });
}

let result: Record<string, unknown> | undefined;
try {
  const f = await fixture(base);
  let accessToken = f.accessToken;
  let refreshToken = f.refreshToken;
  const renew = async () => {
    try {
      const { body } = await api(base, '/api/v1/auth/refresh', { body: { refresh_token: refreshToken } });
      accessToken = body.access_token as string;
      refreshToken = body.refresh_token as string;
      count('refresh', true, '');
    } catch (error) {
      count('refresh', false, (error as Error).message);
    }
  };
  let sequence = 0;
  const runId = `soak${startedAt}`;
  console.error(
    `soak: ${minutes} min against ${base} (pid ${pid}, commit ${build.commit}), warm-up ${warmupMinutes} min, a sample every ${sampleSeconds} s`,
  );
  loadStartedAt = Date.now();
  const renewer = setInterval(() => void renew(), 120_000);
  const sampler = setInterval(sample, sampleSeconds * 1000);
  const results = await Promise.all([
    run('sign-in', {
      url: `${base}/api/v1/auth/login`,
      connections: 4,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: f.email, password: PASSWORD }),
    }),
    run('verify', {
      url: `${base}/api/v1/verify`,
      connections: 4,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => ({ ...request, headers: { authorization: `Bearer ${accessToken}` } }),
        },
      ],
    }),
    run('token GET', {
      url: `${base}/api/v1/projects`,
      connections: 4,
      headers: { authorization: `Bearer ${f.apiToken}` },
    }),
    run('ingest', {
      url: `${base}/api/v1/analytics`,
      connections: 2,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-application-id': f.applicationId },
          setupRequest: (request) => ({ ...request, body: ingestBatch(runId, sequence++, INGEST_BATCH) }),
        },
      ],
    }),
  ]);
  clearInterval(renewer);
  clearInterval(sampler);
  sample();
  result = summarize(results);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
await write(result!);
process.exit(0);

function summarize(results: Result[]): Record<string, unknown> {
  const kinds = ['sign-in', 'verify', 'token GET', 'ingest'] as const;
  const perKind = kinds.map((kind, i) => {
    const r = results[i]!;
    const c = counts.get(kind) ?? { ok: 0, failed: 0 };
    return {
      kind,
      rate: RATES[kind],
      ok: c.ok,
      failed: c.failed,
      non2xx: r.non2xx,
      timeouts: r.timeouts,
      errors: r.errors,
      p50: r.latency.p50,
      p99: r.latency.p99,
      max: r.latency.max,
    };
  });
  const refresh = counts.get('refresh') ?? { ok: 0, failed: 0 };
  const errors = perKind.reduce((sum, k) => sum + k.failed, 0) + refresh.failed;
  const measured = samples.filter((s) => s.phase === 'measured');
  const first = measured[0];
  const last = measured.at(-1);
  const growth = (pick: (s: Sample) => number) =>
    first && last && pick(first) > 0 ? (pick(last) - pick(first)) / pick(first) : null;
  const peak = measured.length > 0 ? Math.max(...measured.map((s) => s.ownMiB)) : null;
  return {
    machine: {
      cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
      cores: os.availableParallelism(),
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      commit: build.commit,
      staleBuild: build.stale,
      started: new Date(startedAt).toISOString(),
      loadAverage: `${loadBefore[0]!.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after (5 min: ${loadBefore[1]!.toFixed(1)} → ${os.loadavg()[1]!.toFixed(1)})`,
    },
    settings: { minutes, warmupMinutes, sampleSeconds, ingestBatch: INGEST_BATCH, rates: RATES },
    perKind,
    refresh,
    errors,
    firstErrors,
    rss: {
      measure: 'VmRSS less the resident pages of the database file (see databasePages in bench/soak.ts)',
      afterWarmupMiB: first?.ownMiB ?? null,
      lastMiB: last?.ownMiB ?? null,
      peakMiB: peak,
      growth: growth((s) => s.ownMiB),
      vmRssGrowth: growth((s) => s.rssMiB),
      vmRss: { afterWarmupMiB: first?.rssMiB ?? null, lastMiB: last?.rssMiB ?? null },
      database: {
        mappedMiB: [first?.databaseMappedMiB ?? null, last?.databaseMappedMiB ?? null],
        fileMiB: [first?.databaseFileMiB ?? null, last?.databaseFileMiB ?? null],
      },
      anonGrowth: growth((s) => s.rssAnonMiB),
      heapGrowth: growth((s) => s.heapUsedMiB),
      goal: '< 10 %',
      met: growth((s) => s.ownMiB) !== null && growth((s) => s.ownMiB)! < 0.1,
    },
    samples,
  };
}

/** RSS and heap about every 5 minutes (and the last sample), as a table with one column per time. */
function curve(): string[] {
  const step = Math.max(1, Math.round(300 / sampleSeconds));
  const picked = samples.filter((_, i) => i % step === step - 1 || i === samples.length - 1);
  const cells = (pick: (s: Sample) => string) => picked.map(pick).join(' | ');
  return [
    `| min | ${cells((s) => (s.t / 60).toFixed(1))} |`,
    `| --- | ${picked.map(() => '--:').join(' | ')} |`,
    `| RSS less the database's pages, MiB | ${cells((s) => String(s.ownMiB))} |`,
    `| VmRSS MiB | ${cells((s) => String(s.rssMiB))} |`,
    `| database file, resident / size MiB | ${cells((s) => `${s.databaseMappedMiB} / ${s.databaseFileMiB}`)} |`,
    `| heap used MiB | ${cells((s) => String(s.heapUsedMiB))} |`,
  ];
}

/** ▁▂▃▄▅▆▇█ between the series' minimum and maximum. */
function sparkline(series: number[]): string {
  const bars = '▁▂▃▄▅▆▇█';
  const min = Math.min(...series);
  const span = Math.max(...series) - min;
  return series.map((v) => bars[span === 0 ? 0 : Math.min(7, Math.floor(((v - min) / span) * 8))]).join('');
}

async function write(r: Record<string, unknown>): Promise<void> {
  const machine = r.machine as Record<string, unknown>;
  const rss = r.rss as Record<string, number | boolean | null> & {
    vmRss: { afterWarmupMiB: number | null; lastMiB: number | null };
    database: { mappedMiB: Array<number | null>; fileMiB: Array<number | null> };
  };
  const perKind = r.perKind as Array<Record<string, number | string>>;
  const refresh = r.refresh as { ok: number; failed: number };
  const pct = (v: unknown) => (typeof v === 'number' ? `${(v * 100).toFixed(1)} %` : '–');
  const rssSeries = samples.map((s) => s.ownMiB);
  const lines = [
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB; Node ${machine.node}; started ${machine.started}; ` +
      `commit ${machine.commit}${build.stale.length > 0 ? ` (**build older than the last commit of ${build.stale.join(', ')}**)` : ''}${build.uncommitted.length > 0 ? ` (uncommitted work in ${build.uncommitted.join(', ')} not part of the commit)` : ''}, production build, ` +
      `one process, embedded database journaled to a fresh data directory; load average (1 min) ${machine.loadAverage}. ` +
      `${minutes} min at a fixed rate, warm-up ${warmupMinutes} min, a sample every ${sampleSeconds} s. Command: \`npm run bench:soak${minutes === 30 ? '' : ` -- --minutes ${minutes}`}\`.`,
    '',
    `**Errors: ${r.errors as number}** (goal 0). **RSS growth after the warm-up, less the database file's pages: ${pct(rss.growth)}** ` +
      `(${rss.afterWarmupMiB} → ${rss.lastMiB} MiB, peak ${rss.peakMiB} MiB; goal < 10 %: ${rss.met ? 'met' : '**not met**'}); ` +
      `anonymous memory ${pct(rss.anonGrowth)}, main-thread heap used ${pct(rss.heapGrowth)}. ` +
      `VmRSS as the kernel counts it: ${pct(rss.vmRssGrowth)} (${rss.vmRss.afterWarmupMiB} → ${rss.vmRss.lastMiB} MiB), of which the ` +
      `database file's resident pages ${rss.database.mappedMiB[0]} → ${rss.database.mappedMiB[1]} MiB while the file grew ` +
      `${rss.database.fileMiB[0]} → ${rss.database.fileMiB[1]} MiB with the data stored (page cache of the file, mapped into the process).`,
    '',
    `RSS less the database's pages over the whole run (${Math.min(...rssSeries)}–${Math.max(...rssSeries)} MiB, one bar per sample, warm-up first):`,
    '',
    '```',
    sparkline(rssSeries),
    '```',
    '',
    ...curve(),
    '',
    '| kind | rate asked (req/s) | answered 2xx | per second | failed | p50 ms | p99 ms | max ms |',
    '| ---- | -----------------: | -----------: | ---------: | -----: | -----: | -----: | -----: |',
    ...perKind.map(
      (k) =>
        `| ${k.kind}${k.kind === 'ingest' ? ` (${INGEST_BATCH} events a batch)` : ''} | ${k.rate} | ${Number(k.ok).toLocaleString('en-US')} | ${(Number(k.ok) / (minutes * 60)).toFixed(1)} | ${k.failed} | ${k.p50} | ${k.p99} | ${k.max} |`,
    ),
    `| refresh of the verify token (every 2 min) | – | ${refresh.ok} | – | ${refresh.failed} | – | – | – |`,
    '',
    '| minute | phase | RSS less database MiB | VmRSS MiB | anonymous MiB | file-backed MiB | database resident / file MiB | heap used MiB | heap total MiB | external MiB | answers | failed |',
    '| -----: | ----- | ------: | ------: | ------------: | --------------: | ------: | ------------: | -------------: | -----------: | ------: | -----: |',
    ...samples.map(
      (s) =>
        `| ${(s.t / 60).toFixed(1)} | ${s.phase} | ${s.ownMiB} | ${s.rssMiB} | ${s.rssAnonMiB} | ${s.rssFileMiB} | ${s.databaseMappedMiB} / ${s.databaseFileMiB} | ${s.heapUsedMiB} | ${s.heapTotalMiB} | ${s.externalMiB} | ${s.requests} | ${s.errors} |`,
    ),
    ...((r.firstErrors as string[]).length > 0
      ? ['', 'First errors:', '', ...(r.firstErrors as string[]).map((e) => `- ${e}`)]
      : []),
  ];
  const dir = path.join(root, 'bench-results');
  const md = `${lines.join('\n')}\n`;
  writeFileSync(
    path.join(dir, `${resultName}.json`),
    await prettier.format(JSON.stringify(r), { parser: 'json' }),
  );
  writeFileSync(path.join(dir, `${resultName}.md`), await prettier.format(md, { parser: 'markdown' }));
  console.log(`\n${md}`);
  console.error(`soak: wrote bench-results/${resultName}.json and .md`);
  if (resultName !== 'soak') return;
  // The docs' copy, without the per-sample table (soak.md has it).
  const docs = path.join(root, 'docs', 'benchmarks.md');
  const text = readFileSync(docs, 'utf8');
  const start = '<!-- soak:latest:start -->';
  const end = '<!-- soak:latest:end -->';
  if (!text.includes(start) || !text.includes(end)) return;
  const summary = md.slice(0, md.indexOf('| minute |')).trimEnd();
  const updated = `${text.slice(0, text.indexOf(start) + start.length)}\n\n${summary}\n\nEvery sample: \`bench-results/soak.md\`.\n\n${text.slice(text.indexOf(end))}`;
  const options = (await prettier.resolveConfig(docs)) ?? {};
  writeFileSync(docs, await prettier.format(updated, { ...options, filepath: docs }));
}
