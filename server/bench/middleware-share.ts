/**
 * What each global middleware costs GET /api/v1/health (issue #38, "a middleware chain that costs
 * little"): our server in production mode once whole and once per variant with some of the app's
 * stack layers taken out (server/bench/middleware-server.ts), each measured with autocannon beside
 * the bare Express 5 hello-world of `npm run bench` in the same run (hello-world is measured before,
 * between and after the variants, and its mean is the reference: read the ratios, not the numbers).
 *
 *   npx tsx server/bench/middleware-share.ts [--seconds 5] [--connections 20] [--path /api/v1/health]
 *     [--only name,name]
 *
 * On a shared machine req/s swings with the neighbours' load, so the main figure is the server
 * process's own CPU time per request (utime + stime from /proc/<pid>/stat over the measured run ÷
 * requests answered): `of hello-world` = hello-world's CPU µs per request ÷ ours, the throughput one
 * core would give relative to hello-world. Share of a middleware = 1 − (CPU µs without it ÷ CPU µs
 * whole): the part of a request's CPU it takes.
 */
import { readFileSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '20' },
    path: { type: 'string', default: '/api/v1/health' },
    only: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);

/** Variants: a label and the stack layers (function names, see app.ts) taken out. */
const CHAIN = [
  'securityHeaders',
  'compressSentBodies',
  'requestLogging',
  'requestLogger',
  'bodyParsers',
  'requestScope',
  'serialiseJsonResponses',
];
const VARIANTS: [string, string[]][] = [
  ['whole chain', []],
  ['− security headers + /api Cache-Control (securityHeaders)', ['securityHeaders']],
  ['− compression (response prototype send)', ['compressSentBodies']],
  ['− pino request logging (requestLogging)', ['requestLogging']],
  ['− telemetry request logger (activity_logs; requestLogger)', ['requestLogger']],
  ['− body parsers (bodyParsers)', ['bodyParsers']],
  ['− request scope (AsyncLocalStorage; requestScope)', ['requestScope']],
  ['− compiled serialisers (JSON.stringify instead)', ['serialiseJsonResponses']],
  ['− all of the above (routers, route, handler only)', CHAIN],
  ['− the health check’s database ping (answered as up)', ['databaseProbe']],
];

const children = new Set<ChildProcess>();
process.on('exit', () => children.forEach((child) => child.kill('SIGKILL')));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

interface Started {
  line: Record<string, unknown>;
  pid: number;
  stop(): Promise<void>;
}

/** Starts `node --import tsx <script>` and resolves with the first JSON line that has `key`. */
function start(script: string, key: string, env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@iam-platform/source', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    }).then(() => void children.delete(child));
  let output = '';
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}\n${output.slice(-2000)}`)));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      for (const text of output.split('\n')) {
        if (!text.startsWith('{')) continue;
        const line = JSON.parse(text) as Record<string, unknown>;
        if (line[key]) resolve({ line, pid: child.pid!, stop });
      }
    });
  });
}

/** CPU seconds (user + system) the process has used; /proc/<pid>/stat fields 14 and 15, in ticks. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Measured {
  rps: number;
  /** The server process's CPU µs per request. */
  cpuUs: number;
}

async function measure(url: string, pid: number): Promise<Measured> {
  await autocannon({ url, connections, duration: 1 });
  const before = cpuSeconds(pid);
  const result = await autocannon({ url, connections, duration: seconds });
  const cpu = cpuSeconds(pid) - before;
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: Math.round(result.requests.average), cpuUs: Math.round((cpu * 1e6) / result.requests.total) };
}

const database = await start('bench/servers/database.ts', 'uri');
const helloPort = await freePort();
const hello = await start('bench/servers/hello.ts', 'listening', { PORT: String(helloPort) });
const helloUrl = hello.line.listening as string;
const helloRuns: Measured[] = [];

async function ours(without: string[]): Promise<Measured & { layers: string[] }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await start('server/bench/middleware-server.ts', 'listening', {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    MONGODB_URI: database.line.uri as string,
    WEB_CONCURRENCY: '1',
    MW_WITHOUT: without.join(','),
  });
  try {
    return { ...(await measure(`${url}${values.path}`, server.pid)), layers: server.line.layers as string[] };
  } finally {
    await server.stop();
  }
}

const only = values.only?.split(',');
const variants = VARIANTS.filter(
  ([, names], index) => index === 0 || !only || names.some((n) => only.includes(n)),
);
const results: (Measured & { label: string })[] = [];
helloRuns.push(await measure(helloUrl, hello.pid));
for (const [index, [label, without]] of variants.entries()) {
  const { rps, cpuUs, layers } = await ours(without);
  if (index === 0) console.error(`stack layers: ${layers.join(', ')}`);
  results.push({ label, rps, cpuUs });
  console.error(`${label}: ${rps} req/s, ${cpuUs} µs CPU per request`);
  if (index % 3 === 2) helloRuns.push(await measure(helloUrl, hello.pid));
}
helloRuns.push(await measure(helloUrl, hello.pid));
await hello.stop();
await database.stop();

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const helloRps = mean(helloRuns.map((run) => run.rps));
const helloCpu = mean(helloRuns.map((run) => run.cpuUs));
const whole = results[0]!;
const percent = (x: number) => `${Math.round(x * 100)} %`;
console.log(
  `GET ${values.path}, ${connections} connections, ${seconds} s each after 1 s warm-up; hello-world ` +
    `${helloRuns.map((run) => `${run.rps} req/s at ${run.cpuUs} µs`).join(', ')} (mean ${Math.round(helloCpu)} µs)\n`,
);
console.log(
  '| variant | req/s | hello-world req/s | CPU µs per request | of hello-world (CPU) | share of the whole chain’s CPU |',
);
console.log('| --- | --: | --: | --: | --: | --: |');
for (const { label, rps, cpuUs } of results)
  console.log(
    `| ${label} | ${rps} | ${Math.round(helloRps)} | ${cpuUs} | ${percent(helloCpu / cpuUs)} | ` +
      `${label === 'whole chain' ? '–' : percent(1 - cpuUs / whole.cpuUs)} |`,
  );
