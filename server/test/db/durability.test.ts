import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, copyFileSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Long, MongoClient, type MongoServerError } from 'mongodb';
import { startEmbeddedMongo, type EmbeddedMongo } from '../../src/db/embedded/index.js';
import { tempDir, usingEmbedded, type LooseDoc } from './helpers.js';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

function spawnTs(script: string, args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function withClient<T>(m: EmbeddedMongo, fn: (c: MongoClient) => Promise<T>): Promise<T> {
  const c = new MongoClient(m.uri);
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.close();
  }
}

describe('db: durability (embedded server)', function () {
  this.timeout(30000);
  before(function () {
    if (!usingEmbedded) this.skip();
  });

  it('keeps data, indexes and types across a restart', async () => {
    const dir = tempDir('emb-restart');
    try {
      let m = await startEmbeddedMongo({ dataDir: dir.path });
      await withClient(m, async (c) => {
        const users = c.db('app').collection('users');
        await users.createIndex({ email: 1 }, { unique: true });
        await users.insertMany([
          { _id: 1, email: 'a@x', n: Long.fromNumber(5) },
          { _id: 2, email: 'b@x' },
          { _id: 3, email: 'c@x' },
        ] as never[]);
        await users.updateOne({ _id: 2 } as never, {
          $set: { email: 'b2@x' },
          $inc: { n: Long.fromNumber(1) },
        });
        await users.deleteOne({ _id: 3 } as never);
        await c.db('app').collection('temp').insertOne({ t: 1 });
        await c.db('app').collection('temp').drop();
        await c
          .db('other')
          .collection('x')
          .insertOne({ _id: 'k', v: 1 } as never);
      });
      await m.stop();
      m = await startEmbeddedMongo({ dataDir: dir.path });
      await withClient(m, async (c) => {
        const users = c.db('app').collection('users');
        expect(await users.find().sort({ _id: 1 }).toArray()).to.deep.equal([
          { _id: 1, email: 'a@x', n: 5 },
          { _id: 2, email: 'b2@x', n: 1 },
        ]);
        const raw = await users.findOne({ _id: 1 } as never, { promoteLongs: false });
        expect(raw?.n).to.be.instanceOf(Long);
        expect((await users.listIndexes().toArray()).map((i) => i.name)).to.deep.equal(['_id_', 'email_1']);
        const dup = await users.insertOne({ email: 'a@x' }).catch((e: unknown) => e);
        expect((dup as MongoServerError).code).to.equal(11000);
        const names = (await c.db('app').listCollections().toArray()).map((x) => x.name);
        expect(names).to.deep.equal(['users']);
        expect(await c.db('other').collection('x').findOne({})).to.deep.equal({ _id: 'k', v: 1 });
      });
      await m.stop();
    } finally {
      dir.remove();
    }
  });

  it('compacts the journal into a snapshot and replays both', async () => {
    const dir = tempDir('emb-compact');
    try {
      let m = await startEmbeddedMongo({ dataDir: dir.path, compactJournalBytes: 8 * 1024 });
      await withClient(m, async (c) => {
        const coll = c.db('app').collection('items');
        for (let i = 0; i < 300; i++) await coll.insertOne({ _id: i, v: i } as never);
        await coll.updateMany({ v: { $gte: 150 } }, { $inc: { v: 1000 } });
        await coll.deleteMany({ v: { $lt: 50 } });
      });
      expect(existsSync(join(dir.path, 'snapshot.bson'))).to.equal(true);
      expect(statSync(join(dir.path, 'journal.bson')).size).to.be.lessThan(64 * 1024);
      await m.stop();
      m = await startEmbeddedMongo({ dataDir: dir.path });
      await withClient(m, async (c) => {
        const coll = c.db('app').collection('items');
        expect(await coll.countDocuments()).to.equal(250);
        expect(await coll.findOne({ _id: 299 } as never)).to.deep.equal({ _id: 299, v: 1299 });
        expect(await coll.findOne({ _id: 60 } as never)).to.deep.equal({ _id: 60, v: 60 });
      });
      await m.stop();
    } finally {
      dir.remove();
    }
  });

  it('drops a torn or corrupt record at the end of the journal without losing earlier ones', async () => {
    const live = tempDir('emb-live');
    const copy = tempDir('emb-torn');
    try {
      const m = await startEmbeddedMongo({ dataDir: live.path });
      await withClient(m, async (c) => {
        const coll = c.db('app').collection('j');
        for (let i = 0; i < 20; i++) await coll.insertOne({ _id: i } as never);
        // Every acknowledged write is on disk: a copy taken now is what a crash would leave behind.
        copyFileSync(join(live.path, 'journal.bson'), join(copy.path, 'journal.bson'));
      });
      await m.stop();
      const journal = join(copy.path, 'journal.bson');
      const good = readFileSync(journal);
      // a complete frame with a bad checksum, then a frame cut short
      const bad = Buffer.alloc(8 + 16);
      bad.writeUInt32LE(16, 0);
      bad.writeUInt32LE(12345, 4);
      appendFileSync(journal, bad);
      const torn = Buffer.alloc(10);
      torn.writeUInt32LE(500, 0);
      appendFileSync(journal, torn);
      const m2 = await startEmbeddedMongo({ dataDir: copy.path });
      expect(statSync(journal).size).to.equal(good.length);
      await withClient(m2, async (c) => {
        const coll = c.db('app').collection('j');
        expect(await coll.countDocuments()).to.equal(20);
        await coll.insertOne({ _id: 100 } as never);
      });
      await m2.stop();
      const m3 = await startEmbeddedMongo({ dataDir: copy.path });
      await withClient(m3, async (c) => {
        expect(await c.db('app').collection('j').countDocuments()).to.equal(21);
      });
      await m3.stop();
    } finally {
      live.remove();
      copy.remove();
    }
  });

  it('refuses a second server on the same data directory and recovers stale locks', async () => {
    const dir = tempDir('emb-lock');
    try {
      const m = await startEmbeddedMongo({ dataDir: dir.path });
      let err: Error | undefined;
      try {
        await startEmbeddedMongo({ dataDir: dir.path });
      } catch (e) {
        err = e as Error;
      }
      expect(err?.message).to.match(/DBPathInUse: Unable to lock the data directory/);
      expect(err?.message).to.include(String(process.pid));
      // another process gets the same clear error
      const child = spawnTs(fixture('open-datadir.ts'), [dir.path]);
      let out = '';
      child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).to.equal(3);
      expect(out).to.match(/ERROR DBPathInUse/);
      await m.stop();
      // a lock left by a dead process is stale and gets replaced
      writeFileSync(join(dir.path, 'mongod.lock'), '2147483000\n');
      const m2 = await startEmbeddedMongo({ dataDir: dir.path });
      expect(readFileSync(join(dir.path, 'mongod.lock'), 'utf8').trim()).to.equal(String(process.pid));
      await m2.stop();
      expect(existsSync(join(dir.path, 'mongod.lock'))).to.equal(false);
    } finally {
      dir.remove();
    }
  });

  it('keeps every acknowledged write when the writing process is killed with SIGKILL', async () => {
    const dir = tempDir('emb-crash');
    try {
      const child = spawnTs(fixture('crash-writer.ts'), [dir.path]);
      let stderr = '';
      child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
      const acked = new Set<number>();
      let maxCounter = 0;
      const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`crash writer too slow; stderr: ${stderr}`)), 20000);
        const rl = createInterface({ input: child.stdout as NodeJS.ReadableStream });
        rl.on('line', (line) => {
          const [kind, value] = line.split(' ');
          if (kind === 'ACK') acked.add(Number(value));
          if (kind === 'CTR') maxCounter = Math.max(maxCounter, Number(value));
          if (acked.size >= 1500 && maxCounter >= 100 && !child.killed) {
            child.kill('SIGKILL');
            clearTimeout(timer);
            resolve();
          }
        });
        child.on('exit', () => {
          clearTimeout(timer);
          if (!child.killed) reject(new Error(`crash writer exited early: ${stderr}`));
        });
      });
      await exited;
      expect(existsSync(join(dir.path, 'snapshot.bson'))).to.equal(true); // compaction happened while writing
      const m = await startEmbeddedMongo({ dataDir: dir.path });
      await withClient(m, async (c) => {
        const coll = c.db('crash').collection<LooseDoc>('writes');
        const ids = new Set((await coll.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id));
        const missing = [...acked].filter((id) => !ids.has(id));
        expect(missing, `missing acknowledged ids`).to.deep.equal([]);
        const ctr = await coll.findOne({ _id: 'counter' });
        expect(ctr?.n).to.be.at.least(maxCounter);
      });
      await m.stop();
    } finally {
      dir.remove();
    }
  });

  it('runs as a standalone command (npm run mongo:embedded) and stops cleanly on SIGINT', async () => {
    const dir = tempDir('emb-cli');
    try {
      const run = async (fn: (uri: string) => Promise<void>) => {
        const child = spawnTs('src/db/embedded/cli.ts', ['--port', '0', '--dbpath', dir.path]);
        const uri = await new Promise<string>((resolve, reject) => {
          const rl = createInterface({ input: child.stdout as NodeJS.ReadableStream });
          rl.on('line', (line) => {
            const m = /(mongodb:\/\/\S+)/.exec(line);
            if (m?.[1]) resolve(m[1]);
          });
          child.on('exit', (code) => reject(new Error(`cli exited with ${code}`)));
        });
        await fn(uri);
        const code = await new Promise<number | null>((resolve) => {
          child.on('exit', resolve);
          child.kill('SIGINT');
        });
        expect(code).to.equal(0);
      };
      await run(async (uri) => {
        const c = new MongoClient(uri);
        await c
          .db('cli')
          .collection('x')
          .insertOne({ _id: 1, hello: 'world' } as never);
        await c.close();
      });
      expect(existsSync(join(dir.path, 'mongod.lock'))).to.equal(false);
      await run(async (uri) => {
        const c = new MongoClient(uri);
        expect(await c.db('cli').collection('x').findOne({})).to.deep.equal({ _id: 1, hello: 'world' });
        await c.close();
      });
    } finally {
      dir.remove();
    }
  });
});
