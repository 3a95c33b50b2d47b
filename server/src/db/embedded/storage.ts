/**
 * Durability: an append-only journal with group commit, snapshots, and a lock file.
 *
 * Files in the data directory:
 * - `mongod.lock`   pid of the owning process (created exclusively; stale when that pid is dead)
 * - `snapshot.bson` full state as of some log sequence number (LSN), replaced atomically (temp + fsync + rename)
 * - `journal.bson`  changes after the snapshot, appended and fsynced before a write is acknowledged
 *
 * - `credentials.json` the generated user and password when authentication is required (see auth.ts)
 *
 * The directory is created (and kept) with mode 0700 and every file in it with mode 0600, whatever the umask:
 * the data holds password hashes and signing keys. Files left with wider modes by an older version are
 * tightened when the directory is opened.
 *
 * Both files are sequences of frames: `uint32 length | uint32 crc32(payload) | payload` where the payload is a
 * BSON document `{ lsn, r: <record> }` (the first snapshot frame is `{ lsn, snapshot: true }`). A frame that is
 * cut short or fails its checksum ends the journal: it is a torn write from a crash, and is truncated away.
 */
import {
  chmodSync,
  closeSync,
  existsSync,
  fchmodSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
  ftruncateSync,
  fstatSync,
} from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { deserialize, serialize, type UUID } from 'bson';
import { type Engine, makeIndexSpec, type ChangeRecord, type Collection, type IndexSpec } from './engine.js';
import { applyTypes, docTypes, normalize, normalizeDoc } from './types.js';
import { keyOf, type Doc } from './values.js';
import type { Durability } from './commands.js';

const LOCK_FILE = 'mongod.lock';
const SNAPSHOT_FILE = 'snapshot.bson';
const JOURNAL_FILE = 'journal.bson';
const FRAME_HEADER = 8;
const MAX_FRAME = 64 * 1024 * 1024;
const DEFAULT_COMPACT_BYTES = 64 * 1024 * 1024;
/** Owner-only modes for the data directory and its files (set explicitly, so the umask does not matter). */
export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;

/** Creates the data directory (0700) or tightens an existing one and the files in it. */
function prepareDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  chmodSync(dir, DIR_MODE);
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    try {
      const st = lstatSync(path);
      if (st.isFile() && (st.mode & 0o777) !== FILE_MODE) chmodSync(path, FILE_MODE);
    } catch {
      /* vanished meanwhile */
    }
  }
}

/** Opens (creating with mode 0600) a file of the data directory. */
function openPrivate(path: string, flags: string): number {
  const fd = openSync(path, flags, FILE_MODE);
  try {
    fchmodSync(fd, FILE_MODE);
  } catch (e) {
    closeSync(fd);
    throw e;
  }
  return fd;
}

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `DBPathInUse: Unable to lock the data directory ${dir}: it is in use by another embedded MongoDB process (pid ${pid}, see ${join(dir, LOCK_FILE)})`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** One record as BSON, framed: one allocation and one copy (a journal write per stored document). */
function frameRecord(record: Doc): Buffer {
  const payload = serialize(record, { ignoreUndefined: true, checkKeys: false });
  const framed = Buffer.allocUnsafe(FRAME_HEADER + payload.length);
  framed.writeUInt32LE(payload.length, 0);
  framed.writeUInt32LE(crc32(payload) >>> 0, 4);
  framed.set(payload, FRAME_HEADER);
  return framed;
}

/** Reads frames until the end or the first damaged frame; returns payloads and the offset of the valid end. */
export function readFrames(buf: Buffer): { payloads: Buffer[]; validEnd: number } {
  const payloads: Buffer[] = [];
  let off = 0;
  while (off + FRAME_HEADER <= buf.length) {
    const len = buf.readUInt32LE(off);
    const sum = buf.readUInt32LE(off + 4);
    if (len < 5 || len > MAX_FRAME || off + FRAME_HEADER + len > buf.length) break;
    const payload = buf.subarray(off + FRAME_HEADER, off + FRAME_HEADER + len);
    if (crc32(payload) >>> 0 !== sum) break;
    payloads.push(payload);
    off += FRAME_HEADER + len;
  }
  return { payloads, validEnd: off };
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function acquireLock(dir: string): void {
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openPrivate(path, 'wx');
      writeSync(fd, `${process.pid}\n`);
      fsyncSync(fd);
      closeSync(fd);
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let pid = NaN;
      try {
        pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
      } catch {
        /* vanished meanwhile */
      }
      if (isAlive(pid)) throw new DataDirLockedError(dir, pid);
      try {
        unlinkSync(path); // stale lock from a process that died
      } catch {
        /* someone else removed it */
      }
    }
  }
  throw new Error(`Unable to lock the data directory ${dir}`);
}

