import { expect } from 'chai';
import { WorkerPool, WorkerPoolClosedError } from '../../src/lib/passwords/pool.js';

type EchoJob = { op: 'echo' | 'slow' | 'fail' | 'exit' | 'uncaught'; value?: unknown };
interface Echo {
  value: unknown;
  threadId: number;
}

/** A worker that echoes, fails, or crashes on request. */
const ECHO_HANDLER = `
const { threadId } = await importModule('node:worker_threads');
return (job) => {
  switch (job.op) {
    case 'echo':
      return { value: job.value, threadId, data: workerData };
    case 'slow':
      return new Promise((resolve) => setTimeout(() => resolve({ value: job.value, threadId }), 100));
    case 'fail':
      throw new TypeError('handled failure');
    case 'exit':
      process.exit(3);
    case 'uncaught':
      setTimeout(() => { throw new Error('boom'); });
      return new Promise(() => {});
  }
};`;

function echoPool(size: number, handlerSource = ECHO_HANDLER): WorkerPool<EchoJob, Echo> {
  return new WorkerPool<EchoJob, Echo>({ handlerSource, size, name: 'echo', workerData: { answer: 42 } });
}

describe('lib/passwords/pool: WorkerPool', () => {
  let pool: WorkerPool<EchoJob, Echo> | undefined;

  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('starts threads lazily and never more than its size', async () => {
    pool = echoPool(2);
    expect(pool.threadCount).to.equal(0);
    const results = await Promise.all([1, 2, 3, 4, 5].map((value) => pool!.run({ op: 'slow', value })));
    expect(results.map((result) => result.value)).to.deep.equal([1, 2, 3, 4, 5]);
    expect(pool.threadCount).to.equal(2);
    expect(new Set(results.map((result) => result.threadId)).size).to.equal(2);
  });

  it('hands workerData to the handler', async () => {
    pool = echoPool(1);
    expect(await pool.run({ op: 'echo', value: 1 })).to.deep.include({ value: 1, data: { answer: 42 } });
  });

  it('passes a job error back as a rejection and keeps the worker', async () => {
    pool = echoPool(1);
    const first = await pool.run({ op: 'echo', value: 'a' });
    const error = await pool.run({ op: 'fail' }).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(Error).with.property('message', 'handled failure');
    expect((error as Error).name).to.equal('TypeError');
    const second = await pool.run({ op: 'echo', value: 'b' });
    expect(second.threadId).to.equal(first.threadId);
  });

  it('rejects the job of a worker that exits and gives queued jobs a new worker', async () => {
    pool = echoPool(1);
    const before = await pool.run({ op: 'echo', value: 1 });
    const crashing = pool.run({ op: 'exit' });
    const queued = pool.run({ op: 'echo', value: 2 }); // waits behind the crashing job
    const error = await crashing.catch((e: unknown) => e);
    expect(error).to.be.instanceOf(Error);
    expect((error as Error).message).to.match(/exited unexpectedly with code 3/);
    const after = await queued;
    expect(after.value).to.equal(2);
    expect(after.threadId).to.not.equal(before.threadId);
    expect(pool.threadCount).to.equal(1);
  });

  it('rejects the job of a worker that dies of an uncaught error', async () => {
    pool = echoPool(1);
    const error = await pool.run({ op: 'uncaught' }).catch((e: unknown) => e);
    expect((error as Error).message).to.match(/exited unexpectedly: boom/);
    expect((await pool.run({ op: 'echo', value: 'ok' })).value).to.equal('ok');
  });

  it('rejects jobs instead of hanging when workers cannot start', async () => {
    pool = echoPool(1, `throw new Error('cannot start');`);
    const results = await Promise.allSettled([pool.run({ op: 'echo' }), pool.run({ op: 'echo' })]);
    expect(results.map((result) => result.status)).to.deep.equal(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason.message).to.match(/cannot start/);
    expect(pool.threadCount).to.equal(0);
  });

  it('close() terminates threads and rejects running, queued and later jobs', async () => {
    pool = echoPool(1);
    const jobs = [pool.run({ op: 'slow', value: 1 }), pool.run({ op: 'slow', value: 2 })]; // running, queued
    const settled = Promise.allSettled(jobs);
    await pool.close();
    expect(pool.threadCount).to.equal(0);
    const later = await pool.run({ op: 'echo' }).catch((e: unknown) => e);
    for (const result of [...(await settled), { status: 'rejected', reason: later }]) {
      expect(result.status).to.equal('rejected');
      expect((result as PromiseRejectedResult).reason).to.be.instanceOf(WorkerPoolClosedError);
    }
    await pool.close(); // idempotent
  });

  it('rejects a size below 1', () => {
    expect(() => echoPool(0)).to.throw(RangeError);
  });
});
