/**
 * A small pool of worker threads that run one CPU-bound job at a time each, so the API's event
 * loop never does the work itself.
 *
 * - Workers start lazily, one per job until `size` are running; further jobs wait in a FIFO queue
 *   of at most `maxQueue` jobs. A job beyond that is rejected at once with `WorkerPoolFullError`,
 *   which estimates when to retry: under a flood, callers get a quick "busy" instead of every
 *   job (everyone's) waiting behind the flood.
 * - An idle worker is unref'd, so an idle pool never keeps the process alive; a busy one is ref'd so
 *   the process does not exit with a job half done.
 * - A worker that crashes (uncaught error, `process.exit`, failed start) is dropped: its job is
 *   rejected, never left hanging, and the next job starts a fresh worker.
 * - `close()` terminates every worker and rejects whatever was still queued or running.
 * - Hand-over without a gap: shortly before a busy thread is expected to finish (PREFETCH_AT of the
 *   running average job time), it is sent the next waiting job, so it starts that one as soon as it
 *   posts its result instead of waiting for the event loop to receive the result and send more work
 *   (a round trip through the request thread per job, longer whenever that thread is busy or waits
 *   for a core). The job is chosen (fairly, see below) at that moment, not earlier, so jobs arriving
 *   during a run are still weighed against it. At most one job per thread is handed over early.
 * - Fair sharing: a job may name the keys it is charged to (`run(request, { keys })`, e.g. the client's
 *   address group and the account). A full queue then gives way to a key that holds fewer waiting
 *   jobs than the busiest key: the busiest key's newest waiting job is refused instead (max-min
 *   fairness), and a free thread takes the waiting job whose busiest key holds the fewest. One flooder
 *   fills the queue only while nobody else needs it, and others neither get refused nor wait behind it.
 *
 * Workers run inline JavaScript (`new Worker(code, { eval: true })`) rather than a file: the same
 * code then runs under tsx (tests, `npm run dev`) and from the compiled `dist/` — a `.ts` worker file
 * would not load under tsx on Node < 22.15, whose loader is not installed in worker threads.
 */
import { Worker } from 'node:worker_threads';
import { workerSource } from './worker-source.js';

interface JobMessage<TRequest> {
  id: number;
  request: TRequest;
}

type ResultMessage<TResult> =
  | { id: number; ok: true; result: TResult }
  | { id: number; ok: false; error: { name: string; message: string } };

interface Job<TRequest, TResult> {
  id: number;
  request: TRequest;
  /** The fairness keys this job is charged to while it waits (see `run`). */
  keys: readonly string[];
  /** The job's work in units of a typical job (see `run`). */
  weight: number;
  /** When a worker took the job (performance.now()), for the average job time. */
  startedAt?: number;
  resolve(result: TResult): void;
  reject(error: Error): void;
}

interface PoolWorker<TRequest, TResult> {
  worker: Worker;
  job: Job<TRequest, TResult> | undefined;
  /** The job already sent to the busy thread, which starts it right after `job` (see PREFETCH_AT). */
  next: Job<TRequest, TResult> | undefined;
  /** When set, the timer that hands `next` over. */
  handOver: NodeJS.Timeout | undefined;
  /** The error a crashing worker reported before its `exit` event. */
  lastError: Error | undefined;
}

export interface WorkerPoolOptions {
  /**
   * Body of an async function `(importModule, workerData) => handler` returning the job handler
   * `(request) => result | Promise<result>`. Plain JavaScript; `importModule(specifier)` is dynamic
   * `import()` — pass absolute file URLs in `workerData` (e.g. resolved with `createRequire`) since
   * the eval'd code has no module location of its own. A handler that throws rejects only its job; a
   * rejected set-up or an uncaught error kills the thread, which counts as a crash.
   */
  handlerSource: string;
  /** Maximum number of threads (at least 1). */
  size: number;
  /**
   * Most jobs that may wait for a thread (0 or more; default unbounded). With all threads busy and
   * this many waiting, `run` rejects with `WorkerPoolFullError`.
   */
  maxQueue?: number;
  /** Passed to every worker as `workerData`. */
  workerData?: unknown;
  /** Used in thread names and error messages. */
  name?: string;
}

export class WorkerPoolClosedError extends Error {
  constructor(name: string) {
    super(`The ${name} worker pool is closed.`);
    this.name = 'WorkerPoolClosedError';
  }
}

/** The pool's queue is full; retry after `retryAfterMs`, the estimated time until it has room. */
export class WorkerPoolFullError extends Error {
  constructor(
    name: string,
    readonly maxQueue: number,
    readonly retryAfterMs: number,
  ) {
    super(`The ${name} worker pool is busy: ${maxQueue} jobs are already waiting.`);
    this.name = 'WorkerPoolFullError';
  }
}

/** Weight of the newest job in the running average of job times (per unit of job weight). */
const AVERAGE_WEIGHT = 0.2;

/**
 * Share of the average job time after which a busy thread is sent its next job. Early enough that
 * the job is there when the thread finishes (bcrypt runs of one cost take nearly the same time),
 * late enough that the choice of the next job weighs nearly every job that arrives meanwhile.
 */
