/**
 * `npm run bench` — every benchmark in one run, each beside its reference, on loopback:
 *
 *   1. a bare Express 5 hello-world (the ceiling);
 *   2. POST /api/v1/verify (JWT), GET /api/v1/auth/me (JWT) and GET /api/v1/projects (cs_ token) — goal ≥ 50 % of 1;
 *      POST /api/v1/graphql `{ viewer { email } }` (JWT; issue #34) — goal ≥ 30 % of 1;
 *      POST /api/v1/authorize (cs_ token; an end user against 50 policies; issue #33) — goal ≥ 40 % of 1;
 *   3. sign-in at bcrypt cost 10 vs the machine's hash limit (cores ÷ time of one hash) — goal ≥ 90 %,
 *      while GET /api/v1/health at 100 req/s keeps p99 < 50 ms; also at one hashing thread less;
 *   4. refresh with rotation — goal ≥ 1,000/s;
 *   5. event ingest (batches of 500) — goal ≥ 20,000 events/s; the analytics summary does not exist yet;
 *   6. the better-auth peer (bench/peers, installed on first use): its sign-in and get-session beside ours;
 *   7. the OpenID provider's token endpoint (issue #32): `POST {issuer}/token` with client credentials
 *      (client_secret_basic; an opaque access token, and with `resource` a JWT for an API) — goal
 *      ≥ 5 % of 1 — and `POST {issuer}/token/introspection` of an opaque access token (the client
 *      authenticated) — goal ≥ 40 % of 1. Set up through the API (organization, project, an API
 *      application, an m2m client with its secret).
 *
 * Rows 1–4 and 7 run with one server process and with N (`--processes`, default: the CPU count) through
 * WEB_CONCURRENCY. Every server runs in its own process against one embedded database (in memory,
 * its own process too); autocannon runs here. Fixed durations and connection counts; a warm-up run
 * before each measurement is discarded. Writes bench-results/latest.json and latest.md, and the
 * table into docs/benchmarks.md.
 *
 * Options: --duration <s> (8), --warmup <s> (2), --connections <n> (20), --processes <n>,
 * --no-peer, --profile (CPU profiles of the server under verify and projects; top frames printed),
 * --profile-only (just those profiles; no table is written), --only oidc (just hello-world and
 * the OpenID rows; written to bench-results/only-oidc.json and .md, docs/benchmarks.md untouched),
 * --profile-oidc (with --only oidc: CPU profiles of the server under the OpenID rows).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon, { type Options, type Result } from 'autocannon';
import bcrypt from 'bcryptjs';
import prettier from 'prettier';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const peersDir = path.join(root, 'bench', 'peers');
const resultsDir = path.join(root, 'bench-results');

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '20' },
    processes: { type: 'string', default: String(os.availableParallelism()) },
    'no-peer': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    'profile-only': { type: 'boolean', default: false },
    only: { type: 'string' },
    'profile-oidc': { type: 'boolean', default: false },
  },
});
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const connections = Number(values.connections);
const manyProcesses = Number(values.processes);
if (values.only !== undefined && values.only !== 'oidc') throw new Error('--only takes: oidc');
const onlyOidc = values.only === 'oidc';
const cores = os.availableParallelism();
const BCRYPT_COST = 10;
/**
 * Sign-in is hash-bound: twice as many connections as cores keep every hashing thread busy, and
 * latencies stay readable (with 20, each request mostly waits in a queue, ours or the peer's).
 */
const signInConnections = 2 * cores;
/** A few sign-ins per second per core: twice the duration for enough of them to count. */
const signInDuration = 2 * duration;
const PASSWORD = 'benchmark password';
const startedAt = Date.now();
const passed = process.argv.slice(2);
const command = `npm run bench${passed.length > 0 ? ` -- ${passed.join(' ')}` : ''}`;

// ---------------------------------------------------------------------------------------------
// Processes

interface Running {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

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

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/**
 * Starts a process and resolves once it printed a JSON line with `key` (its address), or — with
 * `healthUrl` — once that answers 200.
 */
function startProcess(
  name: string,
  args: string[],
  options: { env?: Record<string, string>; key?: string; healthUrl?: string; cwd?: string },
): Promise<Running> {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd ?? root,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(kill);
        children.delete(child);
        resolve();
      });
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    const fail = (reason: string) => reject(new Error(`${name}: ${reason}\n${output.slice(-3000)}`));
    const timer = setTimeout(() => fail('did not start within 90 s'), 90_000);
    child.once('exit', (code) => fail(`exited with ${code}`));
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!options.key) return;
      for (const line of output.split('\n')) {
        if (!line.startsWith('{')) continue;
        const parsed = JSON.parse(line) as Record<string, string>;
        const address = parsed[options.key];
        if (address) {
          clearTimeout(timer);
          resolve({ child, url: address, stop });
          return;
        }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    if (options.healthUrl) {
      const poll = async () => {
        try {
          if ((await fetch(options.healthUrl!)).ok) {
            clearTimeout(timer);
            resolve({ child, url: new URL(options.healthUrl!).origin, stop });
            return;
          }
        } catch {
          // not listening yet
        }
        if (child.exitCode === null) setTimeout(poll, 200);
      };
      void poll();
    }
  });
}

