/**
 * Password sign-in against the hash limit with several server processes, alternating hashing-pool
 * settings in one run (issue #38: sign-in ≥ 85 % of cores ÷ one bcrypt-10 hash, health p99 < 50 ms).
 * Our server from source in production mode (WEB_CONCURRENCY processes), the embedded database in its
 * own process, bcrypt 10; per setting: 2 × cores sign-in connections for <seconds> with
 * GET /api/v1/health at 100 req/s beside them, as `npm run bench` loads its sign-in rows.
 *
 *   npx tsx server/bench/sign-in-pool.ts [seconds=16] [threads,threads,...=0,1] [rounds=2] [processes=2]
 *
 * A setting is PASSWORD_HASH_THREADS per process; 0 = the server's default.
 */
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import bcrypt from 'bcryptjs';
import { fixture, PASSWORD } from '../../bench/lib/fixture.js';
import { benchServerEnv, freePort, startProcess } from '../../bench/lib/processes.js';

const [seconds = '16', settings = '0,1', rounds = '2', processes = '2'] = process.argv.slice(2);
const root = path.resolve(import.meta.dirname, '..', '..');
const cores = os.availableParallelism();
function oneHashMs(): number {
  const hash = bcrypt.hashSync('x'.repeat(64), 10);
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    bcrypt.compareSync('x'.repeat(64), hash);
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[3]!;
}
const database = await startProcess('database', ['--import', 'tsx', 'bench/servers/database.ts'], {
  key: 'uri',
  cwd: root,
});
for (let round = 0; round < Number(rounds); round++)
  for (const threads of settings.split(',')) {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startProcess(
      `ours ${threads}`,
      ['--import', 'tsx', '--conditions=@iam-platform/source', 'server/src/index.ts'],
      {
        cwd: root,
        env: {
          ...benchServerEnv({ url: base, port, processes, bcryptCost: 10, databaseUri: database.url }),
          ...(threads !== '0' ? { PASSWORD_HASH_THREADS: threads } : {}),
        },
        healthUrl: `${base}/api/v1/health`,
      },
    );
    await new Promise((r) => setTimeout(r, 4000));
    const f = await fixture(base);
    const body = JSON.stringify({ email: f.email, password: PASSWORD });
    const login = {
      url: `${base}/api/v1/auth/login`,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
      body,
      connections: 2 * cores,
    };
    await autocannon({ ...login, duration: 3 });
    const before = oneHashMs();
    const [l, h] = await Promise.all([
      autocannon({ ...login, duration: Number(seconds) }),
      autocannon({
        url: `${base}/api/v1/health`,
        connections: 2,
        overallRate: 100,
        duration: Number(seconds),
      }),
    ]);
    const after = oneHashMs();
    const limit = (cores * 1000) / ((before + after) / 2);
    console.log(
      `round ${round + 1} threads=${threads === '0' ? 'default' : threads}: sign-in ${l.requests.average.toFixed(1)}/s (non-2xx ${l.non2xx}), ` +
        `hash ${before.toFixed(0)}/${after.toFixed(0)} ms → limit ${limit.toFixed(1)}/s = ${((l.requests.average / limit) * 100).toFixed(0)} %; ` +
        `health ${h.requests.average.toFixed(0)}/s p99 ${h.latency.p99} ms; load ${os.loadavg()[0]!.toFixed(1)}`,
    );
    await server.stop();
  }
await database.stop();
