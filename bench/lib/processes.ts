/**
 * The processes of a benchmark run (`npm run bench`, `npm run bench:soak`): free ports, children
 * that are killed when the run ends, the embedded database, the hello-world ceiling and our server
 * from its production build (`npm run build` first: server/dist and embedded-db/dist).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BCRYPT_COST = 10;

export interface Running {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
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
 * `BENCH_OUTPUT_DIR=<dir>`: every child's standard output is also appended to
 * `<dir>/<name>-<pid>.log` — e.g. a server run with `--trace-gc-nvp` (route-cpu's `--node-flags`),
 * whose lines would otherwise only be searched for the start-up line.
 */
const outputDir = process.env.BENCH_OUTPUT_DIR;

/**
 * Starts a process and resolves once it printed a JSON line with `key` (its address), or — with
 * `healthUrl` — once that answers 200.
 */
export function startProcess(
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
      if (outputDir)
        appendFileSync(path.join(outputDir, `${name.replace(/\W+/g, '_')}-${child.pid}.log`), chunk);
      output += chunk.toString();
      if (output.length > 100_000) output = output.slice(-20_000);
      if (!options.key) return;
      for (const line of output.split('\n')) {
        if (!line.startsWith('{')) continue;
        let parsed: Record<string, string>;
        try {
          parsed = JSON.parse(line) as Record<string, string>;
        } catch {
          continue; // a line still arriving
        }
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

/** The embedded database (its build), in memory, in a process of its own. */
export function startDatabase(): Promise<Running> {
  return startProcess('database', ['--import', 'tsx', 'bench/servers/database.ts'], { key: 'uri' });
}

export async function startHello(processes: number): Promise<Running> {
  const port = await freePort();
  return startProcess('hello-world', ['--import', 'tsx', 'bench/servers/hello.ts'], {
    env: { PORT: String(port), WEB_CONCURRENCY: String(processes) },
    key: 'listening',
  });
}

export interface OurServerOptions {
  processes: number;
  /** MONGODB_URI; without it the server starts the embedded database itself (journaled to `dataDir`). */
  databaseUri?: string;
  dataDir?: string;
  hashThreads?: number;
  profileDir?: string;
  /** Node flags before the entry point (e.g. `--import` of a memory probe). */
  nodeArgs?: string[];
  env?: Record<string, string>;
}

/**
 * The environment our server runs under in every benchmark: production mode, warnings only in the
 * log, and the rate limits and lockout raised so that no row is answered 429.
 */
export function benchServerEnv(options: {
  url: string;
  port: number | string;
  processes: number | string;
  bcryptCost: number | string;
  databaseUri?: string;
}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    PUBLIC_URL: options.url,
    LOG_LEVEL: 'warn',
    ...(options.databaseUri ? { MONGODB_URI: options.databaseUri } : {}),
    WEB_CONCURRENCY: String(options.processes),
    BCRYPT_COST: String(options.bcryptCost),
    EMAIL_CONFIRMATION_REQUIRED: 'false',
    RATE_LIMIT_PER_IP: '100000000',
    RATE_LIMIT_PER_ACCOUNT: '100000000',
    LOCKOUT_THRESHOLD: '1000',
  };
}

/** Our server, `node server/dist/index.js` in production mode, with the rate limits raised. */
export async function startOurs(options: OurServerOptions): Promise<Running> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const running = await startProcess(
    `our server (${options.processes} process${options.processes > 1 ? 'es' : ''})`,
    [
      ...(options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : []),
      ...(options.nodeArgs ?? []),
      'server/dist/index.js',
    ],
    {
      env: {
        ...benchServerEnv({
          url,
          port,
          processes: options.processes,
          bcryptCost: BCRYPT_COST,
          databaseUri: options.databaseUri,
        }),
        ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}),
        INGEST_RATE_LIMIT_PER_IP: '100000000',
        INGEST_RATE_LIMIT_PER_APPLICATION: '100000000',
        ...(options.hashThreads ? { PASSWORD_HASH_THREADS: String(options.hashThreads) } : {}),
        ...options.env,
      },
      healthUrl: `${url}/api/v1/health`,
    },
  );
  // The first process answered; give the others of a cluster time to listen too.
  if (options.processes > 1) await new Promise((resolve) => setTimeout(resolve, 3_000));
  return running;
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: root }).toString().trim();
  } catch {
    return ''; // not a checkout
  }
}

/**
 * The measured code is the build: stop without one, and say so when a workspace's last commit is
 * newer than its build (the figures would be of older code). Uncommitted changes in a workspace's
 * sources (work in progress in a shared checkout) are named too; they are measured only if they
 * were there when the build ran.
 */
export function checkBuild(): { commit: string; stale: string[]; uncommitted: string[] } {
  const builds = [
    ['server', 'server/dist/index.js'],
    ['embedded-db', 'embedded-db/dist/index.js'],
  ] as const;
  const stale: string[] = [];
  const uncommitted: string[] = [];
  for (const [workspace, entry] of builds) {
    const built = path.join(root, entry);
    if (!existsSync(built)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
    const committed = Number(git(['log', '-1', '--format=%ct', '--', `${workspace}/src`])) * 1000;
    if (committed > statSync(built).mtimeMs) stale.push(workspace);
    if (git(['status', '--porcelain', '--', `${workspace}/src`]) !== '') uncommitted.push(workspace);
  }
  if (stale.length > 0)
    console.error(
      `bench: WARNING — commits newer than the build in ${stale.join(', ')}; run \`npm run build\` to measure them`,
    );
  return { commit: git(['rev-parse', '--short', 'HEAD']) || 'unknown', stale, uncommitted };
}
