/**
 * A full disk (issue #39) on a real size-limited file system (a tmpfs mounted for the test): writes are refused
 * with OutOfDiskSpace (14031) and the server stays up, reads go on, serverStatus says so, writes work again as
 * soon as space is freed, and after a restart every acknowledged document is there — and nothing of a refused
 * write. Skipped, with the reason printed, where the test cannot mount a file system.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { MongoClient, MongoServerError, type Collection } from 'mongodb';
import { startEmbeddedMongo, type EmbeddedMongo } from '../src/index.js';
import { tempDir, usingEmbedded } from './helpers.js';

interface Row {
  _id: number;
  n?: number;
  pad?: string;
  changed?: boolean;
}

interface Mounted {
  path: string;
  remove(): void;
}

/** A tmpfs of `size` mounted on a new directory; undefined (with the reason) where mounting is not allowed. */
function mountTmpfs(size: string): Mounted | string {
  const base = tempDir('emb-disk-full');
  const path = join(base.path, 'mnt');
  mkdirSync(path);
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', path], {
    encoding: 'utf8',
  });
  if (r.status !== 0) {
    base.remove();
    return (r.stderr || r.error?.message || `mount exited with ${r.status}`).trim();
  }
  return {
    path,
    remove: () => {
      spawnSync('umount', ['-l', path]);
      base.remove();
    },
  };
}

/** Writes a file until the file system is full; returns its path. */
function fillDisk(dir: string, name = 'filler'): string {
  const path = join(dir, name);
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
  } finally {
    closeSync(fd);
  }
  // The last pages a partial write left: fill them too.
  const small = openSync(path, 'a');
  try {
    for (;;) writeSync(small, Buffer.alloc(512, 1));
  } catch {
    /* full */
  } finally {
    closeSync(small);
  }
  return path;
}

async function refusal(p: Promise<unknown>): Promise<MongoServerError> {
  try {
    await p;
  } catch (e) {
    expect(e, String(e)).to.be.instanceOf(MongoServerError);
    return e as MongoServerError;
  }
  throw new Error('expected the write to be refused');
}

