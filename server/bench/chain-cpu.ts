/**
 * The middleware chain's own CPU per request, without the network: each checkout's server is
 * started from source on one database process, and its requests are handed to the app in process
 * (server/bench/chain-worker.ts) beside a bare Express hello-world driven the same way. On a loaded,
 * shared machine this compares two checkouts far more steadily than loopback runs, whose system
 * time (TCP) swings with the neighbours; route-cpu.ts gives the figures with the network.
 *
 *   npx tsx server/bench/chain-cpu.ts [--roots /tmp/base,.] [--routes health,verify,me,projects]
 *     [--requests 10000] [--rounds 2]
 *
 * `of hello-world` = hello-world's CPU µs per request ÷ ours, hello-world measured right before and
 * after each row in the same process.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchServerEnv, startProcess } from '../../bench/lib/processes.js';

const { values } = parseArgs({
  options: {
    roots: { type: 'string', default: '.' },
    routes: { type: 'string', default: 'health,verify' },
    requests: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '2' },
  },
});
const worker = path.join(path.dirname(fileURLToPath(import.meta.url)), 'chain-worker.ts');

const database = await startProcess('database', ['--import', 'tsx', 'bench/servers/database.ts'], {
  key: 'uri',
});

interface Row {
  route: string;
  us: number;
  hello: number;
}

function run(root: string): Promise<Row[]> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', '--conditions=@iam-platform/source', worker],
      {
        cwd: path.resolve(root),
        maxBuffer: 16 * 1024 * 1024,
        env: {
          ...process.env,
          ...benchServerEnv({
            url: 'http://127.0.0.1',
            port: 0,
            processes: 1,
            bcryptCost: 4,
            databaseUri: database.url,
          }),
          CHAIN_ROUTES: values.routes,
          CHAIN_REQUESTS: values.requests,
        },
      },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`${root}: ${error.message}\n${stderr}`));
        resolve(
          stdout
            .split('\n')
            .filter((line) => line.startsWith('{"route"'))
            .map((line) => JSON.parse(line) as Row),
        );
      },
    );
  });
}

const roots = values.roots!.split(',');
const results = new Map<string, Row[]>();
for (let round = 0; round < Number(values.rounds); round++)
  for (const [index, root] of roots.entries()) {
    for (const row of await run(root)) {
      const key = roots.length > 1 ? `${row.route} [${index + 1}]` : row.route;
      (results.get(key) ?? results.set(key, []).get(key)!).push(row);
      console.error(`round ${round + 1} ${key}: ${row.us.toFixed(1)} µs (hello ${row.hello.toFixed(1)} µs)`);
    }
  }
await database.stop();

console.log(`${values.requests} requests per measurement, 20 in flight, in process (no sockets)`);
roots.forEach((root, index) => console.log(`[${index + 1}] ${root}`));
console.log('| request | CPU µs/req per round | hello-world µs/req | of hello-world (least of the rounds) |');
console.log('| --- | --: | --: | --: |');
for (const [route, rows] of results) {
  const best = rows.reduce((a, b) => (a.us / a.hello < b.us / b.hello ? a : b));
  console.log(
    `| ${route} | ${rows.map((r) => r.us.toFixed(1)).join(' / ')} | ${rows.map((r) => r.hello.toFixed(1)).join(' / ')} | ` +
      `${Math.round((best.hello / best.us) * 100)} % |`,
  );
}