export const PREFETCH_AT = 0.8;

export class WorkerPool<TRequest, TResult> {
  readonly size: number;
  readonly maxQueue: number;
  private readonly source: string;
  private readonly workerData: unknown;
  private readonly name: string;
  private readonly workers = new Set<PoolWorker<TRequest, TResult>>();
  private readonly queue: Job<TRequest, TResult>[] = [];
  /** Waiting jobs per fairness key (keys with none are removed). */
  private readonly waitingByKey = new Map<string, number>();
  private nextId = 1;
  private closed = false;
  /** Running average of how long a job keeps a thread, in ms (undefined until one finished). */
  private averageJobMs: number | undefined;

  constructor(options: WorkerPoolOptions) {
    if (!Number.isInteger(options.size) || options.size < 1) {
      throw new RangeError(`Worker pool size must be a positive integer, got ${options.size}.`);
    }
    const maxQueue = options.maxQueue ?? Infinity;
    if (!(maxQueue === Infinity || (Number.isInteger(maxQueue) && maxQueue >= 0))) {
      throw new RangeError(`Worker pool maxQueue must be a non-negative integer, got ${maxQueue}.`);
    }
    this.size = options.size;
    this.maxQueue = maxQueue;
    this.source = workerSource(options.handlerSource);
    this.workerData = options.workerData;
    this.name = options.name ?? 'worker';
  }

  /** Number of threads currently running (they start lazily). */
  get threadCount(): number {
    return this.workers.size;
  }

  /** Number of jobs waiting for a thread. */
  get queueLength(): number {
    return this.queue.length;
  }

  /** Number of jobs waiting for a thread that are charged to `key`. */
  waitingFor(key: string): number {
    return this.waitingByKey.get(key) ?? 0;
  }

  /**
   * Runs `request` on a thread, or rejects with `WorkerPoolFullError` when every thread is busy and
   * the queue is full — unless the job's `keys` hold fewer waiting jobs than the busiest key: then that
   * key's newest waiting job is rejected in its place (see the fair sharing above). `weight`: the
   * job's work in units of a typical job (default 1; e.g. 16 for a bcrypt run 4 cost steps above the
   * usual), so that a long job neither skews the average job time nor gets the next job handed over
   * long before it ends.
   */
  run(request: TRequest, options: { keys?: readonly string[]; weight?: number } = {}): Promise<TResult> {
    if (this.closed) return Promise.reject(new WorkerPoolClosedError(this.name));
    const keys = [...new Set(options.keys ?? [])];
    if (this.queue.length >= this.maxQueue && !this.hasFreeThread()) {
      const displaced = this.displaceableFor(keys);
      const full = new WorkerPoolFullError(this.name, this.maxQueue, this.estimatedWaitMs());
      if (!displaced) return Promise.reject(full);
      this.queue.splice(this.queue.indexOf(displaced), 1);
      this.release(displaced);
      displaced.reject(full);
    }
    return new Promise<TResult>((resolve, reject) => {
      const weight = options.weight ?? 1;
      this.queue.push({ id: this.nextId++, request, keys, weight, resolve, reject });
      for (const key of keys) this.waitingByKey.set(key, this.waitingFor(key) + 1);
      this.pump();
    });
  }

  /** Terminates every thread; queued and running jobs are rejected. Idempotent. */
  async close(): Promise<void> {
    this.closed = true;
    const error = new WorkerPoolClosedError(this.name);
    for (const job of this.queue.splice(0)) job.reject(error);
    this.waitingByKey.clear();
    const workers = [...this.workers];
    this.workers.clear();
    for (const entry of workers) {
      clearTimeout(entry.handOver);
      for (const job of [entry.job, entry.next]) job?.reject(error);
      entry.job = entry.next = undefined;
    }
    await Promise.all(workers.map((entry) => entry.worker.terminate().catch(() => undefined)));
  }

  private hasFreeThread(): boolean {
    if (this.workers.size < this.size) return true;
    for (const entry of this.workers) if (!entry.job) return true;
    return false;
  }

  /** The most waiting jobs any of `keys` holds (0 without keys). */
  private loadOf(keys: readonly string[]): number {
    let load = 0;
    for (const key of keys) load = Math.max(load, this.waitingFor(key));
    return load;
  }

  /**
   * With the queue full, the waiting job a newcomer charged to `keys` may take the place of: the
   * newest of the busiest key, if that key holds at least two more than the newcomer's busiest key
   * (after the swap it still holds no fewer, so two keys never take slots back and forth).
   */
  private displaceableFor(keys: readonly string[]): Job<TRequest, TResult> | undefined {
    let busiest: string | undefined;
    let most = 0;
    for (const [key, waiting] of this.waitingByKey) {
      if (waiting > most) [busiest, most] = [key, waiting];
    }
    if (busiest === undefined || this.loadOf(keys) + 2 > most) return undefined;
    return this.queue.findLast((job) => job.keys.includes(busiest));
  }