describe('db: a full disk', function () {
  this.timeout(120_000);
  let disk: Mounted | undefined;
  let mongo: EmbeddedMongo | undefined;
  let client: MongoClient | undefined;

  before(function () {
    if (!usingEmbedded) this.skip();
    const mounted = mountTmpfs('12m');
    if (typeof mounted === 'string') {
      console.log(`      (skipped: cannot mount a size-limited tmpfs here: ${mounted})`);
      this.skip();
    }
    disk = mounted;
  });

  after(async () => {
    await client?.close().catch(() => undefined);
    await mongo?.stop().catch(() => undefined);
    disk?.remove();
  });

  it('refuses writes with OutOfDiskSpace, keeps serving reads, recovers when space returns, loses nothing acknowledged', async () => {
    const dataDir = join((disk as Mounted).path, 'db');
    mongo = await startEmbeddedMongo({ dataDir });
    client = new MongoClient(mongo.uri, { serverSelectionTimeoutMS: 5000 });
    const db = client.db('app');
    const docs: Collection<Row> = db.collection<Row>('docs');
    await docs.createIndex({ n: 1 });
    const acked = new Set<number>();
    let next = 0;
    const batch = (size: number) =>
      Array.from({ length: size }, (): Row => ({ _id: next++, n: next, pad: 'x'.repeat(2000) }));
    for (let i = 0; i < 10; i++) {
      const b = batch(20);
      await docs.insertMany(b);
      for (const d of b) acked.add(d._id);
    }

    const filler = fillDisk((disk as Mounted).path);

    // Concurrent writes (one group commit may hold several) until the disk refuses them; some of the first ones
    // may still fit into pages lmdb had free.
    let refused: MongoServerError | undefined;
    for (let round = 0; round < 500 && !refused; round++) {
      const batches = [batch(10), batch(10), batch(10)];
      const results = await Promise.allSettled([
        ...batches.map((b) => docs.insertMany(b)),
        db.collection(`other${round}`).insertOne({ round }),
      ]);
      results.forEach((r, i) => {
        if (r.status === 'fulfilled') {
          for (const d of batches[i] ?? []) acked.add(d._id);
        } else refused = r.reason as MongoServerError;
      });
    }
    expect(refused, 'no write was refused').to.not.equal(undefined);
    const first = refused as MongoServerError;
    expect(first).to.be.instanceOf(MongoServerError);
    expect(first.code).to.equal(14031);
    expect(first.codeName).to.equal('OutOfDiskSpace');
    expect(first.message)
      .to.match(/disk .*is full/)
      .and.to.match(/writes resume .*once space is freed/);

    // Still refused (not even tried while no space came back): inserts, a new collection, updates, index builds.
    for (const write of [
      docs.insertOne({ _id: -1 }),
      db.collection('never').insertOne({ a: 1 }),
      docs.updateOne({ _id: 0 }, { $set: { changed: true } }),
      docs.createIndex({ pad: 1 }),
    ]) {
      const e = await refusal(write);
      expect(e.code).to.equal(14031);
    }
    const status = await db.admin().command({ serverStatus: 1 });
    expect(status.embedded.writes).to.include({ state: 'refused', code: 14031, codeName: 'OutOfDiskSpace' });
    expect(status.embedded.writes.since).to.be.instanceOf(Date);

    // Reads go on and see exactly the acknowledged writes: counts from the catalog, the index and the documents.
    expect(await docs.countDocuments()).to.equal(acked.size);
    expect(await docs.estimatedDocumentCount()).to.equal(acked.size);
    expect(await docs.countDocuments({ n: { $gte: 0 } })).to.equal(acked.size);
    const ids = (await docs.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id);
    expect(new Set(ids)).to.deep.equal(acked);
    const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
    expect(names).to.not.include('never');
    expect(await docs.findOne({ _id: 0 })).to.not.have.property('changed');
    expect((await docs.indexes()).map((i) => i.name)).to.deep.equal(['_id_', 'n_1']);

    // Space returns: the next write goes through, and the fault is over.
    rmSync(filler);
    expect((await db.admin().command({ serverStatus: 1 })).embedded.writes).to.deep.equal({ state: 'ok' });
    await docs.insertOne({ _id: -2, n: -2 });
    acked.add(-2);
    await docs.updateOne({ _id: 0 }, { $set: { changed: true } });
    expect((await db.admin().command({ serverStatus: 1 })).embedded.writes).to.deep.equal({ state: 'ok' });
    expect(await docs.countDocuments()).to.equal(acked.size);

    // After a restart every acknowledged document is there, and nothing of the refused writes.
    await client.close();
    await mongo.stop();
    mongo = await startEmbeddedMongo({ dataDir });
    client = new MongoClient(mongo.uri, { serverSelectionTimeoutMS: 5000 });
    const again = client.db('app').collection<Row>('docs');
    const after = (await again.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id);
    expect(new Set(after)).to.deep.equal(acked);
    expect(await again.countDocuments()).to.equal(acked.size);
    expect(await again.countDocuments({ n: { $gte: -2 } })).to.equal(acked.size);
    expect(await again.findOne({ _id: 0 })).to.have.property('changed', true);
    expect(await client.db('app').collection('never').countDocuments()).to.equal(0);
  });

  it('concurrent writers while the disk fills and frees again: every write settles, the stored documents are exactly the acknowledged ones', async () => {
    await client?.close();
    await mongo?.stop();
    const root = (disk as Mounted).path;
    const dataDir = join(root, 'db2');
    mongo = await startEmbeddedMongo({ dataDir });
    client = new MongoClient(mongo.uri, { serverSelectionTimeoutMS: 5000, maxPoolSize: 20 });
    const coll = client.db('app').collection<{ _id: string; pad: string }>('stress');
    const filler = join(root, 'filler2');
    const acked = new Set<string>();
    let refusedCount = 0;
    let n = 0;
    const writer = async (w: number) => {
      for (let i = 0; i < 120; i++) {
        if (w === 0 && i % 30 === 0) {
          rmSync(filler, { force: true });
          if (i % 60 === 0) fillDisk(root, 'filler2');
        }
        const batch = Array.from({ length: 5 }, () => ({ _id: `${w}-${n++}`, pad: 'x'.repeat(3000) }));
        let timer: NodeJS.Timeout | undefined;
        const outcome = await Promise.race([
          coll.insertMany(batch).then(
            () => 'ok',
            (e: MongoServerError) => e.code,
          ),
          new Promise((resolve) => (timer = setTimeout(() => resolve('no answer in 15 s'), 15_000))),
        ]);
        clearTimeout(timer);
        if (outcome === 'ok') for (const d of batch) acked.add(d._id);
        else if (outcome === 14031) refusedCount++;
        else throw new Error(`write ${w}-${i}: ${String(outcome)}`);
      }
    };
    await Promise.all([0, 1, 2, 3].map(writer));
    expect(refusedCount, 'no write was refused').to.be.greaterThan(0);
    const stored = new Set((await coll.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id));
    expect(stored).to.deep.equal(acked);
    expect(await coll.countDocuments()).to.equal(acked.size);
    rmSync(filler, { force: true });
    await client.close();
    await mongo.stop();
    mongo = await startEmbeddedMongo({ dataDir });
    client = new MongoClient(mongo.uri, { serverSelectionTimeoutMS: 5000 });
    const again = client.db('app').collection<{ _id: string }>('stress');
    expect(
      new Set((await again.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id)),
    ).to.deep.equal(acked);
  });
});
