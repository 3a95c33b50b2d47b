/**
 * The data directory: its lock file, its permissions, and the migration of data written by the journal-based
 * storage of earlier versions (`snapshot.bson` + `journal.bson`) into the lmdb store (store.ts).
 *
 * Files in the data directory:
 * - `mongod.lock`        pid of the owning process (created exclusively; stale when that pid is dead)
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
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
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

export function acquireLock(dir: string): void {
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
