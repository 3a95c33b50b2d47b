/**
 * The storage engine: one lmdb environment (memory-mapped B+tree, MVCC reads, ACID commits) holding every
 * database of the server. See docs/embedded-mongodb.md ("Storage") for why lmdb.
 *
 * Tables (lmdb named databases), keys in lmdb-js's order-preserving encoding (see keys.ts):
 * - `catalog`  [db, collection] → BSON `{ no, options, uuid, indexes: [{ no, spec, multikey }] }`
 * - `docs`     [collection no, ..._id parts] → the document as BSON, numeric types exact
 * - `index`    [index no, ...key parts of each field, ..._id parts] → empty (one entry per key of a document)
 * - `meta`     'next' → the next collection/index number; ['count', collection no] → number of documents
 *
 * Writes: every command that writes runs inside `write()`, an lmdb asynchronous transaction. lmdb-js batches
 * all transactions queued in one event turn into one commit (group commit) and runs their callbacks in order on
 * this thread, where reads see the transaction's own writes. The command is acknowledged after the commit is
 * flushed to disk (`flushed`), so an acknowledged write survives a crash; reads outside a transaction see the
 * last committed state. Start-up reads the catalog only: nothing proportional to the data is replayed.
 *
 * In memory (no data directory) the same engine runs on a private temporary directory without fsync, removed
 * when the server stops, so the test suites exercise exactly the code production runs.
 */
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  statfsSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open, type Database as LmdbDatabase, type RootDatabase } from 'lmdb';
import { DocumentCache } from './doc-cache.js';
import { commitFailure, type WriteFault } from './faults.js';
import { MAX_PART, type KeyPart } from './keys.js';
import { RangeCounts } from './range-counts.js';

export const STORE_FILE = 'storage.mdb';
/** lmdb-js names its lock file after the data file. */
export const STORE_LOCK_FILE = 'storage.mdb-lock';
const TEMP_PREFIX = 'iam-embedded-mongo-';
/** Memory for recently read documents (doc-cache.ts): a small part of the 1 GiB the server may use at 10M documents. */
export const DOCUMENT_CACHE_BYTES = 64 * 2 ** 20;

type Key = KeyPart[] | string;
/** Index entries carry everything in their key. */
const EMPTY = Buffer.alloc(0);
/** lmdb-js only reads its put options (unlike its range options), so one object serves every call. */
const NO_OVERWRITE = { noOverwrite: true } as const;
/** `meta` key of the number of committed write transactions (see `write`: how a lost commit is noticed). */
const COMMITS_KEY = 'commits';

export class Store {
  readonly catalog: LmdbDatabase<Buffer, Key>;
  readonly docs: LmdbDatabase<Buffer, Key>;
  readonly index: LmdbDatabase<Buffer, Key>;
  readonly meta: LmdbDatabase<number, Key>;
  private closed = false;
  /**
   * Set while writes are refused because the disk is full (faults.ts); cleared by the next write that commits.
   * serverStatus reports it (`embedded.writes`).
   */
  writeFault: WriteFault | null = null;
  /** Called after a commit failed: the engine reloads its catalog from the committed state. */
  onRollback: (() => void) | undefined;
  /** Write transactions run so far: the `meta` value `commits` once they are committed. */
  private commits: number;
  /** Commits that failed since the store was opened. */
  private lostCommits = 0;
  /** Settles when the next commit fails (flushWaiters). */
  private nextFailure = signal();
  /** Document counts changed by the running transaction, written once at its end. */
  private readonly changedCounts = new Map<number, number>();
  private readonly docCache = new DocumentCache(DOCUMENT_CACHE_BYTES);
  /** Remembered entry counts of date ranges of indexes (range-counts.ts), remembered under the cache's rule. */
  private readonly rangeCounts = new RangeCounts(
    (start, end) => this.index.getKeysCount({ start, end }),
    () => this.docCache.writesInFlight === 0,
  );

  private constructor(
    private readonly env: RootDatabase<Buffer, Key>,
    /** Directory removed on close (the private directory of an in-memory server). */
    private readonly temporaryDir: string | null,
    private readonly durable: boolean,
    /** The directory whose file system holds the data (for its free space). */
    private readonly dir: string,
  ) {
    this.catalog = env.openDB<Buffer, Key>('catalog', { encoding: 'binary' });
    this.docs = env.openDB<Buffer, Key>('docs', { encoding: 'binary' });
    this.index = env.openDB<Buffer, Key>('index', { encoding: 'binary' });
    this.meta = env.openDB<number, Key>('meta', { encoding: 'msgpack' });
    this.commits = this.meta.get(COMMITS_KEY) ?? 0;
  }

