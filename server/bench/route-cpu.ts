/**
 * The server's own CPU time per request of a few routes, beside the bare Express 5 hello-world in
 * the same run (issue #38: on a shared machine req/s swing with the neighbours' load, CPU per
 * request much less). Our server runs from source in production mode (or `--dist`: the build),
 * against the embedded database in its own process; autocannon runs here.
 *
 *   npx tsx server/bench/route-cpu.ts [--seconds 5] [--rounds 2] [--routes health,verify,me,refresh,projects,graphql,authorize]
 *     [--connections 20] [--dist] [--cpu-prof <dir>]
 *
 * `of hello-world` = hello-world's CPU µs per request ÷ ours: the share of hello-world's throughput
 * one core would give when both are CPU-bound. Refresh rotates: every request sends the token the
 * previous answer returned (one sign-in per connection and round first).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Options } from 'autocannon';
import { authorizeLoad } from '../../bench/lib/authorize-load.js';
import { api, fixture, PASSWORD } from '../../bench/lib/fixture.js';
import { benchServerEnv, freePort, startProcess, type Running } from '../../bench/lib/processes.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '20' },
    routes: { type: 'string', default: 'health,verify,me,refresh' },
    dist: { type: 'boolean', default: false },
    /** Global middleware taken out (server/bench/middleware-server.ts's MW_WITHOUT; from source only). */
    without: { type: 'string', default: '' },
    /**
     * Checkouts whose servers are measured side by side, alternating (default: this one); `dir#a+b`
     * takes those global middleware (`a+b`) out of that one.
     */
    roots: { type: 'string', default: '.' },
    'cpu-prof': { type: 'string' },
    /** A CPU profile of the database process too, into this directory. */
    'db-prof': { type: 'string' },
    /** More node flags for our server, space-separated (e.g. `--trace-gc-nvp`). */
    'node-flags': { type: 'string', default: '' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);

/** CPU seconds (user + system) of a process; /proc/<pid>/stat fields 14 and 15, in ticks. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Measured {
  rps: number;
  cpuUs: number;
  /** The database process's CPU µs per request. */
  dbUs: number;
}

let databasePid = 0;

