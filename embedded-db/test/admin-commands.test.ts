/**
 * Issue #39: commands that answered "not supported" — setParameter (mongod's answers, honoured parameters only),
 * $indexStats, the `comment` option — and mongod's failCommand fail point for test suites (behind test
 * commands, like mongod's enableTestCommands).
 */
import { expect } from 'chai';
import { MongoClient, MongoServerError, type Db } from 'mongodb';
import { startEmbeddedMongo } from '../src/index.js';
import { openDbFixture, serverError, usingEmbedded, type DbFixture, type LooseDoc } from './helpers.js';

describe('db: setParameter, $indexStats and comment (issue #39)', function () {
  let fx: DbFixture;
  let db: Db;
  before(async () => {
    fx = await openDbFixture('admin_cmds');
    db = fx.db;
  });
  after(() => fx.close());

  it('setParameter answers `was` and changes the parameter; getParameter reads it back', async () => {
    const admin = fx.client.db('admin');
    const before = (await admin.command({ getParameter: 1, logLevel: 1 })).logLevel as number;
    const reply = await admin.command({ setParameter: 1, logLevel: 1 });
    expect(reply.was).to.equal(before);
    expect((await admin.command({ getParameter: 1, logLevel: 1 })).logLevel).to.equal(1);
    expect((await admin.command({ setParameter: 1, logLevel: before })).was).to.equal(1);
  });

  it('setParameter refuses like mongod: unknown (72), none (72), start-up only (20), outside admin (13)', async () => {
    const admin = fx.client.db('admin');
    const unknown = await serverError(admin.command({ setParameter: 1, noSuchParameterAtAll: 1 }));
    expect(unknown.code).to.equal(72);
    expect(unknown.message).to.equal(
      'attempted to set unrecognized parameter [noSuchParameterAtAll], use help:true to see options ',
    );
    const none = await serverError(admin.command({ setParameter: 1 }));
    expect(none.code).to.equal(72);
    expect(none.message).to.match(/^no option found to set/);
    const fixed = await serverError(admin.command({ setParameter: 1, enableTestCommands: 1 }));
    expect(fixed.code).to.equal(20);
    expect(fixed.message).to.equal('not allowed to change [enableTestCommands] at runtime');
    const elsewhere = await serverError(db.command({ setParameter: 1, logLevel: 0 }));
    expect(elsewhere.code).to.equal(13);
    expect(elsewhere.message).to.equal('setParameter may only be run against the admin database.');
    // nothing was changed by a refused batch
    const mixed = await serverError(admin.command({ setParameter: 1, logLevel: 3, noSuchParameterAtAll: 1 }));
    expect(mixed.code).to.equal(72);
    expect((await admin.command({ getParameter: 1, logLevel: 1 })).logLevel).to.not.equal(3);
  });

  it('notablescan refuses whole-collection scans (291) and lets index reads through', async function () {
    if (!usingEmbedded) this.skip(); // a shared mongod: do not change its scans for other clients
    const admin = fx.client.db('admin');
    const c = db.collection<LooseDoc>('scan');
    await c.insertMany([
      { _id: 1, a: 1, b: 1 },
      { _id: 2, a: 2, b: 2 },
    ]);
    await c.createIndex({ a: 1 });
    await admin.command({ setParameter: 1, notablescan: true });
    try {
      const e = await serverError(c.find({ b: 1 }).toArray());
      expect(e.code).to.equal(291);
      expect(e.message).to.match(/No indexed plans available, and running with 'notablescan'/);
      expect(await c.find({ a: 2 }).toArray()).to.have.length(1);
      expect(await c.findOne({ _id: 1 })).to.include({ b: 1 });
    } finally {
      expect((await admin.command({ setParameter: 1, notablescan: false })).was).to.equal(true);
    }
    expect(await c.countDocuments({ b: 1 })).to.equal(1);
  });

  it('$indexStats lists each index with name, key, spec, host and the operations that used it', async () => {
    const c = db.collection<LooseDoc>('stats');
    await c.insertMany([
      { _id: 1, a: 1 },
      { _id: 2, a: 2 },
      { _id: 3, a: 3 },
    ]);
    await c.createIndex({ a: 1 });
    await c.find({ a: 1 }).toArray();
    await c.find({ a: { $gte: 2 } }).toArray();
    await c.updateOne({ a: 3 }, { $set: { b: 1 } });
    await c.findOne({ _id: 2 });
    const stats = await c.aggregate([{ $indexStats: {} }, { $sort: { name: 1 } }]).toArray();
    expect(stats.map((s) => s.name)).to.deep.equal(['_id_', 'a_1']);
    const [id, a] = stats;
    expect(a?.key).to.deep.equal({ a: 1 });
    expect(a?.spec).to.include({ name: 'a_1' });
    expect(a?.host).to.be.a('string').and.match(/:\d+$/);
    expect(Number(a?.accesses.ops)).to.equal(3);
    expect(a?.accesses.since).to.be.instanceOf(Date);
    expect(Number(id?.accesses.ops)).to.be.at.least(1);
    const only = await c.aggregate([{ $indexStats: {} }, { $match: { name: 'a_1' } }]).toArray();
    expect(only).to.have.length(1);
    expect(
      await db
        .collection('nothing_here')
        .aggregate([{ $indexStats: {} }])
        .toArray(),
    ).to.deep.equal([]);
  });

  it('$indexStats is refused where mongod refuses it: not first (40602), with arguments (28803), on a view (166)', async () => {
    const c = db.collection<LooseDoc>('stats2');
    await c.insertOne({ a: 1 });
    expect((await serverError(c.aggregate([{ $match: {} }, { $indexStats: {} }]).toArray())).code).to.equal(
      40602,
    );
    expect((await serverError(c.aggregate([{ $indexStats: { x: 1 } }]).toArray())).code).to.equal(28803);
    await db.createCollection('stats2_view', { viewOn: 'stats2', pipeline: [] });
    expect(
      (
        await serverError(
          db
            .collection('stats2_view')
            .aggregate([{ $indexStats: {} }])
            .toArray(),
        )
      ).code,
    ).to.equal(166);
  });

  it('the comment option is accepted on reads and writes, and $comment in filters', async () => {
    const c = db.collection<LooseDoc>('comments');
    await c.insertOne({ _id: 1, q: 1 }, { comment: 'insert' });
    await c.updateOne({ _id: 1 }, { $set: { q: 2 } }, { comment: { why: 'update' } });
    expect(await c.find({ q: 2 }, { comment: 'find' }).toArray()).to.have.length(1);
    expect(await c.countDocuments({ $comment: 'count', q: 2 } as never, { comment: 'c' })).to.equal(1);
    expect(await c.aggregate([{ $match: { q: 2 } }], { comment: 'agg' }).toArray()).to.have.length(1);
    expect(await c.distinct('q', {}, { comment: 'distinct' })).to.deep.equal([2]);
    await c.deleteOne({ _id: 1 }, { comment: 'delete' });
    expect(await c.countDocuments()).to.equal(0);
  });
});

