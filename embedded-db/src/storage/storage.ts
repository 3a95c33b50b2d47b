/**
 * The data directory: its lock file, its permissions, and the migration of data written by the journal-based
 * storage of earlier versions (`snapshot.bson` + `journal.bson`) into the lmdb store (store.ts).
 *
 * Files in the data directory:
 * - `mongod.lock`        the owning process: pid, start time, boot id, pid namespace (see acquireLock)
 * - `storage.mdb`        the lmdb data file; `storage.mdb-lock` its reader table
 * - `credentials.json`   the generated user and password when authentication is required (see auth.ts)
 *
 * The directory is created (and kept) with mode 0700 and every file in it with mode 0600, whatever the umask:
 * the data holds password hashes and signing keys. Files left with wider modes by an older version are
 * tightened when the directory is opened.
 *
 * Legacy files are sequences of frames `uint32 length | uint32 crc32(payload) | payload`, the payload a BSON
 * document `{ lsn, r: <record> }`; a frame cut short or failing its checksum ends the journal (a torn write).
 * They are replayed once, in one transaction, and renamed to `*.migrated` so they are never read again.
 */
import { deserialize, type UUID } from 'bson';
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
  readlinkSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { crc32 } from 'node:zlib';
import { EXACT_DECODE, normalize, normalizeDoc } from '../bson/types.js';
import type { Doc } from '../bson/values.js';
import type { Engine } from '../engine/engine.js';
import { makeIndexSpec } from '../engine/index-spec.js';
import type { Collection } from './collection.js';
import { isAlive } from './store.js';

const LOCK_FILE = 'mongod.lock';
const SNAPSHOT_FILE = 'snapshot.bson';
const JOURNAL_FILE = 'journal.bson';
const FRAME_HEADER = 8;
const MAX_FRAME = 64 * 1024 * 1024;
/** Owner-only modes for the data directory and its files (set explicitly, so the umask does not matter). */
export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;

/** Creates the data directory (0700) or tightens an existing one and the files in it. */
export function prepareDataDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  } catch (e) {
    throw mkdirError(dir, e as NodeJS.ErrnoException);
  }
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

/**
 * The real reason a data directory could not be created. Node's recursive mkdir answers ENOENT on a read-only
 * file system (it retries the parent, which exists, and reports the first failure); creating the first missing
 * level alone gives the kernel's answer (EROFS, EACCES, ENOSPC).
 */
function mkdirError(dir: string, e: NodeJS.ErrnoException): Error {
  let missing = resolve(dir);
  while (!existsSync(dirname(missing)) && dirname(missing) !== missing) missing = dirname(missing);
  let cause: NodeJS.ErrnoException;
  try {
    mkdirSync(missing, { mode: DIR_MODE });
    return e; // the first level could be made after all: report the original error
  } catch (inner) {
    cause = inner as NodeJS.ErrnoException;
  }
  const reason =
    cause.code === 'EROFS'
      ? 'read-only file system'
      : cause.code === 'EACCES' || cause.code === 'EPERM'
        ? 'permission denied'
        : cause.code === 'ENOSPC'
          ? 'no space left on device'
          : cause.message;
  const err = new Error(
    `Unable to create the data directory ${dir}: ${reason} (${cause.code ?? 'error'} creating ${missing})`,
  ) as NodeJS.ErrnoException;
  err.code = cause.code;
  return err;
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

/**
 * Who holds a lock, told apart from any later process that happens to get the same pid.
 *
 * A pid alone is not enough: a server that is PID 1 of its PID namespace (Docker, Kubernetes) and is killed comes
 * back as PID 1 again, and read its own pid from the stale lock as a live owner (issue #39). Node has no flock,
 * and a native helper needs an install script, so the owner is identified by more than its pid: the pid, its start
 * time (field 22 of /proc/<pid>/stat, in clock ticks since boot), the boot id and the pid namespace. The owner
 * also touches the file every HEARTBEAT_MS. A lock is live when
 * - it was written in this boot and in this pid namespace, and that pid runs with the same start time; or
 * - it was written in another pid namespace of this boot (a restarted container gets a new one; two containers
 *   may share a volume) and its heartbeat is younger than STALE_MS: its pid means nothing here, so the starter
 *   waits up to STALE_MS for the heartbeat to stop before it refuses.
 * Without /proc (macOS) the pid decides, as before.
 */
interface LockOwner {
  pid: number;
  start?: string;
  boot?: string;
  ns?: string;
}

const HEARTBEAT_MS = 2_000;
const STALE_MS = 10_000;
const heartbeats = new Map<string, NodeJS.Timeout>();

function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return undefined;
  }
}

