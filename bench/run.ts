/**
 * `npm run bench` — every benchmark of issue #38 in one run (under 10 minutes on a 2-core machine),
 * each beside its reference, on loopback, against the production build (`npm run build` first):
 *
 *   1. a bare Express 5 hello-world (the ceiling), measured right before and right after each row
 *      compared with it (hello, row, hello, row, …, hello: each run between two rows serves both;
 *      half a row's duration after half its warm-up), each row against the mean of its two
 *      neighbours, so that a row and its reference see the same minute of a shared machine's load;
 *      the block's hello-world row is the mean of all its runs;
 *   2. GET /api/v1/health (no auth, no database; 20 connections, not rate-limited) — goal ≥ 70 % of 1;
 *      POST /api/v1/verify (JWT) — ≥ 50 %; GET /api/v1/auth/me (JWT) — shown, no goal of its own;
 *      GET /api/v1/projects (cs_ token) — ≥ 40 %; POST /api/v1/graphql `{ viewer { email } }` (JWT;
 *      issue #34) — ≥ 30 %; POST /api/v1/authorize (cs_ token; an end user against 50 policies;
 *      issue #33) — ≥ 40 %;
 *   3. the OpenID provider (issue #32): `POST {issuer}/token` with client credentials
 *      (client_secret_basic; an opaque access token, and with `resource` a JWT for an API) — ≥ 5 % of
 *      1 — and `POST {issuer}/token/introspection` of an opaque access token — ≥ 40 % of 1;
 *   4. sign-in at bcrypt cost 10 with the server's default hashing pool vs the machine's hash limit
 *      (cores ÷ time of one hash, measured before and after) — ≥ 85 %, while GET /api/v1/health at
 *      100 req/s beside it keeps p99 < 50 ms;
 *   5. refresh with rotation — ≥ 1,000/s;
 *   6. event ingest (batches of 500, 1 process) — ≥ 20,000 events/s;
 *   7. ranged queries on the embedded engine at 1M documents: the newest 500 of a 7-day window,
 *      driver in raw mode (bench/lib/ranged.ts) — ≥ 1,000 q/s;
 *   8. the better-auth peer (bench/peers, installed on first use): its sign-in (scrypt, and bcryptjs
 *      10) and get-session, each beside ours measured just before.
 *
 * Rows 1–6 run with one server process and with N (`--processes`, default: the CPU count) through
 * WEB_CONCURRENCY (the "several processes" block; /auth/me, ingest and the JWT client credentials with
 * one only). Every server runs in its own
 * process against one embedded database (in memory, its own process too); autocannon runs here.
 * Fixed durations and connection counts; a warm-up run before each measurement is discarded. The
 * header records the commit, the machine's load average before and after, and the run time; each
 * row records the 1-minute load average at its start (the table's "load" column) and its wall time
 * (`seconds` in the JSON). Writes
 * bench-results/latest.json and latest.md, and the table into docs/benchmarks.md.
 *
 * Options: --duration <s> (8), --warmup <s> (2), --connections <n> (20), --processes <n>,
 * --documents <n> (1000000, the ranged row), --no-peer, --profile (CPU profiles of the server under
 * the routes of --profile-routes, default verify,projects — any of health, verify, me, projects,
 * graphql, authorize, introspection, refresh, signin; top frames printed), --profile-only (just those
 * profiles; no table is written), --only oidc (just hello-world and the OpenID rows; written to bench-results/only-oidc.*,
 * docs/benchmarks.md untouched), --profile-oidc (with --only oidc: CPU profiles under those rows).
 * A run with a shorter --duration or --warmup than the defaults is a trial: it writes
 * bench-results/trial.* and leaves latest.* and the docs alone.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Options, type Result } from 'autocannon';
import bcrypt from 'bcryptjs';
import prettier from 'prettier';
import { authorizeLoad } from './lib/authorize-load.js';
import { api, fixture, ingestBatch, PASSWORD, type Fixture } from './lib/fixture.js';
import {
  BCRYPT_COST,
  checkBuild,
  freePort,
  root,
  startDatabase,
  startHello,
  startOurs as startServer,
  startProcess,
  type Running,
} from './lib/processes.js';
import { rangedQueries } from './lib/ranged.js';

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
    documents: { type: 'string', default: '1000000' },
    'profile-routes': { type: 'string' },
  },
});
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const connections = Number(values.connections);
const manyProcesses = Number(values.processes);
if (values.only !== undefined && values.only !== 'oidc') throw new Error('--only takes: oidc');
const onlyOidc = values.only === 'oidc';
const cores = os.availableParallelism();
/**
 * Sign-in is hash-bound: twice as many connections as cores keep every hashing thread busy, and
 * latencies stay readable (with 20, each request mostly waits in a queue, ours or the peer's).
 */
