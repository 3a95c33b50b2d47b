import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import { BSON, Double, Long, MongoClient, ObjectId, UUID, type MongoServerError } from 'mongodb';
import { startEmbeddedMongo, type EmbeddedMongo } from '../src/index.js';
import { tempDir, usingEmbedded, type LooseDoc } from './helpers.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

function spawnTs(script: string, args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: packageDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Files as the journal-based storage wrote them: frames of `uint32 length | uint32 crc32 | BSON`. */
function legacyFrames(records: Array<Record<string, unknown>>): Buffer {
  return Buffer.concat(
    records.map((r) => {
      const payload = Buffer.from(BSON.serialize(r));
      const header = Buffer.alloc(8);
      header.writeUInt32LE(payload.length, 0);
      header.writeUInt32LE(crc32(payload) >>> 0, 4);
      return Buffer.concat([header, payload]);
    }),
  );
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

  it('migrates a data directory of the journal-based storage on first start, dropping a torn journal tail', async () => {
    const dir = tempDir('emb-migrate');
    try {
      // What the previous storage left behind: a snapshot (a collection, a unique index, two documents) and a
      // journal with later changes, the last frame torn by a crash (never acknowledged).
      const id = new ObjectId();
      const uuid = new UUID();
      writeFileSync(
        join(dir.path, 'snapshot.bson'),
        legacyFrames([
          { lsn: 3, snapshot: true },
          { r: { op: 'c', db: 'app', c: 'users', options: {}, uuid } },
          {
            r: {
              op: 'ci',
              db: 'app',
              c: 'users',
              spec: { v: 2, key: { email: 1 }, name: 'email_1', unique: true },
            },
          },
          { r: { op: 'i', db: 'app', c: 'users', doc: { _id: id, email: 'a@x', n: Long.fromNumber(7) } } },
          { r: { op: 'i', db: 'app', c: 'users', doc: { _id: 2, email: 'b@x', score: new Double(2) } } },
        ]),
      );
      const journal = Buffer.concat([
        legacyFrames([
          { lsn: 3, r: { op: 'i', db: 'app', c: 'users', doc: { _id: 'covered', email: 'old@x' } } }, // in the snapshot
          {
            lsn: 4,
            r: { op: 'u', db: 'app', c: 'users', doc: { _id: 2, email: 'b2@x', score: new Double(2) } },
          },
          { lsn: 5, r: { op: 'i', db: 'app', c: 'users', doc: { _id: 3, email: 'c@x' } } },
          { lsn: 6, r: { op: 'd', db: 'app', c: 'users', id: 3 } },
          { lsn: 7, r: { op: 'i', db: 'app', c: 'users', doc: { _id: 4, email: 'd@x' } } },
        ]),
        legacyFrames([
          { lsn: 8, r: { op: 'i', db: 'app', c: 'users', doc: { _id: 5, email: 'torn@x' } } },
        ]).subarray(0, 30),
      ]);
      writeFileSync(join(dir.path, 'journal.bson'), journal);
      const logs: string[] = [];
      let m = await startEmbeddedMongo({ dataDir: dir.path, log: (msg) => logs.push(msg) });
      const check = async () =>
        withClient(m, async (c) => {
          const users = c.db('app').collection<LooseDoc>('users');
          expect(await users.find({}, { sort: { email: 1 } }).toArray()).to.deep.equal([
            { _id: id, email: 'a@x', n: 7 },
            { _id: 2, email: 'b2@x', score: 2 },
            { _id: 4, email: 'd@x' },
          ]);
          const raw = await users.findOne({ _id: 2 }, { promoteValues: false });
          expect(raw?.score).to.be.instanceOf(Double); // an integral double stays a double
          const dup = await users.insertOne({ email: 'a@x' }).catch((e: unknown) => e);
          expect((dup as MongoServerError).code).to.equal(11000);
        });
      await check();
      expect(logs.join('\n')).to.match(/Migrated \d+ records from the journal-based storage/);
      expect(existsSync(join(dir.path, 'journal.bson'))).to.equal(false);
      expect(existsSync(join(dir.path, 'journal.bson.migrated'))).to.equal(true);
      expect(existsSync(join(dir.path, 'snapshot.bson.migrated'))).to.equal(true);
      await m.stop();
      // the next start reads the lmdb store only
      m = await startEmbeddedMongo({ dataDir: dir.path, log: (msg) => logs.push(msg) });
      await check();
      expect(logs.filter((l) => l.startsWith('Migrated'))).to.have.length(1);
      await m.stop();
    } finally {
      dir.remove();
    }
  });

  it('refuses legacy files it cannot migrate with a message saying how to move the data, and changes nothing', async () => {
    const dir = tempDir('emb-migrate-bad');
    try {
      writeFileSync(
        join(dir.path, 'snapshot.bson'),
        legacyFrames([
          { lsn: 2, snapshot: true },
          { r: { op: 'ci', db: 'app', c: 'users', spec: { v: 2, key: {}, name: 'broken' } } },
        ]),
      );
      const err = await startEmbeddedMongo({ dataDir: dir.path }).catch((e: unknown) => e as Error);
      expect(String((err as Error).message)).to.match(
        /Cannot migrate .*snapshot\.bson.*mongodump.*mongorestore/,
      );
      expect(existsSync(join(dir.path, 'snapshot.bson'))).to.equal(true);
      expect(existsSync(join(dir.path, 'mongod.lock'))).to.equal(false);
    } finally {
      dir.remove();
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
      // the first line names the owner's pid (start time, boot id and pid namespace follow)
      expect(readFileSync(join(dir.path, 'mongod.lock'), 'utf8').split('\n')[0]).to.equal(
        String(process.pid),
      );
      await m2.stop();
      expect(existsSync(join(dir.path, 'mongod.lock'))).to.equal(false);
    } finally {
      dir.remove();
    }
  });

  it('keeps every acknowledged write when the writing process is killed with SIGKILL', async function () {
    this.timeout(120_000); // a loaded machine starts the child and reaches 1,500 acknowledged writes slowly
    const dir = tempDir('emb-crash');
    try {
      const child = spawnTs(fixture('crash-writer.ts'), [dir.path]);
      let stderr = '';
      child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
      const acked = new Set<number>();
      let maxCounter = 0;
      const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`crash writer too slow; stderr: ${stderr}`)), 90_000);
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
      expect(existsSync(join(dir.path, 'storage.mdb'))).to.equal(true);
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

  it('runs as a standalone command (npm run mongo:embedded) and stops cleanly on SIGINT', async function () {
    // Two cold starts of the command through tsx: on the shared 2-core machine under load each takes
    // 10–20 s before it prints its address (CI went red at 30 s with load 20).
    this.timeout(120_000);
    const dir = tempDir('emb-cli');
    try {
      const run = async (fn: (uri: string) => Promise<void>) => {
        const child = spawnTs('src/protocol/cli.ts', ['--port', '0', '--dbpath', dir.path]);
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