function startDatabase(): Promise<Running> {
  return startProcess(
    'database',
    ['--import', 'tsx', '--conditions=@iam-platform/source', 'bench/servers/database.ts'],
    { key: 'uri' },
  );
}

async function startHello(processes: number): Promise<Running> {
  const port = await freePort();
  return startProcess('hello-world', ['--import', 'tsx', 'bench/servers/hello.ts'], {
    env: { PORT: String(port), WEB_CONCURRENCY: String(processes) },
    key: 'listening',
  });
}

async function startOurs(
  databaseUri: string,
  options: { processes: number; hashThreads?: number; hashNiceness?: number; profileDir?: string },
): Promise<Running> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const running = await startProcess(
    `our server (${options.processes} process${options.processes > 1 ? 'es' : ''})`,
    [
      ...(options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : []),
      '--import',
      'tsx',
      'server/src/index.ts',
    ],
    {
      env: {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: url,
        LOG_LEVEL: 'warn',
        MONGODB_URI: databaseUri,
        WEB_CONCURRENCY: String(options.processes),
        BCRYPT_COST: String(BCRYPT_COST),
        EMAIL_CONFIRMATION_REQUIRED: 'false',
        RATE_LIMIT_PER_IP: '100000000',
        RATE_LIMIT_PER_ACCOUNT: '100000000',
        LOCKOUT_THRESHOLD: '1000',
        INGEST_RATE_LIMIT_PER_IP: '100000000',
        INGEST_RATE_LIMIT_PER_APPLICATION: '100000000',
        ...(options.hashThreads ? { PASSWORD_HASH_THREADS: String(options.hashThreads) } : {}),
        ...(options.hashNiceness !== undefined
          ? { PASSWORD_HASH_NICENESS: String(options.hashNiceness) }
          : {}),
      },
      healthUrl: `${url}/api/v1/health`,
    },
  );
  // The first process answered; give the others of a cluster time to listen too.
  if (options.processes > 1) await new Promise((resolve) => setTimeout(resolve, 3_000));
  return running;
}

function ensurePeers(): void {
  if (existsSync(path.join(peersDir, 'node_modules', 'better-auth', 'package.json'))) return;
  console.error('bench: installing the peers (bench/peers, dev-only) …');
  execFileSync('npm', ['ci', '--prefix', peersDir, '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: root,
    stdio: 'inherit',
  });
}

async function startBetterAuth(databaseUri: string, hasher: 'scrypt' | 'bcrypt'): Promise<Running> {
  const port = await freePort();
  return startProcess(`better-auth (${hasher})`, ['better-auth-server.mjs'], {
    cwd: peersDir,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      MONGODB_URI: databaseUri,
      DB_NAME: `better_auth_${hasher}_${Date.now()}`,
      HASHER: hasher,
      BCRYPT_COST: String(BCRYPT_COST),
    },
    key: 'listening',
  });
}

// ---------------------------------------------------------------------------------------------
// Load

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

function roundRate(rate: number): number {
  return rate < 100 ? Math.round(rate * 10) / 10 : Math.round(rate);
}