function readLink(path: string): string | undefined {
  try {
    return readlinkSync(path);
  } catch {
    return undefined;
  }
}

/** Start time of a process in clock ticks since boot (field 22 of /proc/<pid>/stat; the name may hold spaces). */
function startTime(pid: number | 'self'): string | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19];
}

function currentOwner(): LockOwner {
  return {
    pid: process.pid,
    start: startTime('self'),
    boot: readProc('/proc/sys/kernel/random/boot_id'),
    ns: readLink('/proc/self/ns/pid'),
  };
}

function formatOwner(o: LockOwner): string {
  // the pid stays the first line: what earlier versions wrote and read
  let text = `${o.pid}\n`;
  if (o.start) text += `start=${o.start}\n`;
  if (o.boot) text += `boot=${o.boot}\n`;
  if (o.ns) text += `ns=${o.ns}\n`;
  return text;
}

function parseOwner(text: string): LockOwner {
  const [first, ...rest] = text.split('\n');
  const owner: LockOwner = { pid: Number.parseInt((first ?? '').trim(), 10) };
  for (const line of rest) {
    const eq = line.indexOf('=');
    if (eq < 0) continue;
    const k = line.slice(0, eq);
    const v = line.slice(eq + 1).trim();
    if (k === 'start' || k === 'boot' || k === 'ns') owner[k] = v;
  }
  return owner;
}

/** 'live', 'stale', or 'heartbeat' (owned from another pid namespace: live while the file is touched). */
function ownerState(o: LockOwner, me: LockOwner): 'live' | 'stale' | 'heartbeat' {
  if (!Number.isInteger(o.pid) || o.pid <= 0) return 'stale';
  if (o.boot && me.boot && o.boot !== me.boot) return 'stale'; // written before a reboot
  if (o.ns && me.ns && o.ns !== me.ns) return 'heartbeat';
  if (o.pid === me.pid && o.start === undefined) return 'stale'; // an old-format lock naming our own pid: not us
  if (!isAlive(o.pid)) return 'stale';
  if (o.start && startTime(o.pid) !== undefined && startTime(o.pid) !== o.start) return 'stale'; // pid reused
  return 'live';
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export function acquireLock(dir: string): void {
  const path = join(dir, LOCK_FILE);
  if (heartbeats.has(path)) throw new DataDirLockedError(dir, process.pid); // this process holds it already
  const me = currentOwner();
  const deadline = Date.now() + STALE_MS + HEARTBEAT_MS;
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      const fd = openPrivate(path, 'wx');
      writeSync(fd, formatOwner(me));
      fsyncSync(fd);
      closeSync(fd);
      startHeartbeat(path);
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let owner: LockOwner;
      let age: number;
      try {
        owner = parseOwner(readFileSync(path, 'utf8'));
        age = Date.now() - statSync(path).mtimeMs;
      } catch {
        continue; // vanished meanwhile
      }
      const state = ownerState(owner, me);
      if (state === 'live') throw new DataDirLockedError(dir, owner.pid);
      if (state === 'heartbeat' && age < STALE_MS) {
        if (Date.now() >= deadline) throw new DataDirLockedError(dir, owner.pid);
        sleepSync(Math.min(HEARTBEAT_MS, Math.max(50, STALE_MS - age)));
        continue;
      }
      try {
        unlinkSync(path); // stale lock from a process that died
      } catch {
        /* someone else removed it */
      }
    }
  }
  throw new Error(`Unable to lock the data directory ${dir}`);
}

