import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface StartedServer {
  url: string;
  process: ChildProcess;
  /** The server's JSON log entries so far (stdout), e.g. to find the embedded database's port. */
  logEntries(): Array<Record<string, unknown>>;
  /** Sends SIGTERM and waits for a clean exit (the exit code is returned). */
  stop(): Promise<number | null>;
}

/**
 * Starts the built server exactly as `npm start` runs it (node server/dist/index.js) on a free
 * port, with its embedded database in a temporary data directory (removed on stop) unless
 * `options.dataDir` names one the caller owns.
 */
export async function startBuiltServer(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<StartedServer> {
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'iam-e2e-data-')));
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'server', 'dist', 'index.js')], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start within 30 s:\n${output.join('')}`)),
      30_000,
    );
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${code} before listening:\n${output.join('')}`));
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output.push(line + '\n');
      try {
        const entry = JSON.parse(line) as { msg?: string; url?: string };
        if (entry.msg === 'IAM Platform is listening' && entry.url) {
          clearTimeout(timer);
          resolve(entry.url);
        }
      } catch {
        // not a JSON log line
      }
    });
  });

  return {
    url,
    process: child,
    logEntries: () =>
      output.flatMap((line) => {
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      }),
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      const code = await exited;
      if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