describe('db: the failCommand fail point (test commands)', function () {
  before(function () {
    if (!usingEmbedded) this.skip();
  });

  it('is an unknown command unless test commands are on', async () => {
    const fx: DbFixture = await openDbFixture('no_failpoints');
    try {
      const e = await serverError(
        fx.client.db('admin').command({ configureFailPoint: 'failCommand', mode: 'off' }),
      );
      expect(e.code).to.equal(59);
    } finally {
      await fx.close();
    }
  });

  it('fails the named commands {times}, closes connections, adds write concern errors, and turns off', async () => {
    const mongo = await startEmbeddedMongo({ dataDir: null, testCommands: true });
    const client = new MongoClient(mongo.uri, {
      serverSelectionTimeoutMS: 5000,
      retryWrites: false,
      retryReads: false,
    });
    try {
      const admin = client.db('admin');
      const c = client.db('fp').collection<LooseDoc>('c');
      const set = (data: object, mode: unknown = { times: 1 }) =>
        admin.command({ configureFailPoint: 'failCommand', mode, data });
      await set({ failCommands: ['insert'], errorCode: 8, errorLabels: ['Label'] });
      const failed = await serverError(c.insertOne({ _id: 1 }));
      expect(failed.code).to.equal(8);
      expect(failed.errorLabels).to.include('Label');
      await c.insertOne({ _id: 1 }); // once only
      expect(await c.countDocuments()).to.equal(1);

      await set({ failCommands: ['find'], closeConnection: true });
      const closed = await c.findOne({}).then(
        () => null,
        (e: Error) => e,
      );
      expect(closed).to.be.instanceOf(Error);
      expect(closed).to.not.be.instanceOf(MongoServerError);
      expect(await c.findOne({ _id: 1 })).to.deep.equal({ _id: 1 });

      await set({
        failCommands: ['insert'],
        writeConcernError: { code: 91, errmsg: 'Replication is being shut down' },
      });
      const wce = await c.insertOne({ _id: 2 }).then(
        () => null,
        (e: { code?: number }) => e,
      );
      expect(wce?.code).to.equal(91);
      expect(await c.countDocuments()).to.equal(2); // the insert itself ran

      await set({ failCommands: ['count'], errorCode: 8 }, 'alwaysOn');
      expect((await serverError(c.estimatedDocumentCount())).code).to.equal(8);
      expect((await serverError(c.estimatedDocumentCount())).code).to.equal(8);
      const off = await admin.command({ configureFailPoint: 'failCommand', mode: 'off' });
      expect(off.count).to.equal(2);
      expect(await c.estimatedDocumentCount()).to.equal(2);

      const unknown = await serverError(
        admin.command({ configureFailPoint: 'noSuchFailPoint', mode: 'off' }),
      );
      expect(unknown.code).to.equal(266);
    } finally {
      await client.close();
      await mongo.stop();
    }
  });
});
