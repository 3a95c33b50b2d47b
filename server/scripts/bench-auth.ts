/**
 * `npm run bench:auth` — login/s, refresh/s and verify/s through HTTP on loopback (autocannon),
 * and the p99 latency of GET /api/v1/health alone and while a login storm runs. Starts the real
 * server on the embedded in-memory database. Options: --duration <s> (default 10),
 * --connections <n> (default 20), --cost <bcrypt cost> (default: the configured default, 10).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import { pino } from 'pino';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    cost: { type: 'string' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);

const config = loadConfig({
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'silent',
  EMAIL_CONFIRMATION_REQUIRED: 'false',
  RATE_LIMIT_PER_IP: '100000000',
  RATE_LIMIT_PER_ACCOUNT: '100000000',
  LOCKOUT_THRESHOLD: '1000',
  ...(values.cost ? { BCRYPT_COST: values.cost } : {}),
});
const server = await startServer(config, pino({ level: 'silent' }), { inMemoryDatabase: true });
const base = server.url;
const json = { 'content-type': 'application/json' };

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...json, ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} → ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

const email = 'bench@example.com';
const password = 'benchmark password';
await post('/api/v1/auth/register', { email, password });
const seedSessions = await Promise.all(
  Array.from({ length: connections }, () => post('/api/v1/auth/login', { email, password })),
);

function run(options: autocannon.Options): Promise<Result> {
  return autocannon({ connections, duration, ...options });
}

function summary(name: string, result: Result) {
  return {
    name,
    'req/s (mean)': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    '2xx': result['2xx'],
    'non-2xx': result.non2xx,
    errors: result.errors,
  };
}

const rows = [];

const login = await run({
  url: `${base}/api/v1/auth/login`,
  method: 'POST',
  headers: json,
  body: JSON.stringify({ email, password }),
});
rows.push(summary('POST /auth/login', login));

// Refresh tokens rotate: every request needs the token the previous response returned.
const refreshPool = seedSessions.map((session) => session.refresh_token as string);
const refresh = await run({
  url: `${base}/api/v1/auth/refresh`,
  requests: [
    {
      method: 'POST',
      headers: json,
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({ refresh_token: refreshPool.shift() }),
      }),
      onResponse: (status, body) => {
        if (status === 200) refreshPool.push(JSON.parse(body).refresh_token);
      },
    },
  ],
});
rows.push(summary('POST /auth/refresh', refresh));

const { access_token: accessToken } = await post('/api/v1/auth/login', { email, password });
const verify = await run({
  url: `${base}/api/v1/verify`,
  method: 'POST',
  headers: { authorization: `Bearer ${accessToken as string}` },
});
rows.push(summary('POST /verify', verify));

const healthOptions = { url: `${base}/api/v1/health`, connections: 2, overallRate: 100 } as const;
const healthAlone = await run(healthOptions);
rows.push(summary('GET /health (alone, 100 req/s)', healthAlone));

const [healthDuringStorm, storm] = await Promise.all([
  run(healthOptions),
  run({
    url: `${base}/api/v1/auth/login`,
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  }),
]);
rows.push(summary('GET /health (during login storm)', healthDuringStorm));
rows.push(summary('POST /auth/login (the storm)', storm));

await server.close();

console.log(
  `\nAuth benchmark — ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.availableParallelism()} cores, Node ${process.version}`,
);
console.log(
  `bcrypt cost ${config.auth.bcryptCost}, ${connections} connections, ${duration} s per run, embedded in-memory database\n`,
);
console.table(rows);