/** Touches the lock file while it is held, so a starter in another pid namespace sees the owner is alive. */
function startHeartbeat(path: string): void {
  const timer = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(path, now, now);
    } catch {
      /* the directory is gone or read-only now: the pid checks still apply */
    }
  }, HEARTBEAT_MS);
  timer.unref();
  heartbeats.set(path, timer);
}

export function fsyncDir(dir: string): void {
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

/** Releases the data directory lock (on stop, or when start-up fails). */
export function releaseLock(dir: string): void {
  const path = join(dir, LOCK_FILE);
  clearInterval(heartbeats.get(path));
  heartbeats.delete(path);
  try {
    unlinkSync(join(dir, LOCK_FILE));
  } catch {
    /* already gone */
  }
}

/** Applies a legacy journal/snapshot record to the engine (inside the migration transaction). */
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
      engine.createIndex(coll(), makeIndexSpec(normalize(r.spec) as Doc));
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
      const old = col.get(doc._id);
      if (old) engine.replace(col, old, doc, types);
      else engine.insert(col, doc, types);
      break;
    }
    case 'd': {
      const col = engine.getCollection(db, c);
      const old = col?.get(normalize(r.id));
      if (col && old) engine.remove(col, old);
      break;
    }
    default:
      break;
  }
}

/**
 * Moves data of the journal-based storage into the lmdb store: the snapshot, then the journal records it does
 * not cover, in one transaction (a crash during migration leaves the legacy files in place and the store
 * empty, so the next start migrates again). Returns the number of records replayed, or 0 without legacy files.
 */
export function migrateLegacyFiles(
  dir: string,
  engine: Engine,
  writeSync: (fn: () => void) => void,
  log: (msg: string) => void,
): number {
  const snapPath = join(dir, SNAPSHOT_FILE);
  const journalPath = join(dir, JOURNAL_FILE);
  if (!existsSync(snapPath) && !existsSync(journalPath)) return 0;
  let replayed = 0;
  writeSync(() => {
    let lsn = 0;
    const replay = (rec: Doc, file: string, at?: number) => {
      try {
        applyRecord(engine, rec);
        replayed++;
      } catch (e) {
        const where = at === undefined ? '' : ` (record lsn ${at})`;
        throw new Error(
          `Cannot migrate ${file}${where} into the lmdb store: ${(e as Error).message}. The legacy files are unchanged; export the data with mongodump from the previous version and import it with mongorestore.`,
          { cause: e },
        );
      }
    };
    if (existsSync(snapPath)) {
      for (const p of readFrames(readFileSync(snapPath)).payloads) {
        const rec = deserialize(p, EXACT_DECODE) as Doc;
        if (rec.snapshot) lsn = Number(normalize(rec.lsn));
        else replay(rec.r as Doc, snapPath);
      }
    }
    if (existsSync(journalPath)) {
      for (const p of readFrames(readFileSync(journalPath)).payloads) {
        const rec = deserialize(p, EXACT_DECODE) as Doc;
        const recLsn = Number(normalize(rec.lsn));
        if (recLsn <= lsn) continue;
        replay(rec.r as Doc, journalPath, recLsn);
        lsn = recLsn;
      }
    }
  });
  for (const f of [snapPath, journalPath]) if (existsSync(f)) renameSync(f, `${f}.migrated`);
  fsyncDir(dir);
  log(
    `Migrated ${replayed} records from the journal-based storage (snapshot.bson, journal.bson) into storage.mdb; the old files are kept as *.migrated and can be deleted.`,
  );
  return replayed;
}