function measured(result: Result): Measured {
  return {
    // Answered requests per second that succeeded: failures never count as throughput.
    // One decimal below 100/s (sign-in counts a few per second).
    rps: roundRate(result['2xx'] / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * A discarded warm-up run, then the measured one. `options` may be a function, called before each
 * run, for loads that use up what they are given (refresh tokens).
 */
async function load(options: Options | (() => Promise<Options>)): Promise<Measured> {
  const prepare = typeof options === 'function' ? options : async () => options;
  if (warmup > 0) await autocannon({ connections, ...(await prepare()), duration: warmup });
  return measured(await autocannon({ connections, duration, ...(await prepare()) }));
}

async function api(
  base: string,
  route: string,
  init: { body?: unknown; headers?: Record<string, string>; method?: string } = {},
) {
  const response = await fetch(`${base}${route}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${route} → ${response.status} ${await response.text()}`);
  return { body: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

interface Fixture {
  email: string;
  accessToken: string;
  apiToken: string;
  applicationId: string;
  projectId: string;
}

let fixtureCount = 0;
/** A user with an organization, project, application and a read-scoped API token, through the API. */
async function fixture(base: string): Promise<Fixture> {
  fixtureCount += 1;
  const email = `bench.${Date.now()}.${fixtureCount}@example.com`;
  const slug = `bench-${Date.now().toString(36)}-${fixtureCount}`;
  await api(base, '/api/v1/auth/register', { body: { email, password: PASSWORD } });
  const { body: session } = await api(base, '/api/v1/auth/login', { body: { email, password: PASSWORD } });
  const auth = { authorization: `Bearer ${session.access_token as string}` };
  const org = await api(base, '/api/v1/organizations', { body: { name: 'Bench', slug }, headers: auth });
  const project = await api(base, '/api/v1/projects', {
    body: { name: 'Web', slug, organization_id: org.body.id },
    headers: auth,
  });
  const app = await api(base, '/api/v1/applications', {
    body: { name: 'Shop', slug, project_id: project.body.id },
    headers: auth,
  });
  const token = await api(base, '/api/v1/tokens', {
    body: { name: 'bench', scopes: ['read'], application_id: app.body.id },
    headers: auth,
  });
  return {
    email,
    accessToken: session.access_token as string,
    apiToken: token.body.token as string,
    applicationId: app.body.id as string,
    projectId: project.body.id as string,
  };
}

// ---------------------------------------------------------------------------------------------
// The OpenID provider's token endpoint (issue #32)

const API_IDENTIFIER = 'https://invoices.bench.example.com';

interface OidcFixture {
  issuer: string;
  /** `Basic base64(client_id:client_secret)` of the m2m client. */
  basic: string;
  /** An opaque access token of that client (client credentials without `resource`). */
  opaqueToken: string;
  /** The `alg` of the JWT access tokens for the API. */
  jwtAlg: string;
}

/**
 * Through the API, with the fixture's fresh dashboard session (its sign-in is the step-up the
 * OpenID settings ask for): an API application (`api_identifier`, scope `invoice:read`) and an
 * m2m client (client_secret_basic) with its secret, in the fixture's project (the pool).
 */
async function oidcFixture(base: string, f: Fixture): Promise<OidcFixture> {
  const auth = { authorization: `Bearer ${f.accessToken}` };
  const application = async (name: string, oidc: Record<string, unknown>) => {
    const created = await api(base, '/api/v1/applications', {
      body: {
        name,
        slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now().toString(36)}`,
        project_id: f.projectId,
      },
      headers: auth,
    });
    const id = created.body.id as string;
    await api(base, `/api/v1/applications/${id}`, { method: 'PATCH', body: { oidc }, headers: auth });
    return id;
  };
  await application('Invoices API', {
    client_type: 'm2m',
    grant_types: ['client_credentials'],
    token_endpoint_auth_method: 'client_secret_basic',
    api_identifier: API_IDENTIFIER,
    api_scopes: ['invoice:read', 'invoice:write'],
  });
  const clientId = await application('Billing job', {
    client_type: 'm2m',
    grant_types: ['client_credentials'],
    token_endpoint_auth_method: 'client_secret_basic',
  });
  const secret = await api(base, `/api/v1/applications/${clientId}/oidc/secret`, { body: {}, headers: auth });
  const basic = `Basic ${Buffer.from(`${clientId}:${secret.body.client_secret as string}`).toString('base64')}`;
  const issuer = `${base}/oidc/${f.projectId}`;
  const token = await oidcToken(issuer, basic, 'grant_type=client_credentials');
  if (typeof token.access_token !== 'string' || token.access_token.split('.').length === 3)
    throw new Error(
      `client credentials without resource: an opaque token expected, got ${JSON.stringify(token)}`,
    );
  const jwt = await oidcToken(issuer, basic, clientCredentialsJwtBody);
  if (typeof jwt.access_token !== 'string' || jwt.access_token.split('.').length !== 3)
    throw new Error(`client credentials with resource: a JWT expected, got ${JSON.stringify(jwt)}`);
  await assertIntrospects(issuer, basic, token.access_token);
  const header = JSON.parse(Buffer.from(jwt.access_token.split('.')[0]!, 'base64url').toString()) as {
    alg: string;
  };
  return { issuer, basic, opaqueToken: token.access_token, jwtAlg: header.alg };
}

const clientCredentialsJwtBody = `grant_type=client_credentials&scope=invoice%3Aread&resource=${encodeURIComponent(API_IDENTIFIER)}`;

async function oidcToken(issuer: string, basic: string, body: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${issuer}/token → ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** The load must introspect a live token: `active: true`, checked before and after the rows. */
async function assertIntrospects(issuer: string, basic: string, token: string): Promise<void> {
  const response = await fetch(`${issuer}/token/introspection`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: `token=${encodeURIComponent(token)}`,
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok || answer.active !== true)
    throw new Error(`introspection → ${response.status} ${JSON.stringify(answer)}: not an active token`);
}

async function oidcRows(
  o: OidcFixture,
  processes: number,
  ceiling: { reference: string; referenceValue: number },
) {
  const form = { authorization: o.basic, 'content-type': 'application/x-www-form-urlencoded' };
  const hello = ceiling.referenceValue;
  const opaque = await load({
    url: `${o.issuer}/token`,
    method: 'POST',
    headers: form,
    body: 'grant_type=client_credentials',
  });
  row({
    id: `oidc-client-credentials-${processes}`,
    name: 'POST {issuer}/token client_credentials (client_secret_basic; opaque access token, stored)',
    processes,
    ...opaque,
    ...ceiling,
    goal: '≥ 5 %',
    goalRatio: 0.05,
    met: opaque.rps / hello >= 0.05,
  });
  const jwt = await load({
    url: `${o.issuer}/token`,
    method: 'POST',
    headers: form,
    body: clientCredentialsJwtBody,
  });
  row({
    id: `oidc-client-credentials-jwt-${processes}`,
    name: `POST {issuer}/token client_credentials with resource (client_secret_basic; JWT access token, ${o.jwtAlg})`,
    processes,
    ...jwt,
    ...ceiling,
    goal: '≥ 5 %',
    goalRatio: 0.05,
    met: jwt.rps / hello >= 0.05,
  });
  const introspection = await load({
    url: `${o.issuer}/token/introspection`,
    method: 'POST',
    headers: form,
    body: `token=${encodeURIComponent(o.opaqueToken)}`,
  });
  await assertIntrospects(o.issuer, o.basic, o.opaqueToken);
  row({
    id: `oidc-introspection-${processes}`,
    name: 'POST {issuer}/token/introspection of an opaque access token (client_secret_basic)',
    processes,
    ...introspection,
    ...ceiling,
    goal: '≥ 40 %',
    goalRatio: 0.4,
    met: introspection.rps / hello >= 0.4,
  });
}

/** Median time of one bcrypt comparison at BCRYPT_COST on this machine, in ms. */
function oneHashMs(): number {
  const hash = bcrypt.hashSync('x'.repeat(64), BCRYPT_COST);
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    bcrypt.compareSync('x'.repeat(64), hash);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[3]!;
}

function ingestBatch(run: string, sequence: number): string {
  const timestamp = new Date().toISOString();
  const events: string[] = [];
  for (let i = 0; i < 500; i++)
    events.push(
      `{"id":"evt_${run}_${sequence}_${i}","event":"page_view","timestamp":"${timestamp}","properties":{"path":"/p/${i % 50}","ref":"bench"}}`,
    );
  return `{"events":[${events.join(',')}],"session_info":{"session_id":"sess_${run}${String(sequence % 100).padStart(8, '0')}","installation_id":"inst_bench${String(sequence % 1000).padStart(8, '0')}"}}`;
}

// ---------------------------------------------------------------------------------------------
// Rows

interface Row {
  id: string;
  name: string;
  processes: number | null;
  rps: number | null;
  p50: number | null;
  p99: number | null;
  non2xx?: number;
  /** What the row is compared with, and its value. */
  reference: string | null;
  referenceValue: number | null;
  /** rps ÷ referenceValue (for peer rows: ours ÷ theirs). */
  ratio: number | null;
  goal: string | null;
  met: boolean | null;
  /** For rows whose goal is a share of the reference: the share (0.5, 0.9). */
  goalRatio?: number;
  note?: string;
}

/**
 * Load on a shared machine changes during a run. References are therefore measured before and
 * after the rows that use them (hello-world around each process count, the hash time around all
 * sign-in rows), and the rows are compared with the mean.
 */
function rebase(matches: (row: Row) => boolean, referenceValue: number): void {
  for (const entry of rows) {
    if (!matches(entry) || entry.rps === null) continue;
    entry.referenceValue = roundRate(referenceValue);
    entry.ratio = entry.rps / referenceValue;
    if (entry.goalRatio !== undefined) entry.met = entry.ratio >= entry.goalRatio;
  }
}

const rows: Row[] = [];

function row(fields: Omit<Row, 'ratio' | 'met'> & { ratio?: number | null; met?: boolean | null }): Row {
  const ratio =
    fields.ratio !== undefined
      ? fields.ratio
      : fields.rps !== null && fields.referenceValue
        ? fields.rps / fields.referenceValue
        : null;
  const entry: Row = { ...fields, ratio, met: fields.met ?? null };
  rows.push(entry);
  console.error(
    `bench: ${entry.name} [${entry.processes ?? '-'}] ${entry.rps ?? '-'} req/s p50 ${entry.p50 ?? '-'} p99 ${entry.p99 ?? '-'} non-2xx ${entry.non2xx ?? '-'}` +
      (entry.ratio !== null ? ` ratio ${(entry.ratio * 100).toFixed(0)} %` : ''),
  );
  return entry;
}

/** Sign-in load with GET /health at 100 req/s beside it; rows for both. */
async function signIn(
  base: string,
  email: string,
  processes: number,
  threads: number,
  hashLimit: number,
  niceness = 10,
) {
  const [login, health] = await Promise.all([
    load({
      url: `${base}/api/v1/auth/login`,
      connections: signInConnections,
      duration: signInDuration,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    }),
    load({ url: `${base}/api/v1/health`, connections: 2, overallRate: 100, duration: signInDuration }),
  ]);
  const label = `${threads} hashing thread${threads > 1 ? 's' : ''}/process at nice ${niceness}`;
  row({
    id: `signin-${processes}-${threads}-${niceness}`,
    name: `POST /api/v1/auth/login, bcrypt ${BCRYPT_COST} (${label})`,
    processes,
    ...login,
    reference: `hash limit (${cores} cores ÷ one hash)`,
    referenceValue: roundRate(hashLimit),
    goal: '≥ 90 %',
    goalRatio: 0.9,
    met: login.rps / hashLimit >= 0.9,
  });
  row({
    id: `health-${processes}-${threads}-${niceness}`,
    name: `GET /api/v1/health at 100 req/s during that sign-in load`,
    processes,
    ...health,
    reference: null,
    referenceValue: null,
    goal: 'p99 < 50 ms',
    met: health.p99 < 50,
  });
  return login;
}

/**
 * Rotating refresh tokens: every request needs the token the previous answer returned, so each run
 * starts from fresh sign-ins (one per connection; tokens in flight when a run stops are lost) and
 * hands each answer's token to the next request.
 */
async function refresh(base: string, email: string, processes: number) {
  const options = async (): Promise<Options> => {
    const seeds = await Promise.all(
      Array.from({ length: connections }, () =>
        api(base, '/api/v1/auth/login', { body: { email, password: PASSWORD } }),
      ),
    );
    const pool = seeds.map((seed) => seed.body.refresh_token as string);
    return {
      url: `${base}/api/v1/auth/refresh`,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: JSON.stringify({ refresh_token: pool.shift() }) }),
          onResponse: (status, body) => {
            if (status === 200) pool.push((JSON.parse(body) as { refresh_token: string }).refresh_token);
          },
        },
      ],
    };
  };
  const result = await load(options);
  row({
    id: `refresh-${processes}`,
    name: 'POST /api/v1/auth/refresh (rotating)',
    processes,
    ...result,
    reference: 'goal 1,000/s',
    referenceValue: 1000,
    goal: '≥ 1,000/s',
    met: result.rps >= 1000,
  });
}

async function ourSuite(databaseUri: string, processes: number, hello: Measured, hashLimit: number) {
  const server = await startOurs(databaseUri, { processes });
  try {
    const base = server.url;
    const f = await fixture(base);
    const ceiling = helloCeiling(processes, hello);
    const verify = await load({
      url: `${base}/api/v1/verify`,
      method: 'POST',
      headers: { authorization: `Bearer ${f.accessToken}` },
    });
    row({
      id: `verify-${processes}`,
      name: 'POST /api/v1/verify (JWT)',
      processes,
      ...verify,
      ...ceiling,
      goal: '≥ 50 %',
      goalRatio: 0.5,
      met: verify.rps / hello.rps >= 0.5,
    });
    const me = await load({
      url: `${base}/api/v1/auth/me`,
      headers: { authorization: `Bearer ${f.accessToken}` },
    });
    row({
      id: `me-${processes}`,
      name: 'GET /api/v1/auth/me (JWT)',
      processes,
      ...me,
      ...ceiling,
      goal: '≥ 50 %',
      goalRatio: 0.5,
      met: me.rps / hello.rps >= 0.5,
    });
    const projects = await load({
      url: `${base}/api/v1/projects`,
      headers: { authorization: `Bearer ${f.apiToken}` },
    });
    row({
      id: `projects-${processes}`,
      name: 'GET /api/v1/projects (cs_ token)',
      processes,
      ...projects,
      ...ceiling,
      goal: '≥ 50 %',
      goalRatio: 0.5,
      met: projects.rps / hello.rps >= 0.5,
    });
    const graphql = await load({
      url: `${base}/api/v1/graphql`,
      method: 'POST',
      headers: { authorization: `Bearer ${f.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ viewer { email } }' }),
    });
    row({
      id: `graphql-viewer-${processes}`,
      name: 'POST /api/v1/graphql { viewer { email } } (JWT)',
      processes,
      ...graphql,
      ...ceiling,
      goal: '≥ 30 %',
      goalRatio: 0.3,
      met: graphql.rps / hello.rps >= 0.3,
    });
    // Issue #33: the check API as a partner's server calls it — an end user of the project against
    // 50 policies (skills, attributes, address ranges), with the application's read token.
    const auth = { authorization: `Bearer ${f.accessToken}` };
    for (let i = 0; i < 50; i++)
      await api(base, `/api/v1/projects/${f.projectId}/policies`, {
        headers: auth,
        body: {
          name: `Bench ${i}`,
          effect: i % 10 === 0 ? 'deny' : 'allow',
          actions: [`invoice:action${i % 5}`, 'invoice:approve'],
          conditions:
            i % 2 === 0
              ? { subject: { skills: [{ name: 'Accounting', min_level: 1 + (i % 5) }] } }
              : {
                  resource: { attributes: { status: { in: ['draft', 'review'] } } },
                  context: { source_ip: ['10.0.0.0/8'] },
                },
        },
      });
    const endUser = await api(base, '/api/auth/register', {
      headers: { 'x-application-id': f.applicationId },
      body: { email: `end.${f.email}`, password: PASSWORD },
    });
    const authorize = await load({
      url: `${base}/api/v1/authorize`,
      method: 'POST',
      headers: { authorization: `Bearer ${f.apiToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        subject: { user_id: (endUser.body.user as { id: string }).id },
        action: 'invoice:approve',
        resource: { type: 'invoice', id: 'inv-1', attributes: { status: 'draft' } },
      }),
    });
    row({
      id: `authorize-${processes}`,
      name: 'POST /api/v1/authorize (cs_ token; an end user, 50 policies)',
      processes,
      ...authorize,
      ...ceiling,
      goal: '≥ 40 %',
      goalRatio: 0.4,
      met: authorize.rps / hello.rps >= 0.4,
    });
    await signIn(base, f.email, processes, Math.max(1, Math.round(cores / processes)), hashLimit);
    await refresh(base, f.email, processes);
    if (processes === 1) {
      let sequence = 0;
      let processed = 0;
      const ingest = await load({
        url: `${base}/api/v1/analytics`,
        connections: 4,
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-application-id': f.applicationId },
            setupRequest: (request) => ({ ...request, body: ingestBatch(`r${startedAt}`, sequence++) }),
            onResponse: (status, body) => {
              if (status === 200)
                processed += (JSON.parse(body) as { events_processed: number }).events_processed;
            },
          },
        ],
      });
      // `processed` counts the warm-up too: take events per batch from it, batches/s from the run.
      const eventsPerSecond = Math.round(ingest.rps * 500);
      row({
        id: 'ingest-1',
        name: 'POST /api/v1/analytics, batches of 500 events (4 connections)',
        processes,
        ...ingest,
        rps: eventsPerSecond,
        reference: 'goal 20,000 events/s',
        referenceValue: 20_000,
        goal: '≥ 20,000 events/s',
        met: eventsPerSecond >= 20_000,
        note: `events/s; ${processed} events stored in all`,
      });
    }
  } finally {
    await server.stop();
  }
}

function helloCeiling(processes: number, hello: Measured) {
  return {
    reference: `hello-world (${processes} process${processes > 1 ? 'es' : ''})`,
    referenceValue: hello.rps,
  };
}

/** Our server with just the OpenID rows (`--profile-oidc`: CPU-profiled). */
async function oidcSuite(databaseUri: string, processes: number, hello: Measured) {
  const profileDir = values['profile-oidc']
    ? path.join(resultsDir, 'profiles', `oidc-${processes}`)
    : undefined;
  if (profileDir) {
    rmSync(profileDir, { recursive: true, force: true });
    mkdirSync(profileDir, { recursive: true });
  }
  const server = await startOurs(databaseUri, { processes, profileDir });
  try {
    const o = await oidcFixture(server.url, await fixture(server.url));
    await oidcRows(o, processes, helloCeiling(processes, hello));
  } finally {
    await server.stop();
  }
  if (profileDir)
    console.error(
      `bench: CPU profile of the server under the OpenID rows (self time):\n  ${topFrames(profileDir, 25).join('\n  ')}`,
    );
}

/** Self time per function of the newest CPU profile in `dir`, top `count`. */
function topFrames(dir: string, count = 12): string[] {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => path.join(dir, name))
    .sort((a, b) => statSync(b).size - statSync(a).size);
  if (!files[0]) return ['(no profile written)'];
  const profile = JSON.parse(readFileSync(files[0], 'utf8')) as {
    nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!;
    if (frame.functionName === '(idle)') return;
    const where = frame.url
      ? ` ${frame.url.replace(/^.*node_modules\//, '').replace(root, '')}:${frame.lineNumber + 1}`
      : '';
    const key = `${frame.functionName || '(anonymous)'}${where}`;
    const delta = profile.timeDeltas[i] ?? 0;
    self.set(key, (self.get(key) ?? 0) + delta);
    total += delta;
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, us]) => `${((us / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
}

async function profileRoutes(databaseUri: string): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const route of ['verify', 'projects'] as const) {
    const dir = path.join(resultsDir, 'profiles', route);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const server = await startOurs(databaseUri, { processes: 1, profileDir: dir });
    const f = await fixture(server.url);
    await load(
      route === 'verify'
        ? {
            url: `${server.url}/api/v1/verify`,
            method: 'POST',
            headers: { authorization: `Bearer ${f.accessToken}` },
          }
        : { url: `${server.url}/api/v1/projects`, headers: { authorization: `Bearer ${f.apiToken}` } },
    );
    await server.stop();
    out[route] = topFrames(dir);
    console.error(
      `bench: CPU profile of the server under ${route} (self time):\n  ${out[route]!.join('\n  ')}`,
    );
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Report

function cell(value: number | null | undefined, digits = 0): string {
  return value === null || value === undefined
    ? '–'
    : value.toLocaleString('en-US', { maximumFractionDigits: digits });
}

function markdown(machine: Record<string, string | number>): string {
  const lines = [
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.os}; Node ${machine.node}; ` +
      `${machine.date}; load average (1 min) ${machine.loadAverage} the run. ` +
      `${duration} s per measurement after a ${warmup} s warm-up, ${connections} connections ` +
      `(sign-in: ${signInConnections}, ingest: 4, health: 2 at 100 req/s); ` +
      `server, embedded database (in memory) and autocannon each in their own process on this machine. ` +
      `One bcrypt-${BCRYPT_COST} comparison: ${machine.oneHashMs} ms (mean of before and after the sign-in rows) → hash limit ${machine.hashLimit}/s. ` +
      `Run time ${machine.runMinutes} min. Command: \`${command}\`.`,
    '',
    '| # | benchmark | processes | req/s | p50 ms | p99 ms | reference | ratio | goal | met |',
    '| - | --------- | --------: | ----: | -----: | -----: | --------- | ----: | ---- | --- |',
  ];
  rows.forEach((r, i) => {
    lines.push(
      `| ${i + 1} | ${r.name}${r.note ? ` (${r.note})` : ''} | ${r.processes ?? '–'} | ${cell(r.rps, 1)} | ${cell(r.p50, 1)} | ${cell(r.p99, 1)} | ${r.reference ?? '–'}${r.referenceValue !== null ? ` (${cell(r.referenceValue, 1)})` : ''} | ${r.ratio === null ? '–' : `${(r.ratio * 100).toFixed(0)} %`} | ${r.goal ?? '–'} | ${r.met === null ? '–' : r.met ? 'yes' : '**no**'} |`,
    );
  });
  return `${lines.join('\n')}\n`;
}

function machineFacts(): Record<string, string | number> {
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    cores,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    loadAverage: `${loadAverage} before, ${os.loadavg()[0]!.toFixed(1)} after`,
    oneHashMs: Number(hashMs.toFixed(1)),
    hashLimit: Number(hashLimit.toFixed(1)),
    runMinutes: Number(((Date.now() - startedAt) / 60_000).toFixed(1)),
  };
}

/** `name` other than `latest` (a partial run, `--only`): bench-results/<name>.*, docs untouched. */
async function writeResults(
  machine: Record<string, string | number>,
  profiles: Record<string, string[]>,
  name = 'latest',
) {
  mkdirSync(resultsDir, { recursive: true });
  const json = JSON.stringify(
    { machine, settings: { duration, warmup, connections }, rows, profiles },
    null,
    2,
  );
  const table = markdown(machine);
  writeFileSync(path.join(resultsDir, `${name}.json`), await prettier.format(json, { parser: 'json' }));
  writeFileSync(path.join(resultsDir, `${name}.md`), await prettier.format(table, { parser: 'markdown' }));
  if (name !== 'latest') {
    console.log(`\n${table}`);
    return;
  }
  const docs = path.join(root, 'docs', 'benchmarks.md');
  const text = readFileSync(docs, 'utf8');
  const start = '<!-- bench:latest:start -->';
  const end = '<!-- bench:latest:end -->';
  if (text.includes(start) && text.includes(end)) {
    const updated = `${text.slice(0, text.indexOf(start) + start.length)}\n\n${table}\n${text.slice(text.indexOf(end))}`;
    const options = (await prettier.resolveConfig(docs)) ?? {};
    writeFileSync(docs, await prettier.format(updated, { ...options, filepath: docs }));
  }
  console.log(`\n${table}`);
}

// ---------------------------------------------------------------------------------------------

const loadAverage = os.loadavg()[0]!.toFixed(1);
let hashMs = oneHashMs();
let hashLimit = (cores * 1000) / hashMs;
console.error(
  `bench: one bcrypt-${BCRYPT_COST} comparison ${hashMs.toFixed(1)} ms → hash limit ${hashLimit.toFixed(1)}/s`,
);

const database = await startDatabase();
let profiles: Record<string, string[]> = {};
if (values['profile-only']) {
  try {
    await profileRoutes(database.url);
  } finally {
    await database.stop();
  }
  process.exit(0);
}
try {
  for (const processes of [...new Set([1, manyProcesses])]) {
    // Idle while the other rows run; measured before and after them.
    const helloServer = await startHello(processes);
    const hello = await load({ url: helloServer.url });
    const helloRow = row({
      id: `hello-${processes}`,
      name: 'Express 5 hello-world (the ceiling; mean of a run before and one after this block)',
      processes,
      ...hello,
      reference: null,
      referenceValue: null,
      goal: null,
    });
    if (!onlyOidc) await ourSuite(database.url, processes, hello, hashLimit);
    // A server of their own: no background work left over from the rows above (analytics
    // batches, refresh families) in the process measured.
    await oidcSuite(database.url, processes, hello);
    const helloAfter = await load({ url: helloServer.url });
    await helloServer.stop();
    helloRow.rps = Math.round((hello.rps + helloAfter.rps) / 2);
    helloRow.note = `${hello.rps} before, ${helloAfter.rps} after`;
    rebase(
      (entry) => entry.processes === processes && Boolean(entry.reference?.startsWith('hello-world')),
      helloRow.rps,
    );
  }
  if (onlyOidc) {
    await database.stop();
    await writeResults(machineFacts(), {}, 'only-oidc');
    process.exit(0);
  }

  // The hashing trade-off: threads at the request thread's priority, and one thread less than the
  // cores (the old default, which keeps a core free).
  const variants = [
    { hashThreads: cores, hashNiceness: 0 },
    ...(cores > 1 ? [{ hashThreads: cores - 1 }] : []),
  ];
  for (const variant of variants) {
    const server = await startOurs(database.url, { processes: 1, ...variant });
    try {
      const f = await fixture(server.url);
      await signIn(server.url, f.email, 1, variant.hashThreads, hashLimit, variant.hashNiceness);
    } finally {
      await server.stop();
    }
  }

  const hashMsAfter = oneHashMs();
  hashLimit = (cores * 1000 * 2) / (hashMs + hashMsAfter);
  console.error(
    `bench: one hash after the sign-in rows ${hashMsAfter.toFixed(1)} ms → hash limit ${hashLimit.toFixed(1)}/s`,
  );
  rebase((entry) => entry.goalRatio === 0.9, hashLimit);
  hashMs = (hashMs + hashMsAfter) / 2;

  row({
    id: 'analytics-summary',
    name: 'GET /api/v1/analytics/summary',
    processes: null,
    rps: null,
    p50: null,
    p99: null,
    reference: null,
    referenceValue: null,
    goal: null,
    note: 'not built yet: the analytics issue (#11) adds it',
  });

  if (!values['no-peer']) {
    ensurePeers();
    // Ours runs beside the peer and each pair is measured back to back, so both see the same
    // machine load (other work on a shared machine changes it from minute to minute).
    const ourServer = await startOurs(database.url, { processes: 1 });
    try {
      const f = await fixture(ourServer.url);
      const ourSignIn = () =>
        load({
          url: `${ourServer.url}/api/v1/auth/login`,
          connections: signInConnections,
          duration: signInDuration,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: f.email, password: PASSWORD }),
        });
      for (const hasher of ['scrypt', 'bcrypt'] as const) {
        const peer = await startBetterAuth(database.url, hasher);
        try {
          const email = `peer.${hasher}.${Date.now()}@example.com`;
          const headers = { origin: peer.url };
          await api(peer.url, '/api/auth/sign-up/email', {
            body: { email, password: PASSWORD, name: 'Bench' },
            headers,
          });
          const signedIn = await api(peer.url, '/api/auth/sign-in/email', {
            body: { email, password: PASSWORD },
            headers,
          });
          const cookie = signedIn.headers
            .getSetCookie()
            .map((value) => value.split(';')[0])
            .join('; ');
          const ours = await ourSignIn();
          const login = await load({
            url: `${peer.url}/api/auth/sign-in/email`,
            connections: signInConnections,
            duration: signInDuration,
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body: JSON.stringify({ email, password: PASSWORD }),
          });
          const label =
            hasher === 'scrypt' ? 'its default scrypt' : `bcryptjs ${BCRYPT_COST} as its password hasher`;
          row({
            id: `peer-signin-${hasher}`,
            name: `better-auth POST /api/auth/sign-in/email (${label})`,
            processes: 1,
            ...login,
            reference: 'ours, sign-in, measured just before',
            referenceValue: ours.rps,
            ratio: login.rps ? ours.rps / login.rps : null,
            goal: 'ours ahead (ratio = ours ÷ peer > 100 %)',
            met: ours.rps > login.rps,
          });
          if (hasher === 'scrypt') {
            const me = await load({
              url: `${ourServer.url}/api/v1/auth/me`,
              headers: { authorization: `Bearer ${f.accessToken}` },
            });
            const session = await load({
              url: `${peer.url}/api/auth/get-session`,
              headers: { cookie, ...headers },
            });
            row({
              id: 'peer-get-session',
              name: 'better-auth GET /api/auth/get-session (cookie)',
              processes: 1,
              ...session,
              reference: 'ours, GET /auth/me, measured just before',
              referenceValue: me.rps,
              ratio: session.rps ? me.rps / session.rps : null,
              goal: 'ours ahead (ratio = ours ÷ peer > 100 %)',
              met: me.rps > session.rps,
            });
          }
        } finally {
          await peer.stop();
        }
      }
    } finally {
      await ourServer.stop();
    }
  }

  if (values.profile) profiles = await profileRoutes(database.url);
} finally {
  await database.stop();
}

await writeResults(machineFacts(), profiles);
process.exit(0);