const signInConnections = 2 * cores;
/** A few sign-ins per second per core: twice the duration for enough of them to count. */
const signInDuration = 2 * duration;
const documents = Number(values.documents);
/** Shorter than the defaults: a trial of the runner, written apart from the real figures. */
const trial = duration < 8 || warmup < 2;
const SIGN_IN_GOAL = 0.85;
/** Hello-world's runs beside each row (HelloBeside): half a row's duration after half its warm-up. */
const helloDuration = Math.max(1, Math.round(duration / 2));
const helloWarmup = Math.max(1, Math.round(warmup / 2));
const startedAt = Date.now();
const build = checkBuild();
const passed = process.argv.slice(2);
const command = `npm run bench${passed.length > 0 ? ` -- ${passed.join(' ')}` : ''}`;

function startOurs(databaseUri: string, options: { processes: number; profileDir?: string }) {
  return startServer({ databaseUri, ...options });
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
  /** The machine's 1-minute load average when the run (its warm-up) started. */
  loadAverage: number;
  /** Wall time of the warm-up and the measured run, in s. */
  seconds: number;
}

function roundRate(rate: number): number {
  return rate < 100 ? Math.round(rate * 10) / 10 : Math.round(rate);
}

function measured(result: Result, loadAverage: number, started: number): Measured {
  return {
    // Answered requests per second that succeeded: failures never count as throughput.
    // One decimal below 100/s (sign-in counts a few per second).
    rps: roundRate(result['2xx'] / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    loadAverage: Number(loadAverage.toFixed(2)),
    seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
  };
}

/**
 * A discarded warm-up run, then the measured one. `options` may be a function, called before each
 * run, for loads that use up what they are given (refresh tokens). `seconds` and `warmSeconds`
 * replace the defaults (hello-world's short runs beside the rows); a `duration` in `options` wins.
 */
async function load(
  options: Options | (() => Promise<Options>),
  {
    warm = true,
    seconds = duration,
    warmSeconds = warmup,
  }: { warm?: boolean; seconds?: number; warmSeconds?: number } = {},
): Promise<Measured> {
  const loadAverage = os.loadavg()[0]!;
  const started = performance.now();
  const prepare = typeof options === 'function' ? options : async () => options;
  if (warm && warmSeconds > 0) await autocannon({ connections, ...(await prepare()), duration: warmSeconds });
  const result = await autocannon({ connections, duration: seconds, ...(await prepare()) });
  return measured(result, loadAverage, started);
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

/** The OpenID rows, each between two runs of hello-world. */
async function oidcRows(o: OidcFixture, hello: HelloBeside) {
  const form = { authorization: o.basic, 'content-type': 'application/x-www-form-urlencoded' };
  await besideHello(
    hello,
    {
      id: 'oidc-client-credentials',
      name: 'POST {issuer}/token client_credentials (client_secret_basic; opaque access token, stored)',
      goal: '≥ 5 %',
      goalRatio: 0.05,
    },
    { url: `${o.issuer}/token`, method: 'POST', headers: form, body: 'grant_type=client_credentials' },
  );
  // The JWT variant differs by its signature only: one process is enough to show it.
  if (hello.processes === 1 || onlyOidc)
    await besideHello(
      hello,
      {
        id: 'oidc-client-credentials-jwt',
        name: `POST {issuer}/token client_credentials with resource (client_secret_basic; JWT access token, ${o.jwtAlg})`,
        goal: '≥ 5 %',
        goalRatio: 0.05,
      },
      { url: `${o.issuer}/token`, method: 'POST', headers: form, body: clientCredentialsJwtBody },
    );
  await besideHello(
    hello,
    {
      id: 'oidc-introspection',
      name: 'POST {issuer}/token/introspection of an opaque access token (client_secret_basic)',
      goal: '≥ 40 %',
      goalRatio: 0.4,
    },
    {
      url: `${o.issuer}/token/introspection`,
      method: 'POST',
      headers: form,
      body: `token=${encodeURIComponent(o.opaqueToken)}`,
    },
  );
  await assertIntrospects(o.issuer, o.basic, o.opaqueToken);
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
  errors?: number;
  /** What the row is compared with, and its value. */
  reference: string | null;
  referenceValue: number | null;
  /**
   * Rows against hello-world: its runs right before and right after the row (referenceValue is
   * their mean).
   */
  referenceBefore?: number;
  referenceAfter?: number;
  /** The block's hello-world row: the rates of all its runs beside the rows, in order. */
  helloRuns?: number[];
  /** The machine's 1-minute load average at the row's start. */
  loadAverage?: number;
  /** Wall time of the row's load (warm-up and measured run), in s. */
  seconds?: number;
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
 * after the rows that use them (hello-world around each row, see HelloBeside; the hash time around
 * all sign-in rows), and the rows are compared with the mean.
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

/** Minutes:seconds since the run started, for the log. */
function elapsed(): string {
  const s = Math.round((Date.now() - startedAt) / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

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
    `bench: +${elapsed()} ${entry.name} [${entry.processes ?? '-'}] ${entry.rps ?? '-'} req/s p50 ${entry.p50 ?? '-'} p99 ${entry.p99 ?? '-'} non-2xx ${entry.non2xx ?? '-'}` +
      (entry.ratio !== null ? ` ratio ${(entry.ratio * 100).toFixed(0)} %` : '') +
      (entry.referenceBefore !== undefined
        ? ` (hello-world ${entry.referenceBefore} before, ${entry.referenceAfter} after)`
        : '') +
      ` load ${entry.loadAverage ?? '-'}, ${entry.seconds ?? '-'} s`,
  );
  return entry;
}

/**
 * Hello-world of one block (one process count), measured right before and right after each row
 * compared with it: hello, row, hello, row, …, hello — each run between two rows serves both, so
 * a row's reference is measured seconds, not minutes, from the row itself while the load of a
 * shared machine changes from minute to minute. Its runs are shorter than a row's (half the
 * duration after half the warm-up; the block's first after a longer one): a warm ceiling with no
 * database is steady within seconds. Work that is not a row (fixtures, setups) goes before the
 * block's first row, so that nothing else runs between a row and its neighbours.
 */
class HelloBeside {
  readonly runs: Measured[] = [];
  private last: number | undefined;

  constructor(
    readonly processes: number,
    private readonly url: string,
  ) {}

  private async measure(): Promise<number> {
    // The block's first run warms a fresh hello-world (every process of a cluster) longer: with
    // hello's short warm-up, first runs came out low in trials (0.6–0.9 of the next ones).
    const warmSeconds = this.runs.length === 0 ? warmup + helloWarmup : helloWarmup;
    const run = await load({ url: this.url }, { seconds: helloDuration, warmSeconds });
    this.runs.push(run);
    this.last = run.rps;
    return run.rps;
  }

  /** `run` with hello-world just before it (the previous row's "after" if nothing came between) and after it. */
  async around(run: () => Promise<Measured>): Promise<{ measured: Measured; before: number; after: number }> {
    const before = this.last ?? (await this.measure());
    const measured = await run();
    return { measured, before, after: await this.measure() };
  }

  get label(): string {
    return `hello-world (${this.processes} process${this.processes > 1 ? 'es' : ''})`;
  }

  /** The block's hello-world row: the mean of every run beside its rows. */
  blockRow(): Omit<Row, 'ratio' | 'met'> {
    const rates = this.runs.map((run) => run.rps);
    const mean = (pick: (run: Measured) => number) =>
      Math.round((this.runs.reduce((sum, run) => sum + pick(run), 0) / this.runs.length) * 10) / 10;
    return {
      id: `hello-${this.processes}`,
      name: "Express 5 hello-world (the ceiling; mean of its runs beside this block's rows)",
      processes: this.processes,
      rps: Math.round(mean((run) => run.rps)),
      p50: mean((run) => run.p50),
      p99: mean((run) => run.p99),
      non2xx: this.runs.reduce((sum, run) => sum + run.non2xx, 0),
      errors: this.runs.reduce((sum, run) => sum + run.errors, 0),
      reference: null,
      referenceValue: null,
      goal: null,
      helloRuns: rates,
      loadAverage: this.runs[0]?.loadAverage,
      seconds: Number(this.runs.reduce((sum, run) => sum + run.seconds, 0).toFixed(1)),
      note: `${rates.length} runs of ${helloDuration} s, ${Math.min(...rates)}–${Math.max(...rates)}`,
    };
  }
}

/**
 * A row against hello-world, measured between two of its runs; compared with their mean. `id`
 * gets the process count appended.
 */
async function besideHello(
  hello: HelloBeside,
  fields: { id: string; name: string; goal: string | null; goalRatio?: number; note?: string },
  options: Options | (() => Promise<Options>),
): Promise<Row> {
  const { measured, before, after } = await hello.around(() => load(options));
  const mean = (before + after) / 2;
  const ratio = measured.rps / mean;
  return row({
    ...fields,
    id: `${fields.id}-${hello.processes}`,
    processes: hello.processes,
    ...measured,
    reference: hello.label,
    referenceValue: roundRate(mean),
    referenceBefore: before,
    referenceAfter: after,
    ratio,
    met: fields.goalRatio === undefined ? null : ratio >= fields.goalRatio,
  });
}

/**
 * Sign-in load with GET /health at 100 req/s beside it; rows for both. The server's default hashing
 * pool (threads and priority as a team gets them without settings).
 */
async function signIn(base: string, email: string, processes: number) {
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
  row({
    id: `signin-${processes}`,
    name: `POST /api/v1/auth/login, bcrypt ${BCRYPT_COST} (default hashing pool)`,
    processes,
    ...login,
    reference: `hash limit (${cores} cores ÷ one hash)`,
    referenceValue: roundRate(hashLimit),
    goal: '≥ 85 %',
    goalRatio: SIGN_IN_GOAL,
    met: login.rps / hashLimit >= SIGN_IN_GOAL,
  });
  row({
    id: `health-during-signin-${processes}`,
    name: `GET /api/v1/health at 100 req/s during that sign-in load`,
    processes,
    ...health,
    reference: null,
    referenceValue: null,
    goal: 'p99 < 50 ms',
    met: health.p99 < 50 && health.non2xx === 0,
  });
  return login;
}

/**
 * Rotating refresh tokens: every request needs the token the previous answer returned, so each run
 * starts from fresh sign-ins (one per connection; tokens in flight when a run stops are lost) and
 * hands each answer's token to the next request.
 */
function refreshLoad(base: string, email: string): () => Promise<Options> {
  return async (): Promise<Options> => {
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
}

async function refresh(base: string, email: string, processes: number) {
  // No warm-up run: its seeds would cost 20 more sign-ins (bcrypt) for a path the rows before
  // have already warmed (sessions, tokens, signatures).
  const result = await load(refreshLoad(base, email), { warm: false });
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

/**
 * Our server with every row of a block: the request paths first, each between two runs of
 * hello-world (their setups before the first, so nothing but hello-world runs between two rows),
 * then the OpenID rows, then the rows that leave work behind them (sign-in and refresh sessions,
 * analytics batches).
 */
async function ourSuite(databaseUri: string, hello: HelloBeside) {
  const processes = hello.processes;
  const server = await startOurs(databaseUri, { processes });
  try {
    const base = server.url;
    const f = await fixture(base);
    const authorize = await authorizeLoad(base, f);
    const o = await oidcFixture(base, await fixture(base));
    const jwt = { authorization: `Bearer ${f.accessToken}` };
    await besideHello(
      hello,
      {
        id: 'health',
        name: 'GET /api/v1/health (no auth, no database; not rate-limited)',
        goal: '≥ 70 %',
        goalRatio: 0.7,
      },
      { url: `${base}/api/v1/health` },
    );
    await besideHello(
      hello,
      { id: 'verify', name: 'POST /api/v1/verify (JWT)', goal: '≥ 50 %', goalRatio: 0.5 },
      { url: `${base}/api/v1/verify`, method: 'POST', headers: jwt },
    );
    // Like verify, with no goal of its own: one process shows it.
    if (processes === 1)
      await besideHello(
        hello,
        {
          id: 'me',
          name: 'GET /api/v1/auth/me (JWT)',
          goal: null,
          note: 'no goal of its own; 0 round trips warm, like verify',
        },
        { url: `${base}/api/v1/auth/me`, headers: jwt },
      );
    await besideHello(
      hello,
      { id: 'projects', name: 'GET /api/v1/projects (cs_ token)', goal: '≥ 40 %', goalRatio: 0.4 },
      { url: `${base}/api/v1/projects`, headers: { authorization: `Bearer ${f.apiToken}` } },
    );
    await besideHello(
      hello,
      {
        id: 'graphql-viewer',
        name: 'POST /api/v1/graphql { viewer { email } } (JWT)',
        goal: '≥ 30 %',
        goalRatio: 0.3,
      },
      {
        url: `${base}/api/v1/graphql`,
        method: 'POST',
        headers: { ...jwt, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ viewer { email } }' }),
      },
    );
    await besideHello(
      hello,
      {
        id: 'authorize',
        name: 'POST /api/v1/authorize (cs_ token; an end user, 50 policies)',
        goal: '≥ 40 %',
        goalRatio: 0.4,
      },
      authorize,
    );
    await oidcRows(o, hello);
    await signIn(base, f.email, processes);
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

/** Our server with just the OpenID rows (`--profile-oidc`: CPU-profiled). */
async function oidcSuite(databaseUri: string, hello: HelloBeside) {
  const processes = hello.processes;
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
    await oidcRows(o, hello);
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

const profiled = [
  'health',
  'verify',
  'me',
  'projects',
  'graphql',
  'authorize',
  'introspection',
  'refresh',
  'signin',
] as const;
type Profiled = (typeof profiled)[number];

/** The load of one route for a CPU profile (the same as its row's). */
async function routeLoad(
  route: Profiled,
  base: string,
  f: Fixture,
): Promise<Options | (() => Promise<Options>)> {
  const jwt = { authorization: `Bearer ${f.accessToken}` };
  switch (route) {
    case 'health':
      return { url: `${base}/api/v1/health` };
    case 'verify':
      return { url: `${base}/api/v1/verify`, method: 'POST', headers: jwt };
    case 'me':
      return { url: `${base}/api/v1/auth/me`, headers: jwt };
    case 'projects':
      return { url: `${base}/api/v1/projects`, headers: { authorization: `Bearer ${f.apiToken}` } };
    case 'graphql':
      return {
        url: `${base}/api/v1/graphql`,
        method: 'POST',
        headers: { ...jwt, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ viewer { email } }' }),
      };
    case 'authorize':
      return authorizeLoad(base, f);
    case 'introspection': {
      const o = await oidcFixture(base, await fixture(base));
      return {
        url: `${o.issuer}/token/introspection`,
        method: 'POST',
        headers: { authorization: o.basic, 'content-type': 'application/x-www-form-urlencoded' },
        body: `token=${encodeURIComponent(o.opaqueToken)}`,
      };
    }
    case 'refresh':
      return refreshLoad(base, f.email);
    case 'signin':
      return {
        url: `${base}/api/v1/auth/login`,
        connections: signInConnections,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: f.email, password: PASSWORD }),
      };
  }
}

/**
 * CPU profiles (`node --cpu-prof`, one server process per route) under the routes of
 * `--profile-routes` (default verify,projects): the top frames by self time, printed and returned.
 */
async function profileRoutes(databaseUri: string): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  const routes = (values['profile-routes'] ?? 'verify,projects').split(',') as Profiled[];
  for (const route of routes) {
    if (!profiled.includes(route)) throw new Error(`--profile-routes takes: ${profiled.join(', ')}`);
    const dir = path.join(resultsDir, 'profiles', route);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const server = await startOurs(databaseUri, { processes: 1, profileDir: dir });
    const f = await fixture(server.url);
    const measuredLoad = await load(await routeLoad(route, server.url, f));
    await server.stop();
    out[route] = [`${measuredLoad.rps} req/s under the profiler`, ...topFrames(dir, 20)];
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

/** Hello-world's two runs around a row further apart than this share of their mean: marked. */
const UNSTEADY = 0.25;

/**
 * `hello-world (1 process) (8,603 before, 9,438 after: 9,021)`, marked **unsteady** when the two
 * differ by more than UNSTEADY (the machine's load changed during the row: read its ratio with
 * care), or the reference and its value.
 */
function referenceCell(r: Row): string {
  if (r.reference === null) return '–';
  if (r.referenceBefore !== undefined && r.referenceAfter !== undefined) {
    const mean = (r.referenceBefore + r.referenceAfter) / 2;
    const unsteady = Math.abs(r.referenceAfter - r.referenceBefore) > UNSTEADY * mean;
    return `${r.reference} (${cell(r.referenceBefore)} before, ${cell(r.referenceAfter)} after: ${cell(r.referenceValue, 1)}${unsteady ? '; **unsteady**' : ''})`;
  }
  return `${r.reference}${r.referenceValue !== null ? ` (${cell(r.referenceValue, 1)})` : ''}`;
}

function markdown(machine: Record<string, string | number>): string {
  const lines = [
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.os}; Node ${machine.node}; ` +
      `${machine.date}; commit ${machine.commit}${build.stale.length > 0 ? ` (**build older than the last commit of ${build.stale.join(', ')}**)` : ''}${build.uncommitted.length > 0 ? ` (uncommitted work in ${build.uncommitted.join(', ')} not part of the commit)` : ''}, production build; ` +
      `load average (1 min) ${machine.loadAverage} the run. ` +
      `${duration} s per measurement after a ${warmup} s warm-up, ${connections} connections ` +
      `(hello-world: right before and after each row compared with it, ${helloDuration} s after ${helloWarmup} s; the row against their mean) ` +
      `(sign-in: ${signInConnections}, ingest: 4, health beside sign-in: 2 at 100 req/s, ranged queries: 8 in flight); ` +
      `server, embedded database (in memory) and autocannon each in their own process on this machine. ` +
      `One bcrypt-${BCRYPT_COST} comparison: ${machine.oneHashMs} ms (mean of before and after the sign-in rows) → hash limit ${machine.hashLimit}/s. ` +
      `Run time ${machine.runMinutes} min. Command: \`${command}\`.`,
    '',
    '| # | benchmark | processes | req/s | p50 ms | p99 ms | reference | ratio | goal | met | load |',
    '| - | --------- | --------: | ----: | -----: | -----: | --------- | ----: | ---- | --- | ---: |',
  ];
  rows.forEach((r, i) => {
    lines.push(
      `| ${i + 1} | ${r.name}${r.note ? ` (${r.note})` : ''} | ${r.processes ?? '–'} | ${cell(r.rps, 1)} | ${cell(r.p50, 1)} | ${cell(r.p99, 1)} | ${referenceCell(r)} | ${r.ratio === null ? '–' : `${(r.ratio * 100).toFixed(0)} %`} | ${r.goal ?? '–'} | ${r.met === null ? '–' : r.met ? 'yes' : '**no**'} | ${cell(r.loadAverage, 1)} |`,
    );
  });
  return `${lines.join('\n')}\n`;
}

/** `4.1 before, 6.0 after (5 min: 3.2 → 5.5)`. */
function loadText(before: number[], after: number[]): string {
  return `${before[0]!.toFixed(1)} before, ${after[0]!.toFixed(1)} after (5 min: ${before[1]!.toFixed(1)} → ${after[1]!.toFixed(1)})`;
}

function machineFacts(): Record<string, string | number> {
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    cores,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    commit: build.commit,
    loadAverage: loadText(loadBefore, os.loadavg()),
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
    { machine, settings: { duration, warmup, connections, helloDuration, helloWarmup }, rows, profiles },
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

const loadBefore = os.loadavg();
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
    // Idle while the other rows run; measured right before and after each row compared with it.
    const helloServer = await startHello(processes);
    const hello = new HelloBeside(processes, helloServer.url);
    const first = rows.length;
    try {
      if (onlyOidc) await oidcSuite(database.url, hello);
      else await ourSuite(database.url, hello);
    } finally {
      await helloServer.stop();
    }
    // The block's hello-world row heads the block, as before.
    row(hello.blockRow());
    rows.splice(first, 0, rows.pop()!);
  }
  if (onlyOidc) {
    await database.stop();
    await writeResults(machineFacts(), {}, 'only-oidc');
    process.exit(0);
  }

  // The engine's ranged reads at 1M documents (a database process of its own, filled here).
  const rangedLoad = Number(os.loadavg()[0]!.toFixed(2));
  const rangedStarted = performance.now();
  const ranged = await rangedQueries({ documents, duration, warmup });
  const rangedSeconds = Number(((performance.now() - rangedStarted) / 1000).toFixed(1));
  const size = documents.toLocaleString('en-US');
  const how =
    ranged.source === 'bench:ranged'
      ? `npm run bench:ranged -w embedded-db; median of 3 rounds${ranged.rounds ? ` (${ranged.rounds.join(' / ')})` : ''}`
      : 'built-in, filled through the driver';
  row({
    id: 'ranged-1m',
    name: `embedded engine: newest 500 of a 7-day range at ${size} documents (driver raw mode, 8 in flight)`,
    processes: null,
    rps: ranged.qps,
    p50: ranged.p50,
    p99: ranged.p99,
    reference: 'goal 1,000 q/s',
    referenceValue: 1000,
    goal: '≥ 1,000 q/s',
    met: ranged.qps >= 1000 && ranged.errors === 0,
    loadAverage: rangedLoad,
    seconds: rangedSeconds,
    note: `q/s; ${how}; seeded in ${ranged.fillSeconds} s${ranged.serverRssMiB ? `, server RSS ${ranged.serverRssMiB} MiB` : ''}${ranged.errors ? `; ${ranged.errors} errors` : ''}`,
  });
  for (const [id, label, figure] of [
    ['ranged-count-1m', 'countDocuments of that 7-day window (70,000)', ranged.count],
    ['ranged-point-1m', 'point read by _id (raw mode)', ranged.point],
  ] as const)
    if (figure)
      row({
        id,
        name: `embedded engine: ${label} at ${size} documents`,
        processes: null,
        rps: figure.qps,
        p50: figure.p50,
        p99: null,
        reference: null,
        referenceValue: null,
        goal: null,
        note: 'q/s; no goal of its own',
        loadAverage: rangedLoad,
      });

  const hashMsAfter = oneHashMs();
  hashLimit = (cores * 1000 * 2) / (hashMs + hashMsAfter);
  console.error(
    `bench: one hash after the sign-in rows ${hashMsAfter.toFixed(1)} ms → hash limit ${hashLimit.toFixed(1)}/s`,
  );
  rebase((entry) => entry.id.startsWith('signin-'), hashLimit);
  hashMs = (hashMs + hashMsAfter) / 2;

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
      // Ours once, between the two peers' sign-in rows (after scrypt's, before bcrypt's).
      let ours: Measured | undefined;
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
          const login = await load({
            url: `${peer.url}/api/auth/sign-in/email`,
            connections: signInConnections,
            duration: signInDuration,
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body: JSON.stringify({ email, password: PASSWORD }),
          });
          ours ??= await ourSignIn();
          const label =
            hasher === 'scrypt' ? 'its default scrypt' : `bcryptjs ${BCRYPT_COST} as its password hasher`;
          row({
            id: `peer-signin-${hasher}`,
            name: `better-auth POST /api/auth/sign-in/email (${label})`,
            processes: 1,
            ...login,
            reference: 'ours, sign-in, measured next to it',
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

const facts = machineFacts();
await writeResults(facts, profiles, trial ? 'trial' : 'latest');
console.error(`bench: total run time ${facts.runMinutes} min (${command})`);
process.exit(0);
