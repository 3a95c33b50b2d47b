/**
 * The delivery queue lives in MongoDB and is shared by every server process: a process that dies
 * in the middle of a delivery loses nothing (another process sends it once its lease ran out),
 * and two processes working at once never send an event twice.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { bearer } from '../auth/helpers.js';
import type { TestContext } from '../helpers/context.js';
import { createTenant, type Tenant } from '../tokens/helpers.js';
import {
  createWebhook,
  createWebhookContext,
  deliveriesOf,
  startReceiver,
  type Receiver,
} from './helpers.js';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'server-process.ts');
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LEASE_MS = 1_500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function startWorkerProcess(ctx: TestContext): Promise<ChildProcess> {
  const settings = { leaseMs: LEASE_MS, retryBaseMs: 100, pollIntervalMs: 50, requestTimeoutMs: 30_000 };
  const child = spawn(
    process.execPath,
    ['--conditions=@iam-platform/source', '--import', 'tsx', fixture, JSON.stringify(settings)],
    {
      cwd: serverRoot,
      env: { ...process.env, MONGODB_URI: ctx.database.uri, TEST_DB_NAME: ctx.database.connection.name },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`worker process did not start:\n${output}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('LISTENING')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (!output.includes('LISTENING'))
        reject(new Error(`worker process exited (${code ?? signal}):\n${output}`));
    });
  });
}

function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

describe('webhooks: the queue across server processes and restarts', function () {
  this.timeout(90_000);
  let ctx: TestContext;
  let receiver: Receiver;
  let tenant: Tenant;
  let webhookId: string;
  const children: ChildProcess[] = [];
  const nameOf = (request: { json: { data: Record<string, unknown> } }) =>
    (request.json.data.organization as { name: string }).name;
  const rename = (name: string) =>
    ctx.request
      .patch(`/api/v1/organizations/${tenant.organizationId}`)
      .set(bearer(tenant.user.access_token))
      .send({ name })
      .expect(200);

  before(async () => {
    // This process serves the API (and so queues the events) but runs no delivery worker.
    ctx = await createWebhookContext();
    await ctx.services.webhooks.close();
    receiver = await startReceiver();
    tenant = await createTenant(ctx, 'restart');
    webhookId = (
      await createWebhook(ctx, tenant.user.access_token, tenant.organizationId, {
        url: receiver.url,
        events: ['organization.updated'],
      })
    ).id;
  });
  after(async () => {
    await Promise.all(children.map((child) => kill(child, 'SIGKILL')));
    await receiver.close();
    await ctx.close();
  });

  it('a process killed mid-delivery loses nothing: the next process sends it, then the rest, in order', async () => {
    const first = await startWorkerProcess(ctx);
    children.push(first);
    // The receiver keeps the first request open: the process is killed while it waits.
    receiver.setResponder((_request, index) => (index === 0 ? 'hold' : 200));
    await rename('v1');
    await rename('v2');
    await rename('v3');
    await receiver.waitFor((requests) => requests.length === 1, 15_000, 'the first delivery');
    await sleep(200);
    expect(receiver.requests, 'nothing behind the held first event').to.have.length(1);
    await kill(first, 'SIGKILL');

    const killedAt = Date.now();
    const second = await startWorkerProcess(ctx);
    children.push(second);
    await receiver.waitFor(
      (requests) => requests.filter((r) => r.answered === 200).length === 3,
      20_000,
      'v1–v3',
    );
    const delivered = receiver.requests.filter((request) => request.answered === 200);
    expect(delivered.map(nameOf)).to.deep.equal(['v1', 'v2', 'v3']);
    // v1 went out twice (the dead process never learnt the answer), with the same event id.
    expect(receiver.requests[0]!.json.id).to.equal(delivered[0]!.json.id);
    expect(delivered[0]!.at - killedAt).to.be.at.least(0);
    expect(new Set(delivered.map((request) => request.json.id)).size).to.equal(3);
    await sleep(300);
    const log = await deliveriesOf(ctx, tenant.user.access_token, webhookId);
    expect(log.map((delivery) => delivery.status)).to.deep.equal(['succeeded', 'succeeded', 'succeeded']);
  });

  it('two processes at work at once send every event exactly once, in order', async () => {
    children.push(await startWorkerProcess(ctx));
    const before = receiver.requests.length;
    receiver.setResponder(() => 200);
    const names = Array.from({ length: 20 }, (_, index) => `n${index + 1}`);
    for (const name of names) await rename(name);
    await receiver.waitFor((requests) => requests.length - before >= names.length, 20_000, '20 events');
    await sleep(LEASE_MS + 500);
    const received = receiver.requests.slice(before);
    expect(received.map(nameOf)).to.deep.equal(names);
    expect(new Set(received.map((request) => request.json.id)).size).to.equal(names.length);
    const log = await deliveriesOf(ctx, tenant.user.access_token, webhookId);
    expect(log.filter((delivery) => delivery.status !== 'succeeded')).to.deep.equal([]);
    expect(log.slice(0, names.length).every((delivery) => delivery.attempts === 1)).to.equal(true);
  });
});