async function measure(options: () => Promise<Options>, pid: number, warm = true): Promise<Measured> {
  if (warm) await autocannon({ ...(await options()), connections, duration: 1 });
  const run = await options();
  const before = cpuSeconds(pid);
  const dbBefore = cpuSeconds(databasePid);
  const result = await autocannon({ ...run, connections, duration: seconds });
  const cpu = cpuSeconds(pid) - before;
  const db = cpuSeconds(databasePid) - dbBefore;
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${run.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  const perRequest = (seconds: number) => Math.round((seconds * 1e6) / result.requests.total);
  return { rps: Math.round(result.requests.average), cpuUs: perRequest(cpu), dbUs: perRequest(db) };
}

const dbProfile = values['db-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['db-prof']}`] : [];
const database = await startProcess(
  'database',
  [...dbProfile, '--import', 'tsx', 'bench/servers/database.ts'],
  {
    key: 'uri',
  },
);
databasePid = database.child.pid!;
const helloPort = await freePort();
const hello = await startProcess('hello', ['--import', 'tsx', 'bench/servers/hello.ts'], {
  env: { PORT: String(helloPort), WEB_CONCURRENCY: '1' },
  key: 'listening',
});
const profile = [
  ...(values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : []),
  ...values['node-flags']!.split(' ').filter(Boolean),
];

interface Ours {
  name: string;
  running: Running;
  routes: Record<string, () => Promise<Options>>;
}

/** Our server from the checkout at `root` (another checkout's sources: an A/B in one run). */
async function startOurs(spec: string): Promise<Ours> {
  const [root = '.', only] = spec.split('#');
  const without = only === undefined ? values.without! : only.split('+').join(',');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const running = await startProcess(
    `ours (${root})`,
    values.dist
      ? [...profile, 'server/dist/index.js']
      : [
          ...profile,
          '--import',
          'tsx',
          '--conditions=@iam-platform/source',
          'server/bench/middleware-server.ts',
        ],
    {
      cwd: path.resolve(root),
      env: {
        ...benchServerEnv({ url: base, port, processes: 1, bcryptCost: 4, databaseUri: database.url }),
        MW_WITHOUT: without,
      },
      healthUrl: `${base}/api/v1/health`,
    },
  );
  const f = await fixture(base);
  const jwt = { authorization: `Bearer ${f.accessToken}` };
  let authorizeOptions: Promise<Options> | undefined;
  const routes: Record<string, () => Promise<Options>> = {
    health: () => Promise.resolve({ url: `${base}/api/v1/health` }),
    verify: () => Promise.resolve({ url: `${base}/api/v1/verify`, method: 'POST', headers: jwt }),
    me: () => Promise.resolve({ url: `${base}/api/v1/auth/me`, headers: jwt }),
    projects: () =>
      Promise.resolve({ url: `${base}/api/v1/projects`, headers: { authorization: `Bearer ${f.apiToken}` } }),
    graphql: () =>
      Promise.resolve({
        url: `${base}/api/v1/graphql`,
        method: 'POST',
        headers: { ...jwt, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ viewer { email } }' }),
      }),
    // Set up once (its 50 policies), then the same request every round.
    authorize: () => (authorizeOptions ??= authorizeLoad(base, f)),
    refresh: async () => {
      const seeds = await Promise.all(
        Array.from({ length: connections }, () =>
          api(base, '/api/v1/auth/login', { body: { email: f.email, password: PASSWORD } }),
        ),
      );
      const pool = seeds.map((seed) => seed.body.refresh_token as string);
      return {
        url: `${base}/api/v1/auth/refresh`,
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({ refresh_token: pool.shift() }),
            }),
            onResponse: (status, body) => {
              if (status === 200) pool.push((JSON.parse(body) as { refresh_token: string }).refresh_token);
            },
          },
        ],
      };
    },
  };
  return { name: spec, running, routes };
}

const servers: Ours[] = [];
for (const spec of values.roots!.split(',')) servers.push(await startOurs(spec));

const helloOptions = () => Promise.resolve({ url: hello.url });
const routes = values.routes!.split(',');
const rows: Record<string, Measured[]> = { hello: [] };
for (let round = 0; round < Number(values.rounds); round++) {
  rows.hello!.push(await measure(helloOptions, hello.child.pid!));
  for (const route of routes)
    for (const [index, ours] of servers.entries()) {
      const measured = await measure(ours.routes[route]!, ours.running.child.pid!);
      const key = servers.length > 1 ? `${route} [${index + 1}]` : route;
      (rows[key] ??= []).push(measured);
      console.error(
        `round ${round + 1} ${key}: ${measured.rps} req/s, ${measured.cpuUs} µs CPU/req (database ${measured.dbUs} µs)`,
      );
    }
}
rows.hello!.push(await measure(helloOptions, hello.child.pid!));
for (const ours of servers) await ours.running.stop();
await hello.stop();
await database.stop();

const helloCpu = rows.hello!.reduce((sum, run) => sum + run.cpuUs, 0) / rows.hello!.length;
console.log(`${connections} connections, ${seconds} s per run after 1 s warm-up, ${values.rounds} rounds`);
servers.forEach((ours, index) => console.log(`[${index + 1}] ${ours.name}`));
console.log(
  '| request | req/s per round | CPU µs/req per round | of hello-world (CPU, least of the rounds) | database CPU µs/req |',
);
console.log('| --- | --: | --: | --: | --: |');
for (const [route, runs] of Object.entries(rows))
  console.log(
    `| ${route} | ${runs.map((r) => r.rps).join(' / ')} | ${runs.map((r) => r.cpuUs).join(' / ')} | ` +
      `${Math.round((helloCpu / Math.min(...runs.map((r) => r.cpuUs))) * 100)} % | ${runs.map((r) => r.dbUs).join(' / ')} |`,
  );
