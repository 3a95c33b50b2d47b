/**
 * `npm run bench:import` — users/s of POST /api/v1/projects/{id}/users/import through HTTP on
 * loopback: 10,000 users with bcrypt hashes (cost 10, as Auth0 exports them) per request, into a
 * fresh project's pool each run; then a sample of them signs in with their old passwords through
 * the embedding login (/api/auth/login) and the hashes are checked to be upgraded. Starts the real
 * server on the embedded in-memory database. The hashes are computed once (a few distinct
 * passwords, reused): what is measured is the server's insert path, not bcrypt.
 *
 * Options: --users <n> (default 10000), --runs <n> (default 3), --sample <n> (default 100),
 * --cost <bcrypt cost of the imported hashes> (default 10), --csv (also one CSV run).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import bcrypt from 'bcryptjs';
import { pino } from 'pino';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
    sample: { type: 'string', default: '100' },
    cost: { type: 'string', default: '10' },
    csv: { type: 'boolean', default: false },
  },
});
const userCount = Number(values.users);
const runs = Number(values.runs);
const sampleSize = Math.min(Number(values.sample), userCount);
const cost = Number(values.cost);
const DISTINCT_PASSWORDS = 8;

const config = loadConfig({
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'silent',
  EMAIL_CONFIRMATION_REQUIRED: 'false',
  RATE_LIMIT_PER_IP: '100000000',
  RATE_LIMIT_PER_ACCOUNT: '100000000',
  LOCKOUT_THRESHOLD: '1000',
});
const server = await startServer(config, pino({ level: 'silent' }), { inMemoryDatabase: true });
const base = server.url;

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

// The project's admin: signed in just now, so the import's step-up (a proof within 10 minutes) holds.
const adminEmail = 'bench-admin@example.com';
const adminPassword = 'benchmark admin password';
await call('POST', '/api/v1/auth/register', { email: adminEmail, password: adminPassword });
const { access_token: adminToken } = await call('POST', '/api/v1/auth/login', {
  email: adminEmail,
  password: adminPassword,
});
const asAdmin = { authorization: `Bearer ${adminToken as string}` };
const organization = await call('POST', '/api/v1/organizations', { name: 'Bench', slug: 'bench' }, asAdmin);

async function freshPool(run: number) {
  const project = await call(
    'POST',
    '/api/v1/projects',
    { name: `Shop ${run}`, slug: `shop-${run}`, organization_id: organization.id },
    asAdmin,
  );
  const application = await call(
    'POST',
    '/api/v1/applications',
    { name: `Storefront ${run}`, slug: `storefront-${run}`, project_id: project.id },
    asAdmin,
  );
  return { projectId: project.id as string, applicationId: application.id as string };
}

// A few distinct passwords, hashed once at the export's cost in the formats other products write.
const hashingStarted = performance.now();
const passwords = Array.from({ length: DISTINCT_PASSWORDS }, (_, i) => `old shop password ${i}`);
const hashes = passwords.map((password, i) =>
  bcrypt.hashSync(password, cost).replace(/^\$2[aby]\$/, `$2${'aby'[i % 3]}$`),
);
const hashingMs = performance.now() - hashingStarted;

const users = Array.from({ length: userCount }, (_, i) => ({
  email: `customer${i}@shop.example`,
  display_name: `Customer ${i}`,
  password_hash: hashes[i % DISTINCT_PASSWORDS],
  email_verified: true,
}));
const jsonBody = JSON.stringify({ users });
const csvBody = [
  'email,display_name,password_hash,email_verified',
  ...users.map((user) => `${user.email},${user.display_name},${user.password_hash},true`),
].join('\n');

const rows: Array<Record<string, string | number>> = [];
let last: { projectId: string; applicationId: string } | undefined;

async function importRun(run: number, format: 'json' | 'csv') {
  const pool = await freshPool(run);
  const started = performance.now();
  const result = await call(
    'POST',
    `/api/v1/projects/${pool.projectId}/users/import`,
    format === 'json' ? jsonBody : csvBody,
    { ...asAdmin, 'content-type': format === 'json' ? 'application/json' : 'text/csv' },
  );
  const ms = performance.now() - started;
  if (result.imported !== userCount)
    throw new Error(
      `run ${run}: imported ${String(result.imported)} of ${userCount}: ${JSON.stringify(result).slice(0, 300)}`,
    );
  rows.push({
    run: `${run} (${format})`,
    users: userCount,
    'body MB': Number((Buffer.byteLength(format === 'json' ? jsonBody : csvBody) / 1024 / 1024).toFixed(2)),
    seconds: Number((ms / 1000).toFixed(2)),
    'users/s': Math.round(userCount / (ms / 1000)),
  });
  return pool;
}

for (let run = 1; run <= runs; run++) last = await importRun(run, 'json');
if (values.csv) await importRun(runs + 1, 'csv');

// A sample of the last run's users signs in with the old passwords through the embedding login.
const pool = last!;
const profiles = server.database.connection.collection('profiles');
const sample = Array.from({ length: sampleSize }, (_, i) => Math.floor((i * userCount) / sampleSize));
let signedIn = 0;
let upgraded = 0;
const signInStarted = performance.now();
const CONCURRENCY = 8;
for (let offset = 0; offset < sample.length; offset += CONCURRENCY) {
  await Promise.all(
    sample.slice(offset, offset + CONCURRENCY).map(async (i) => {
      const response = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-application-id': pool.applicationId },
        body: JSON.stringify({ email: users[i]!.email, password: passwords[i % DISTINCT_PASSWORDS] }),
      });
      const body = (await response.json()) as { token?: string };
      if (response.ok && body.token) signedIn += 1;
    }),
  );
}
const signInMs = performance.now() - signInStarted;
for (const i of sample) {
  const stored = await profiles.findOne({ pool_id: pool.projectId, email: users[i]!.email });
  if (typeof stored?.password_hash === 'string' && /^\$2[aby]\$/.test(stored.password_hash)) upgraded += 1;
}
const wrong = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-application-id': pool.applicationId },
  body: JSON.stringify({ email: users[1]!.email, password: 'not the old password' }),
});

await server.close();

const jsonRuns = rows.filter((row) => String(row.run).includes('json')).map((row) => Number(row['users/s']));
const median = [...jsonRuns].sort((a, b) => a - b)[Math.floor(jsonRuns.length / 2)]!;
console.log(
  `\nImport benchmark — ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.availableParallelism()} cores, Node ${process.version}, embedded in-memory database`,
);
console.log(
  `${userCount} users per request, bcrypt cost ${cost} hashes (${DISTINCT_PASSWORDS} distinct, computed once in ${Math.round(hashingMs)} ms), one fresh pool per run\n`,
);
console.table(rows);
console.log(`JSON import, median of ${jsonRuns.length}: ${median} users/s`);
console.log(
  `Sign-in with the old password (POST /api/auth/login, ${CONCURRENCY} at a time): ${signedIn}/${sampleSize} succeeded in ${(signInMs / 1000).toFixed(2)} s (${Math.round(sampleSize / (signInMs / 1000))}/s; each verifies the imported hash and re-hashes at the server's cost ${config.auth.bcryptCost}); ${upgraded}/${sampleSize} hashes upgraded to the platform's format; a wrong password answered ${wrong.status}.`,
);
if (signedIn !== sampleSize || upgraded !== sampleSize || wrong.status !== 401) process.exitCode = 1;
