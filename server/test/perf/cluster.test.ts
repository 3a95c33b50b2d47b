/**
 * WEB_CONCURRENCY=2: the real entry point as a cluster primary with two server processes on one
 * port and one database (the embedded one, run by the primary); what one process does, the other
 * honours; SIGTERM stops them all.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import supertest from 'supertest';
import { bearer } from '../auth/helpers.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface LogLine {
  msg: string;
  pid: number;
  url?: string;
}

describe('cluster mode (WEB_CONCURRENCY)', function () {
  this.timeout(90_000);
  let primary: ChildProcess;
  let dataDir: string;
  const lines: LogLine[] = [];

  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'iam-cluster-'));
    primary = spawn(
      process.execPath,
      ['--conditions=@iam-platform/source', '--import', 'tsx', 'src/index.ts'],
      {
        cwd: serverRoot,
        env: {
          ...process.env,
          MONGODB_URI: '',
          NODE_ENV: 'test',
          WEB_CONCURRENCY: '2',
          HOST: '127.0.0.1',
          PORT: '0',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'info',
          BCRYPT_COST: '4',
          EMAIL_CONFIRMATION_REQUIRED: 'false',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let buffered = '';
    let errors = '';
    primary.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    primary.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const complete = buffered.split('\n');
      buffered = complete.pop()!;
      for (const line of complete) if (line.startsWith('{')) lines.push(JSON.parse(line) as LogLine);
    });
    const deadline = Date.now() + 60_000;
    while (lines.filter((line) => line.msg === 'IAM Platform is listening').length < 2) {
      if (Date.now() > deadline || primary.exitCode !== null)
        throw new Error(`the cluster did not start:\n${errors}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  after(async () => {
    if (primary && primary.exitCode === null) primary.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs two server processes on one port, sharing sessions, and stops them all on SIGTERM', async () => {
    const listening = lines.filter((line) => line.msg === 'IAM Platform is listening');
    expect(new Set(listening.map((line) => line.pid)).size, 'two processes').to.equal(2);
    expect(listening.map((line) => line.pid)).not.to.include(primary.pid);
    expect(new Set(listening.map((line) => line.url)).size, 'one address').to.equal(1);
    const request = supertest(listening[0]!.url!);

    const email = `cluster.${Date.now()}@example.com`;
    await request.post('/api/v1/auth/register').send({ email, password: 'cluster password' }).expect(201);
    const { body: session } = await request
      .post('/api/v1/auth/login')
      .send({ email, password: 'cluster password' })
      .expect(200);
    // A new connection per request: the primary hands connections to the processes in turn, so
    // both check the session (and cache it).
    const me = () =>
      request.get('/api/v1/auth/me').set(bearer(session.access_token)).set('Connection', 'close');
    for (let i = 0; i < 6; i++) await me().expect(200);
    await request.post('/api/v1/auth/logout').set(bearer(session.access_token)).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (let i = 0; i < 6; i++) {
      const response = await me();
      expect(response.status, `request ${i} after sign-out`).to.equal(401);
    }

    const exited = new Promise<number | null>((resolve) => primary.once('exit', (code) => resolve(code)));
    primary.kill('SIGTERM');
    expect(await exited).to.equal(0);
    for (const { pid } of listening) {
      expect(() => process.kill(pid, 0), `worker ${pid} is gone`).to.throw();
    }
  });
});