  /** Opens (creating) the store of a data directory; `dir: null` opens a private temporary one. */
  static open(dir: string | null, fileMode = 0o600): Store {
    if (dir === null) {
      removeAbandonedTemporaryStores();
      const temp = mkdtempSync(join(tmpdir(), `${TEMP_PREFIX}${process.pid}-`));
      const env = open<Buffer, Key>({
        path: join(temp, STORE_FILE),
        noSubdir: true,
        noSync: true,
        // Pages are changed in place in the memory map: a commit copies nothing back into the file. With
        // random keys (event ids) a 500-document commit touches ~500 pages, so this is most of its cost.
        // (A stray write could corrupt the map, which matters only for data that outlives the process.)
        useWritemap: true,
        maxDbs: 8,
      });
      return new Store(env, temp, false, temp);
    }
    const path = join(dir, STORE_FILE);
    // Created owner-only before lmdb opens them (it would create them with its own mode, subject to the umask).
    for (const f of [path, join(dir, STORE_LOCK_FILE)]) closeSync(openSync(f, 'a', fileMode));
    const env = open<Buffer, Key>({
      path,
      noSubdir: true,
      maxDbs: 8,
      // Larger pages hold more keys per branch: fewer page reads for range scans over data larger than memory.
      pageSize: 8192,
      // Never leave stale heap contents in unused parts of pages written to a file that holds password hashes.
      noMemInit: false,
    });
    for (const f of [path, join(dir, STORE_LOCK_FILE)]) if (existsSync(f)) chmodSync(f, fileMode);
    return new Store(env, null, true, dir);
  }

  /**
   * Runs `fn` in a write transaction and resolves with its result once the transaction is committed and (on
   * disk) flushed. If `fn` throws, what it wrote before throwing is still committed (like the statements of a
   * batch that completed before an error in mongod) and the error is rethrown after the flush.
   *
   * A commit that fails (the disk is full, an I/O error) is rolled back by lmdb, with every transaction of its
   * group commit; none of them was acknowledged. The engine's in-memory catalog (collections, indexes, counts)
   * may then be ahead of the disk, so it is reloaded from the committed state: right away when no other write is
   * in flight, and in any case by the next transaction, which notices the lost commit because the stored number
   * of commits is behind its own. The server stays up: reads go on, the write answers OutOfDiskSpace (14031)
   * when the disk is full, and while it stays full further writes are refused without being tried; the first
   * one tried after space returned clears the fault (faults.ts).
   */
  async write<T>(fn: () => T): Promise<T> {
    if (this.closed) throw new Error('storage is closed');
    if (this.writeFault && !this.mayRetryWrites(this.writeFault)) throw this.writeFault.refusal();
    let outcome = { ok: false, error: new Error('transaction did not run') } as
      { ok: true; value: T } | { ok: false; error: unknown };
    const lostBefore = this.lostCommits;
    this.docCache.writesInFlight++;
    try {
      await this.env.transaction(() => {
        this.noticeLostCommit();
        try {
          outcome = { ok: true, value: fn() };
        } catch (error) {
          outcome = { ok: false, error };
        }
        this.writeCounts();
        this.meta.putSync(COMMITS_KEY, ++this.commits);
      });
      if (this.durable) await this.flushedSince(lostBefore);
    } catch (e) {
      this.docCache.writesInFlight--;
      throw await this.commitFailed(e);
    }
    this.docCache.writesInFlight--;
    if (this.lostCommits === lostBefore) this.writeFault = null;
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }

  /**
   * Waits until the committed transaction is on disk. lmdb-js's `flushed` waits for the flush of the newest
   * commit; when that commit fails, its flush never comes (a full disk). Then, or when a commit failed since the
   * write started, the data file is synced here instead: it holds every page of the committed transactions.
   */
  private async flushedSince(lostBefore: number): Promise<void> {
    if (this.lostCommits === lostBefore) {
      const failed = this.nextFailure.promise;
      const flushed = await Promise.race([
        Promise.resolve(this.env.flushed).then(() => true),
        failed.then(() => false),
      ]);
      if (flushed) return;
    }
    const fd = openSync(join(this.dir, STORE_FILE), 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }

  /**
   * Inside a write transaction: when the stored number of commits is behind the transactions run, a commit was
   * lost (rolled back) and the in-memory state still holds its changes — reload it from what is committed.
   */
  private noticeLostCommit(): void {
    const stored = this.meta.get(COMMITS_KEY) ?? 0;
    if (stored === this.commits) return;
    this.commits = stored;
    this.rollBack();
  }

  private rollBack(): void {
    this.changedCounts.clear();
    this.docCache.clear();
    this.rangeCounts.clear();
    this.onRollback?.();
  }

  /** After a failed commit: the error to answer with, the fault state, the in-memory state rolled back. */
  private async commitFailed(e: unknown): Promise<Error> {
    this.lostCommits++;
    this.nextFailure.resolve();
    this.nextFailure = signal();
    const failure = await commitFailure(e, () => this.freeBytes());
    if (this.docCache.writesInFlight === 0) {
      // Nothing else is between its start and its commit: the committed state is the whole truth.
      this.commits = this.meta.get(COMMITS_KEY) ?? 0;
      this.rollBack();
    }
    if (failure.outOfSpace) {
      this.writeFault = failure.fault;
      return failure.fault.refusal();
    }
    return failure.error;
  }

  /** Whether a refused write may be tried again: space came back since the failure (or cannot be measured). */
  private mayRetryWrites(fault: WriteFault): boolean {
    if (this.spaceReturned(fault)) return true;
    fault.refused++;
    return false;
  }

  private spaceReturned(fault: WriteFault): boolean {
    const free = this.freeBytes();
    return free === undefined || free > fault.freeBytes;
  }

  /**
   * The fault while writes are refused without being tried (no space came back since a write failed); null when
   * writes are taken — after space came back the next write is tried, and a failure sets the fault again.
   */
  get refusingWrites(): WriteFault | null {
    return this.writeFault && !this.spaceReturned(this.writeFault) ? this.writeFault : null;
  }

  /** Bytes available to this process on the data directory's file system; undefined when unknown. */
  freeBytes(): number | undefined {
    try {
      const s = statfsSync(this.dir);
      return s.bavail * s.bsize;
    } catch {
      return undefined;
    }
  }

  /** Runs `fn` in a synchronous write transaction (start-up work: migration, catalog repairs). */
  writeSync<T>(fn: () => T): T {
    return this.env.transactionSync(() => {
      try {
        return fn();
      } finally {
        this.writeCounts();
        this.meta.putSync(COMMITS_KEY, ++this.commits);
      }
    });
  }

  /** The stored BSON of the document with this `docs` key (shared: callers must not modify it). */
  getDoc(key: KeyPart[]): Buffer | undefined {
    const cached = this.docCache.get(key);
    if (cached !== undefined) return cached;
    const bytes = this.docs.getBinary(key);
    if (bytes !== undefined) this.docCache.fill(key, bytes);
    return bytes;
  }

  /** Stores a document in the running write transaction. */
  putDoc(key: KeyPart[], bytes: Buffer): void {
    this.docCache.forget(key);
    this.docs.putSync(key, bytes);
  }

  /** Stores a new document in the running write transaction; false (nothing written) when the key is taken. */
  putNewDoc(key: KeyPart[], bytes: Buffer): boolean {
    this.docCache.forget(key);
    // lmdb-js types putSync as void, but inside a transaction it answers whether it wrote.
    return (this.docs.putSync(key, bytes, NO_OVERWRITE) as unknown) === true;
  }

  /** Removes a document in the running write transaction; false when there was none. */
  removeDoc(key: KeyPart[]): boolean {
    this.docCache.forget(key);
    return this.docs.removeSync(key);
  }

  /** Adds an index entry (the index number, the key parts, the `_id` parts) in the running write transaction. */
  putIndexEntry(key: KeyPart[]): void {
    this.rangeCounts.touch(key);
    this.index.putSync(key, EMPTY);
  }

  /** Removes an index entry in the running write transaction. */
  removeIndexEntry(key: KeyPart[]): void {
    this.rangeCounts.touch(key);
    this.index.removeSync(key);
  }

  /** Removes every entry of an index in the running write transaction. */
  clearIndex(indexNo: number): void {
    this.rangeCounts.forgetIndex(indexNo);
    for (const key of this.index.getKeys({ start: [indexNo], end: [indexNo, MAX_PART] }))
      this.index.removeSync(key);
  }

  /** Number of index entries in `[start, end)` (keys with the index number); date ranges from remembered counts. */
  countIndexEntries(start: KeyPart[], end: KeyPart[]): number {
    return this.rangeCounts.count(start, end);
  }

  /** Records a collection's new document count; it is stored at the end of the transaction. */
  setCount(collectionNo: number, n: number): void {
    this.changedCounts.set(collectionNo, n);
  }

  private writeCounts(): void {
    for (const [no, n] of this.changedCounts) {
      if (n === -1) this.meta.removeSync(['count', no]);
      else this.meta.putSync(['count', no], n);
    }
    this.changedCounts.clear();
  }

  /** Next number for a collection or index (the key prefix of its entries). */
  allocateNumber(): number {
    const next = this.meta.get('next') ?? 1;
    this.meta.putSync('next', next + 1);
    return next;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      // After a failed commit lmdb-js still waits for that commit's flush, which never comes (close would hang):
      // an empty transaction commits without writing a page, even on a full disk, and settles it.
      if (this.writeFault || this.lostCommits > 0)
        await this.env.transaction(() => undefined).catch(() => undefined);
      await this.env.flushed;
      await this.env.close();
    } finally {
      if (this.temporaryDir) rmSync(this.temporaryDir, { recursive: true, force: true });
    }
  }
}

/** A promise and the function that resolves it. */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Removes temporary stores left by in-memory servers of processes that died without stopping them. */
function removeAbandonedTemporaryStores(): void {
  let names: string[];
  try {
    names = readdirSync(tmpdir());
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(TEMP_PREFIX)) continue;
    const pid = Number.parseInt(name.slice(TEMP_PREFIX.length), 10);
    if (!Number.isInteger(pid) || pid === process.pid || isAlive(pid)) continue;
    try {
      rmSync(join(tmpdir(), name), { recursive: true, force: true });
    } catch {
      /* another process is cleaning up too */
    }
  }
}

export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