function fsyncDir(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    /* not supported on this platform */
  }
}

const DECODE = { promoteValues: false, promoteLongs: false, promoteBuffers: false } as const;

/** Applies a decoded record to the engine (used for replay; the engine does not re-emit it). */
function applyRecord(engine: Engine, r: Doc): void {
  const db = r.db as string;
  const c = r.c as string;
  const coll = (): Collection => engine.ensureCollection(db, c).coll;
  switch (r.op) {
    case 'c':
      if (!engine.getCollection(db, c))
        engine.createCollection(db, c, (normalize(r.options) as Doc) ?? {}, r.uuid as UUID);
      break;
    case 'dc':
      engine.dropCollection(db, c);
      break;
    case 'dd':
      engine.dropDatabase(db);
      break;
    case 'ci':
      engine.createIndex(coll(), makeIndexSpec(normalize(r.spec) as Doc) as IndexSpec);
      break;
    case 'di': {
      const col = engine.getCollection(db, c);
      if (col && col.indexes.some((i) => i.spec.name === r.name)) engine.dropIndex(col, r.name as string);
      break;
    }
    case 'i':
    case 'u': {
      const { doc, types } = normalizeDoc(r.doc as Doc);
      const col = coll();
      const old = col.docs.get(keyOf(doc._id));
      if (old) col.replaceStored(old, doc);
      else col.insertStored(doc);
      if (types) docTypes.set(doc, types);
      break;
    }
    case 'd': {
      const col = engine.getCollection(db, c);
      const id = normalize(r.id);
      const old = col?.docs.get(keyOf(id));
      if (col && old) col.deleteStored(old);
      break;
    }
    default:
      break;
  }
}

function replay(engine: Engine, rec: Doc, file: string, lsn?: number): void {
  try {
    applyRecord(engine, rec);
  } catch (e) {
    const at = lsn === undefined ? '' : ` (record lsn ${lsn})`;
    throw new Error(`Cannot replay ${file}${at}: ${(e as Error).message}`, { cause: e });
  }
}

/** Changes of an in-memory server are durable as soon as they are applied. */
export class MemoryDurability implements Durability {
  sync(): Promise<void> {
    return Promise.resolve();
  }
  async close(): Promise<void> {}
}

export class DiskStorage implements Durability {
  private lsn = 0;
  private durableLsn = 0;
  private pending: Buffer[] = [];
  private pendingLsn = 0;
  private waiters: Array<{ lsn: number; resolve: () => void; reject: (e: Error) => void }> = [];
  private flushing: Promise<void> | null = null;
  private journalBytes = 0;
  /** Size of the last snapshot written (or found at start). */
  private snapshotBytes = 0;
  private failed: Error | null = null;
  private closed = false;

  private constructor(
    readonly dir: string,
    private readonly engine: Engine,
    private journal: FileHandle,
    private readonly compactBytes: number,
  ) {}

  static async open(dir: string, engine: Engine, opts: { compactBytes?: number } = {}): Promise<DiskStorage> {
    prepareDataDir(dir);
    acquireLock(dir);
    try {
      let lsn = 0;
      const snapPath = join(dir, SNAPSHOT_FILE);
      const journalPath = join(dir, JOURNAL_FILE);
      engine.onChange = () => {};
      if (existsSync(snapPath)) {
        const { payloads } = readFrames(readFileSync(snapPath));
        for (const p of payloads) {
          const rec = deserialize(p, DECODE) as Doc;
          if (rec.snapshot) lsn = Number(normalize(rec.lsn));
          else replay(engine, rec.r as Doc, snapPath);
        }
      }
      let journalBytes = 0;
      if (existsSync(journalPath)) {
        const buf = readFileSync(journalPath);
        const { payloads, validEnd } = readFrames(buf);
        for (const p of payloads) {
          const rec = deserialize(p, DECODE) as Doc;
          const recLsn = Number(normalize(rec.lsn));
          if (recLsn <= lsn) continue;
          replay(engine, rec.r as Doc, journalPath, recLsn);
          lsn = recLsn;
        }
        if (validEnd < buf.length) {
          // torn tail from a crash: drop it so new frames follow the last good one
          const fd = openSync(journalPath, 'r+');
          ftruncateSync(fd, validEnd);
          fsyncSync(fd);
          closeSync(fd);
        }
        journalBytes = validEnd;
      }
      const fh = await open(journalPath, 'a', FILE_MODE);
      await fh.chmod(FILE_MODE);
      const st = new DiskStorage(dir, engine, fh, opts.compactBytes ?? DEFAULT_COMPACT_BYTES);
      st.lsn = lsn;
      st.durableLsn = lsn;
      st.pendingLsn = lsn;
      st.journalBytes = journalBytes;
      st.snapshotBytes = existsSync(snapPath) ? statSync(snapPath).size : 0;
      engine.onChange = (rec) => st.append(rec);
      if (st.shouldCompact()) st.compact();
      return st;
    } catch (e) {
      try {
        unlinkSync(join(dir, LOCK_FILE));
      } catch {
        /* ignore */
      }
      throw e;
    }
  }