  /** The job leaves the queue: its keys hold one waiting job less. */
  private release(job: Job<TRequest, TResult>): void {
    for (const key of job.keys) {
      const waiting = this.waitingFor(key) - 1;
      if (waiting > 0) this.waitingByKey.set(key, waiting);
      else this.waitingByKey.delete(key);
    }
  }

  /** A job taken from the queue goes back to its front (its thread ended before starting it). */
  private requeue(job: Job<TRequest, TResult>): void {
    this.queue.unshift(job);
    for (const key of job.keys) this.waitingByKey.set(key, this.waitingFor(key) + 1);
  }

  /** The next job for a free thread: the first whose busiest key holds the fewest waiting jobs. */
  private takeNext(): Job<TRequest, TResult> {
    // Without keys this is plain FIFO, without scanning the queue.
    if (this.waitingByKey.size === 0) return this.queue.shift()!;
    let next = 0;
    let fewest = Infinity;
    this.queue.some((job, i) => {
      const load = this.loadOf(job.keys);
      if (load < fewest) [next, fewest] = [i, load];
      return fewest === 0;
    });
    return this.queue.splice(next, 1)[0]!;
  }

  /** Until a queued job now would reach a thread: the queue ahead of it, spread over the threads. */
  private estimatedWaitMs(): number {
    const jobMs = this.averageJobMs ?? 100;
    return Math.ceil(((this.queue.length + 1) / this.size) * jobMs);
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let idle: PoolWorker<TRequest, TResult> | undefined;
      for (const entry of this.workers) {
        if (!entry.job) {
          idle = entry;
          break;
        }
      }
      if (!idle && this.workers.size < this.size) idle = this.spawn();
      if (!idle) break;
      const job = this.send(idle);
      job.startedAt = performance.now();
      idle.job = job;
      idle.worker.ref();
    }
    if (this.queue.length > 0) for (const entry of this.workers) this.planHandOver(entry);
  }

  /** Takes the next waiting job (fairly) and sends it to `entry`'s thread. */
  private send(entry: PoolWorker<TRequest, TResult>): Job<TRequest, TResult> {
    const job = this.takeNext();
    this.release(job);
    entry.worker.postMessage({ id: job.id, request: job.request } satisfies JobMessage<TRequest>);
    return job;
  }

  /**
   * A busy thread without a next job gets one at PREFETCH_AT of the average job time (at once if its
   * job already ran that long; never before one job's time was measured), if any is waiting then.
   */
  private planHandOver(entry: PoolWorker<TRequest, TResult>): void {
    const job = entry.job;
    if (!job || entry.next || entry.handOver || this.averageJobMs === undefined) return;
    const due = (job.startedAt ?? performance.now()) + PREFETCH_AT * this.averageJobMs * job.weight;
    entry.handOver = setTimeout(
      () => {
        entry.handOver = undefined;
        if (entry.job === job && !entry.next && this.queue.length > 0 && this.workers.has(entry)) {
          entry.next = this.send(entry);
        }
      },
      Math.max(0, due - performance.now()),
    );
    // The running job keeps the process alive (its thread is ref'd); the timer need not.
    entry.handOver.unref();
  }

  private spawn(): PoolWorker<TRequest, TResult> {
    const worker = new Worker(this.source, {
      eval: true,
      workerData: this.workerData,
      name: `${this.name}-pool`,
    });
    const entry: PoolWorker<TRequest, TResult> = {
      worker,
      job: undefined,
      next: undefined,
      handOver: undefined,
      lastError: undefined,
    };
    this.workers.add(entry);

    worker.on('message', (message: ResultMessage<TResult>) => {
      const job = entry.job;
      if (!job || job.id !== message.id) return;
      const now = performance.now();
      clearTimeout(entry.handOver);
      entry.handOver = undefined;
      // A job handed over early started as soon as this result was posted.
      entry.job = entry.next;
      entry.next = undefined;
      if (entry.job) entry.job.startedAt = now;
      else worker.unref();
      const jobMs = (now - (job.startedAt ?? now)) / job.weight;
      this.averageJobMs =
        this.averageJobMs === undefined
          ? jobMs
          : this.averageJobMs + AVERAGE_WEIGHT * (jobMs - this.averageJobMs);
      if (message.ok) {
        job.resolve(message.result);
      } else {
        const error = new Error(message.error.message);
        error.name = message.error.name;
        job.reject(error);
      }
      this.pump();
    });
    worker.on('error', (error) => {
      entry.lastError = error;
    });
    worker.on('exit', (code) => {
      if (!this.workers.delete(entry)) return; // removed by close()
      const job = entry.job;
      clearTimeout(entry.handOver);
      // A job handed over early never started: it waits again, first in line.
      if (entry.next) this.requeue(entry.next);
      entry.job = entry.next = undefined;
      if (job) {
        const reason = entry.lastError ? `: ${entry.lastError.message}` : ` with code ${code}`;
        job.reject(
          new Error(`A ${this.name} worker thread exited unexpectedly${reason}`, { cause: entry.lastError }),
        );
      }
      // Queued jobs get a fresh worker. If workers cannot start at all, every job is rejected in turn.
      this.pump();
    });
    return entry;
  }
}
