import { spawn, spawnSync } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '..', '..', '..');
/** The client as committed; the end-to-end test uses the copy the server offers at /cdn/sdk/. */
export const SDK_SOURCE = path.join(repoRoot, 'sdk', 'python', 'iam_sdk.py');
export const COPY_SCRIPT = path.join(repoRoot, 'sdk', 'scripts', 'copy-python.mjs');
const DRIVER = path.join(here, 'driver.py');

/** `PYTHON=python3.9 npx mocha …` runs the suite with another interpreter. */
export const PYTHON = process.env.PYTHON || 'python3';

/**
 * The interpreter's version, or a clear failure: the Python client is part of the product, so its
 * tests run everywhere the server's tests run (python3 is on Debian CI images) and are never skipped.
 */
export function requirePython(): string {
  const probe = spawnSync(PYTHON, ['-c', 'import sys; print("%d.%d.%d" % sys.version_info[:3])'], {
    encoding: 'utf8',
  });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `The Python client tests need ${PYTHON} (>= 3.9) on PATH, and it could not be run ` +
        `(${probe.error?.message ?? probe.stderr.trim()}). Install it (Debian: apt-get install python3) ` +
        'or point PYTHON at an interpreter.',
    );
  }
  const version = probe.stdout.trim();
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (major !== 3 || minor < 9) {
    throw new Error(
      `The Python client needs Python >= 3.9; ${PYTHON} is ${version}. Point PYTHON at a newer one.`,
    );
  }
  return version;
}

export type Step =
  | {
      call: 'track' | 'activity' | 'register_installation' | 'flush' | 'close';
      args?: unknown[];
      kwargs?: object;
    }
  | { sleep: number }
  | { python: string };

export interface Plan {
  sdk?: string;
  client: { application_id: string; api_url: string; options?: Record<string, unknown> };
  steps: Step[];
  /** false: leave what is queued to the client's exit hook. */
  close?: boolean;
}

export interface LogRecord {
  level: string;
  message: string;
}

export interface DriverOutput {
  results: unknown[];
  seconds: number[];
  logs: LogRecord[];
  client: {
    installation_id: string;
    anonymous_id: string;
    session_id: string;
    sdk_version: string;
    version: string;
  };
}

export interface PythonRun {
  output: DriverOutput;
  stderr: string;
  code: number | null;
  ms: number;
}

const PROXY_VARIABLES = ['http_proxy', 'https_proxy', 'all_proxy', 'HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY'];

/** Runs driver.py with the plan; fails with the interpreter's output if it does not exit cleanly. */
export function runClient(plan: Plan, timeoutMs = 20_000): Promise<PythonRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, PYTHONDONTWRITEBYTECODE: '1', PYTHONUNBUFFERED: '1' };
  for (const name of PROXY_VARIABLES) delete env[name]; // loopback servers, never a proxy
  const started = Date.now();
  const child = spawn(PYTHON, [DRIVER], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.end(JSON.stringify({ sdk: SDK_SOURCE, ...plan }));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`${PYTHON} did not finish within ${timeoutMs} ms\nstdout: ${stdout}\nstderr: ${stderr}`),
      );
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const line = stdout.trim().split('\n').pop() ?? '';
      let output: DriverOutput | undefined;
      try {
        output = JSON.parse(line) as DriverOutput;
      } catch {
        output = undefined;
      }
      if (code !== 0 || !output?.results) {
        reject(new Error(`${PYTHON} exited with ${code}\nstdout: ${stdout}\nstderr: ${stderr}`));
        return;
      }
      resolve({ output, stderr, code, ms: Date.now() - started });
    });
  });
}

export function warnings(run: PythonRun): string[] {
  return run.output.logs.filter((log) => log.level === 'WARNING').map((log) => log.message);
}

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  text: string;
  body: unknown;
  at: number;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface StubServer {
  url: string;
  received: Received[];
  /** Answers for the next requests, in order; afterwards `fallback` answers. */
  replies: Reply[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

/** What the ingest API answers when it accepts something. */
export function accepted(url: string, body: unknown): Reply {
  if (url.endsWith('/analytics')) {
    const events = (body as { events?: unknown[] } | undefined)?.events ?? [];
    return { status: 200, body: { events_processed: events.length } };
  }
  if (url.endsWith('/activity')) return { status: 201, body: { success: true, activity_id: 'a1' } };
  return { status: 200, body: { success: true } };
}

/**
 * A loopback HTTP server standing in for the ingest API (or in front of it): records every request and
 * answers from `replies`, then with `fallback` (by default: accepted).
 */
export async function startStub(
  fallback: (request: Received) => Reply | Promise<Reply> = (request) => accepted(request.url, request.body),
): Promise<StubServer> {
  const received: Received[] = [];
  const replies: Reply[] = [];
  const server: Server = createServer(async (req, res) => {
    const text = await readBody(req);
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    const request: Received = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      text,
      body,
      at: Date.now(),
    };
    received.push(request);
    const reply = replies.shift() ?? (await fallback(request));
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    replies,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