  private append(rec: ChangeRecord): void {
    if (this.closed) throw new Error('storage is closed');
    this.lsn++;
    this.pending.push(frameRecord({ lsn: this.lsn, r: rec }));
    this.pendingLsn = this.lsn;
  }

  sync(): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    if (this.durableLsn >= this.lsn) return Promise.resolve();
    const target = this.lsn;
    const p = new Promise<void>((resolve, reject) => this.waiters.push({ lsn: target, resolve, reject }));
    this.kick();
    return p;
  }

  private kick(): void {
    if (this.flushing) return;
    this.flushing = this.flushLoop().finally(() => {
      this.flushing = null;
      if (this.pending.length) this.kick();
    });
  }

  /** Group commit: every pass writes everything queued so far with a single fsync. */
  private async flushLoop(): Promise<void> {
    while (this.pending.length) {
      const bufs = this.pending;
      const upTo = this.pendingLsn;
      this.pending = [];
      const data = bufs.length === 1 ? (bufs[0] as Buffer) : Buffer.concat(bufs);
      try {
        await this.journal.write(data);
        await this.journal.datasync();
      } catch (e) {
        this.failed = e as Error;
        for (const w of this.waiters.splice(0)) w.reject(this.failed);
        return;
      }
      this.journalBytes += data.length;
      this.durableLsn = upTo;
      const ready = this.waiters.filter((w) => w.lsn <= upTo);
      this.waiters = this.waiters.filter((w) => w.lsn > upTo);
      for (const w of ready) w.resolve();
    }
    if (this.shouldCompact() && this.pending.length === 0) this.compact();
  }

  /**
   * A snapshot rewrites the whole state, so the journal may grow to the larger of compactBytes and
   * the last snapshot's size first: each journaled byte then pays for at most one snapshot byte, and
   * a large store is not stalled by a full rewrite every compactBytes. Replay at start reads at most
   * about twice the state.
   */
  private shouldCompact(): boolean {
    return this.journalBytes > Math.max(this.compactBytes, this.snapshotBytes);
  }

  /**
   * Writes a snapshot of the whole engine (temp file, fsync, rename, fsync dir) and empties the journal.
   * Synchronous so no change can interleave; only called while nothing is pending.
   */
  compact(): void {
    if (this.pending.length) return;
    const tmp = join(this.dir, SNAPSHOT_FILE + '.tmp');
    const fd = openPrivate(tmp, 'w');
    try {
      const chunks: Buffer[] = [];
      let size = 0;
      let written = 0;
      const put = (obj: Doc) => {
        const b = frameRecord(obj);
        chunks.push(b);
        size += b.length;
        written += b.length;
        if (size > 4 * 1024 * 1024) {
          writeSync(fd, Buffer.concat(chunks));
          chunks.length = 0;
          size = 0;
        }
      };
      put({ lsn: this.lsn, snapshot: true });
      for (const db of this.engine.dbs.values()) {
        for (const coll of db.collections.values()) {
          put({ r: { op: 'c', db: db.name, c: coll.name, options: coll.options, uuid: coll.uuid } });
          for (const idx of coll.indexes) put({ r: { op: 'ci', db: db.name, c: coll.name, spec: idx.spec } });
          for (const d of coll.docs.values())
            put({ r: { op: 'i', db: db.name, c: coll.name, doc: applyTypes(d, docTypes.get(d)) } });
        }
      }
      if (chunks.length) writeSync(fd, Buffer.concat(chunks));
      fsyncSync(fd);
      this.snapshotBytes = written;
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, join(this.dir, SNAPSHOT_FILE));
    fsyncDir(this.dir);
    // Every journal record is now covered by the snapshot's LSN; truncating is safe even if interrupted.
    const jfd = openSync(join(this.dir, JOURNAL_FILE), 'r+');
    try {
      ftruncateSync(jfd, 0);
      fsyncSync(jfd);
    } finally {
      closeSync(jfd);
    }
    this.journalBytes = 0;
  }

  journalSize(): number {
    try {
      return fstatSync(this.journal.fd).size;
    } catch {
      return this.journalBytes;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await this.sync();
      while (this.flushing) await this.flushing;
      if (!this.failed && this.journalBytes > 0) this.compact();
    } finally {
      this.closed = true;
      this.engine.onChange = () => {};
      await this.journal.close().catch(() => {});
      try {
        unlinkSync(join(this.dir, LOCK_FILE));
      } catch {
        /* ignore */
      }
    }
  }
}
