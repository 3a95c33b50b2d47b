import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { type Types } from 'mongoose';
import { requirePython } from '../tracking-python/helpers.js';
import { codeBlocks, listenWithSdk, type ListeningServer } from './helpers.js';

const GUIDE = path.resolve(import.meta.dirname, '..', '..', '..', 'docs', 'getting-started.md');
/** What the guide's commands name as the server; the docs page shows its own origin instead. */
const DEFAULT_URL = 'http://localhost:3000';

function runBash(
  script: string,
  cwd: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PYTHONDONTWRITEBYTECODE: '1',
  };
  const child = spawn('bash', ['-euo', 'pipefail', '-c', script], { cwd, env });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// Every shell command of docs/getting-started.md (the docs page's quick start), run in order in one
// bash with `set -euo pipefail` against a fresh server: curl -f fails on any 4xx/5xx, so a command
// that no longer matches the API stops the run. Afterwards the database must hold what they made.
describe('the quick start (docs/getting-started.md) against a running server', function () {
  this.timeout(60_000);
  let server: ListeningServer;

  before(async () => {
    requirePython();
    server = await listenWithSdk();
  });
  after(() => server?.stop());

  it('runs every command; the account, tenant, token and the Python events exist afterwards', async () => {
    const blocks = codeBlocks(await readFile(GUIDE, 'utf8'), 'sh');
    expect(blocks.length, 'shell blocks in the quick start').to.be.at.least(7);
    const script = blocks.join('\n').replaceAll(DEFAULT_URL, server.url);
    const run = await runBash(script, server.scratch);
    expect(run.code, `stdout:\n${run.stdout}\nstderr:\n${run.stderr}`).to.equal(0);

    const db = server.ctx.database.connection;
    const user = await db.collection('profiles').findOne({ email: 'you@example.com' });
    expect(user, 'the registered account').to.not.equal(null);
    const application = await db.collection('applications').findOne({ name: 'Shop frontend' });
    expect(application, 'the application').to.not.equal(null);
    const applicationId = application!._id as Types.ObjectId;
    expect(run.stdout).to.contain(`application id: ${String(applicationId)}`);
    // Step 6 answered the caller's role through the API token.
    expect(run.stdout).to.match(/"role":"admin"/);
    expect(await db.collection('api_tokens').countDocuments({ application_id: applicationId })).to.equal(1);
    // Step 7: the Python client's installation and event reached the server, and the read shows it.
    expect(run.stdout).to.contain('accepted: 2');
    const events = await db
      .collection('analytics_events')
      .find({ application_id: applicationId, event: 'quick_start_done' })
      .toArray();
    expect(events).to.have.length(1);
    expect(await db.collection('installations').countDocuments({ application_id: applicationId })).to.equal(
      1,
    );
    expect(run.stdout).to.match(/"is_anonymous": true/);
  });
});
