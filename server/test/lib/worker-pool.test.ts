import { expect } from 'chai';
import { WorkerPool, WorkerPoolClosedError, WorkerPoolFullError } from '../../src/lib/passwords/pool.js';

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

function echoPool(size: number, handlerSource = ECHO_HANDLER, maxQueue?: number): WorkerPool<EchoJob, Echo> {
  return new WorkerPool<EchoJob, Echo>({
    handlerSource,
    size,
    maxQueue,
    name: 'echo',
    workerData: { answer: 42 },
  });
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

  it('with maxQueue, refuses a job at once when every thread is busy and the queue is full', async () => {
    pool = echoPool(2, ECHO_HANDLER, 3);
    // Two running, three waiting.
    const accepted = [1, 2, 3, 4, 5].map((value) => pool!.run({ op: 'slow', value }));
    expect(pool.queueLength).to.equal(3);
    const started = Date.now();
    const error = await pool.run({ op: 'echo', value: 6 }).catch((e: unknown) => e);
    expect(Date.now() - started, 'refused without waiting for a thread').to.be.below(100);
    expect(error).to.be.instanceOf(WorkerPoolFullError);
    expect((error as WorkerPoolFullError).maxQueue).to.equal(3);
    expect((error as WorkerPoolFullError).message).to.contain('busy');
    // The estimate: two rounds of the queue ahead on two threads, at the default guess of 100 ms a job.
    expect((error as WorkerPoolFullError).retryAfterMs).to.equal(200);
    expect((await Promise.all(accepted)).map((result) => result.value)).to.deep.equal([1, 2, 3, 4, 5]);
  });

  it('accepts jobs again once the queue drains, and estimates the wait from measured job times', async () => {
    pool = echoPool(1, ECHO_HANDLER, 1);
    const first = [pool.run({ op: 'slow', value: 1 }), pool.run({ op: 'slow', value: 2 })];
    const refused = await pool.run({ op: 'slow', value: 3 }).catch((e: unknown) => e);
    expect(refused).to.be.instanceOf(WorkerPoolFullError);
    await Promise.all(first);
    expect(pool.queueLength).to.equal(0);
    const again = [pool.run({ op: 'slow', value: 4 }), pool.run({ op: 'slow', value: 5 })];
    const full = (await pool.run({ op: 'echo' }).catch((e: unknown) => e)) as WorkerPoolFullError;
    // Slow jobs take about 100 ms; two of them are ahead of a newly queued job on one thread.
    expect(full.retryAfterMs).to.be.within(180, 1000);
    expect((await Promise.all(again)).map((result) => result.value)).to.deep.equal([4, 5]);
    expect((await pool.run({ op: 'echo', value: 6 })).value).to.equal(6);
  });

  it('counts a job of weight w as w typical jobs in the average behind the wait estimate', async () => {
    // A slow job takes at least 100 ms. Weighted 1000, it adds at most a few ms per typical job.
    for (const [weight, atLeast, below] of [
      [1, 100, Infinity],
      [1000, 0, 100],
    ] as const) {
      pool = echoPool(1, ECHO_HANDLER, 0);
      await pool.run({ op: 'slow', value: 1 }, { weight });
      const running = pool.run({ op: 'slow', value: 2 });
      const full = (await pool.run({ op: 'echo' }).catch((e: unknown) => e)) as WorkerPoolFullError;
      expect(full, `weight ${weight}`).to.be.instanceOf(WorkerPoolFullError);
      expect(full.retryAfterMs, `weight ${weight}`).to.be.at.least(atLeast).and.below(below);
      await running;
      await pool.close();
    }
  });

  it('a queue bound of 0 runs jobs only on free threads', async () => {
    pool = echoPool(1, ECHO_HANDLER, 0);
    const running = pool.run({ op: 'slow', value: 1 });
    expect(await pool.run({ op: 'echo' }).catch((e: unknown) => e)).to.be.instanceOf(WorkerPoolFullError);
    expect((await running).value).to.equal(1);
    expect((await pool.run({ op: 'echo', value: 2 })).value).to.equal(2);
  });

  it('rejects a maxQueue that is negative or not an integer', () => {
    expect(() => echoPool(1, ECHO_HANDLER, -1)).to.throw(RangeError);
    expect(() => echoPool(1, ECHO_HANDLER, 1.5)).to.throw(RangeError);
  });
});

/** Jobs that wait for, and signal through, a SharedArrayBuffer: slot 0 releases `hold`, `mark` sets slot 1. */
const SIGNAL_HANDLER = `
return (job) => {
  const flags = new Int32Array(job.shared);
  if (job.op === 'hold' || job.op === 'hold-exit') {
    Atomics.wait(flags, 0, 0);
    if (job.op === 'hold-exit') process.exit(3);
  }
  if (job.op === 'mark') {
    Atomics.store(flags, 1, 1);
    Atomics.notify(flags, 1);
  }
  return job.op;
};`;

type SignalJob = { op: 'quick' | 'hold' | 'hold-exit' | 'mark'; shared: SharedArrayBuffer };

describe('lib/passwords/pool: the next job is handed over before the running one ends', () => {
  let pool: WorkerPool<SignalJob, string>;
  let shared: SharedArrayBuffer;
  let flags: Int32Array;

  beforeEach(async () => {
    pool = new WorkerPool<SignalJob, string>({ handlerSource: SIGNAL_HANDLER, size: 1, name: 'signal' });
    shared = new SharedArrayBuffer(8);
    flags = new Int32Array(shared);
    // One finished job gives the pool its average job time, which times the hand-over.
    await pool.run({ op: 'quick', shared });
  });
  afterEach(() => pool.close());

  /** Resolves once the waiting job was sent to the busy thread (nothing waits in the pool's queue). */
  async function handedOver(): Promise<void> {
    while (pool.queueLength > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  it('a busy thread starts its next job itself: no round trip through a blocked event loop', async () => {
    const held = pool.run({ op: 'hold', shared });
    const marked = pool.run({ op: 'mark', shared });
    await handedOver();
    Atomics.store(flags, 0, 1);
    Atomics.notify(flags, 0);
    // The event loop is blocked from here until `mark` ran: it cannot receive `hold`'s result and
    // send more work, so `mark` runs only if the thread already had it. (Without that this waits
    // out its bound and answers 'timed-out'.) 'not-equal': `mark` had already run when the wait
    // began — on a busy machine the thread can be that quick — equally without the event loop,
    // which has not turned since the notify.
    expect(Atomics.wait(flags, 1, 0, 10_000)).to.be.oneOf(['ok', 'not-equal']);
    expect(Atomics.load(flags, 1)).to.equal(1);
    expect(await held).to.equal('hold');
    expect(await marked).to.equal('mark');
  });

  it('a job handed over to a thread that dies before starting it runs on a new thread', async () => {
    const held = pool.run({ op: 'hold-exit', shared });
    const marked = pool.run({ op: 'mark', shared });
    await handedOver();
    Atomics.store(flags, 0, 1);
    Atomics.notify(flags, 0);
    expect(await held.catch((error: unknown) => error)).to.be.instanceOf(Error);
    expect(await marked).to.equal('mark');
    expect(Atomics.load(flags, 1)).to.equal(1);
  });
});
