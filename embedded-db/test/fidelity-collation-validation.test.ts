/**
 * Collation in queries, sorts and aggregation; collection validators (`validator`, `$jsonSchema`,
 * `validationLevel`, `validationAction`) with `create` and `collMod`; replies larger than 16 MiB (issue #15) —
 * through the real driver and mongoose.
 */
import { expect } from 'chai';
import { Double, Int32, MongoClient } from 'mongodb';
import mongoose from 'mongoose';
import { startEmbeddedMongo } from '../src/index.js';
import {
  openDbFixture,
  serverError,
  tempDir,
  usingEmbedded,
  type DbFixture,
  type LooseDoc,
} from './helpers.js';

describe('db fidelity: collation, validation, reply size', () => {
  let fx: DbFixture;
  before(async () => {
    fx = await openDbFixture('fid_coll');
    await fx.db.collection<LooseDoc>('words').insertMany([
      { _id: 1, s: 'b' },
      { _id: 2, s: 'A' },
      { _id: 3, s: 'a' },
      { _id: 4, s: 'á' },
      { _id: 5, s: 'B' },
    ]);
  });
  after(async () => {
    await fx.close();
  });
  const words = () => fx.db.collection<LooseDoc>('words');
  const ids = (docs: LooseDoc[]) => docs.map((d) => d._id);

  describe('collation', () => {
    it('find matches by strength: 1 ignores case and accents, 2 ignores case, 3 neither', async () => {
      const find = async (strength: number) =>
        ids(
          await words()
            .find({ s: 'a' }, { collation: { locale: 'en', strength } })
            .sort({ _id: 1 })
            .toArray(),
        );
      expect(await find(1)).to.deep.equal([2, 3, 4]);
      expect(await find(2)).to.deep.equal([2, 3]);
      expect(await find(3)).to.deep.equal([3]);
      expect(ids(await words().find({ s: 'a' }).toArray())).to.deep.equal([3]);
      expect(await words().countDocuments({ s: 'b' }, { collation: { locale: 'en', strength: 2 } })).to.equal(
        2,
      );
      expect(
        ids(
          await words()
            .find({ s: { $in: ['B'] } }, { collation: { locale: 'en', strength: 1 } })
            .toArray(),
        ),
      ).to.deep.equal([1, 5]);
    });

    it('sort follows the locale instead of code points (find and aggregate)', async () => {
      const sorted = await words()
        .find({}, { collation: { locale: 'en' } })
        .sort({ s: 1 })
        .toArray();
      expect(sorted.map((d) => d.s)).to.deep.equal(['a', 'A', 'á', 'b', 'B']);
      const agg = await words()
        .aggregate([{ $match: { s: { $gte: 'b' } } }, { $sort: { s: -1 } }], {
          collation: { locale: 'en', strength: 1 },
        })
        .toArray();
      expect(agg.map((d) => d.s).sort()).to.deep.equal(['B', 'b']);
      const simple = await words().find().sort({ s: 1 }).toArray();
      expect(simple.map((d) => d.s)).to.deep.equal(['A', 'B', 'a', 'b', 'á']);
    });

    it('updates and deletes select documents with the collation', async () => {
      const c = fx.db.collection<LooseDoc>('coll_writes');
      await c.insertMany([
        { _id: 1, s: 'Hello' },
        { _id: 2, s: 'HELLO' },
        { _id: 3, s: 'bye' },
      ]);
      const u = await c.updateMany(
        { s: 'hello' },
        { $set: { hit: true } },
        { collation: { locale: 'en', strength: 2 } },
      );
      expect(u.modifiedCount).to.equal(2);
      const d = await c.deleteMany({ s: 'HeLLo' }, { collation: { locale: 'en', strength: 1 } });
      expect(d.deletedCount).to.equal(2);
    });

    it("a collection's or view's default collation applies when the command names none", async () => {
      await fx.db.createCollection('ci', { collation: { locale: 'en', strength: 2 } });
      const c = fx.db.collection<LooseDoc>('ci');
      await c.insertMany([
        { _id: 1, s: 'Köln' },
        { _id: 2, s: 'KÖLN' },
        { _id: 3, s: 'Koln' },
      ]);
      expect(ids(await c.find({ s: 'köln' }).sort({ _id: 1 }).toArray())).to.deep.equal([1, 2]);
      expect(await c.countDocuments({ s: 'KÖLN' })).to.equal(2);
      await fx.db.createCollection('ci_view', {
        viewOn: 'words',
        pipeline: [],
        collation: { locale: 'en', strength: 1 },
      });
      expect(await fx.db.collection<LooseDoc>('ci_view').countDocuments({ s: 'A' })).to.equal(3);
    });

    it('an invalid collation answers an error', async () => {
      const e = await serverError(
        words()
          .find({}, { collation: { locale: 'en', strength: 9 } })
          .toArray(),
      );
      expect(e.code).to.equal(2);
    });
  });

  describe('validators', () => {
    it('$jsonSchema validator refuses invalid inserts and updates with 121, bypassDocumentValidation skips it', async () => {
      await fx.db.createCollection('people', {
        validator: {
          $jsonSchema: {
            bsonType: 'object',
            required: ['name'],
            properties: { name: { bsonType: 'string', minLength: 1 }, age: { bsonType: 'int', minimum: 0 } },
          },
        },
      });
      const c = fx.db.collection<LooseDoc>('people');
      await c.insertOne({ _id: 1, name: 'Ann', age: 30 });
      const e = await serverError(c.insertOne({ _id: 2, age: 5 }));
      expect(e.code).to.equal(121);
      expect(e.message).to.equal('Document failed validation');
      expect((await serverError(c.updateOne({ _id: 1 }, { $set: { age: -1 } }))).code).to.equal(121);
      expect((await serverError(c.updateOne({ _id: 1 }, { $set: { age: 1.5 } }))).code).to.equal(121);
      // an integral double is no int either (the exact BSON type decides)
      expect((await serverError(c.updateOne({ _id: 1 }, { $set: { age: new Double(31) } }))).code).to.equal(
        121,
      );
      expect((await serverError(c.insertOne({ _id: 4, name: 'Bo', age: new Double(2) }))).code).to.equal(121);
      await c.updateOne({ _id: 1 }, { $set: { age: new Int32(30) } });
      await c.insertOne({ _id: 3, age: 7 }, { bypassDocumentValidation: true });
      expect(await c.countDocuments()).to.equal(2);
      expect(await c.findOne({ _id: 1 })).to.deep.equal({ _id: 1, name: 'Ann', age: 30 });
    });

    it('collMod sets a query validator; moderate lets invalid documents stay invalid; warn accepts', async () => {
      const c = fx.db.collection<LooseDoc>('stock');
      await c.insertMany([
        { _id: 1, qty: 5 },
        { _id: 2, qty: -3 },
      ]);
      await fx.db.command({ collMod: 'stock', validator: { qty: { $gte: 0 } }, validationLevel: 'moderate' });
      const info = (await fx.db.listCollections({ name: 'stock' }).toArray())[0];
      expect((info as { options?: object } | undefined)?.options).to.deep.include({
        validator: { qty: { $gte: 0 } },
        validationLevel: 'moderate',
      });
      expect((await serverError(c.insertOne({ _id: 3, qty: -1 }))).code).to.equal(121);
      expect((await serverError(c.updateOne({ _id: 1 }, { $set: { qty: -1 } }))).code).to.equal(121);
      // already invalid: moderate does not check it
      await c.updateOne({ _id: 2 }, { $set: { qty: -4 } });
      await fx.db.command({ collMod: 'stock', validationAction: 'warn' });
      await c.insertOne({ _id: 4, qty: -9 });
      await fx.db.command({ collMod: 'stock', validationAction: 'error', validationLevel: 'off' });
      await c.insertOne({ _id: 5, qty: -9 });
      expect(await c.countDocuments()).to.equal(4);
      const e = await serverError(fx.db.command({ collMod: 'nope', validator: {} }));
      expect(e.code).to.equal(26);
    });

    it('validators changed by collMod and views survive a restart (data directory)', async function () {
      if (!usingEmbedded) this.skip(); // restarts the embedded server
      const dir = tempDir('fid-collmod');
      try {
        for (const round of [1, 2]) {
          const m = await startEmbeddedMongo({ dataDir: dir.path, auth: 'none' });
          const client = new MongoClient(m.uri);
          try {
            const db = client.db('persist');
            if (round === 1) {
              await db.createCollection('c', { validator: { a: { $type: 'int' } } });
              await db.createCollection('v', { viewOn: 'c', pipeline: [{ $match: { a: 'x' } }] });
              await db.command({ collMod: 'c', validator: { a: { $type: 'string' } } });
            }
            const e = await serverError(db.collection<LooseDoc>('c').insertOne({ a: 1 }));
            expect(e.code).to.equal(121);
            await db.collection<LooseDoc>('c').insertOne({ _id: round, a: 'x' });
            expect(await db.collection<LooseDoc>('v').countDocuments()).to.equal(round);
          } finally {
            await client.close();
            await m.stop();
          }
        }
      } finally {
        dir.remove();
      }
    });

    it('validators and let values with catastrophic regular expressions are refused up front', async () => {
      const e = await serverError(
        fx.db.createCollection('redos', { validator: { s: { $regex: '^(a+)+$' } } }),
      );
      expect(e.code).to.equal(2);
      expect(e.message).to.contain('is refused');
      const j = await serverError(
        fx.db.createCollection('redos2', {
          validator: { $jsonSchema: { properties: { s: { pattern: '^(\\w+\\s?)*$' } } } },
        }),
      );
      expect(j.code).to.equal(2);
      const l = await serverError(
        words()
          .find(
            { $expr: '$$hit' },
            { let: { hit: { $regexMatch: { input: `${'a'.repeat(40)}!`, regex: '^(a+)+$' } } } },
          )
          .toArray(),
      );
      expect(l.code).to.equal(2);
      expect(l.message).to.contain('is refused');
    });

    it('mongoose reports a validator failure as a server error, not a crash', async () => {
      const conn = await mongoose.createConnection(fx.mongo.uri, { dbName: fx.dbName }).asPromise();
      try {
        await fx.db.createCollection('accounts', { validator: { email: { $regex: /@/ } } });
        const Account = conn.model('Account', new mongoose.Schema({ email: String }), 'accounts');
        await Account.create({ email: 'a@b.c' });
        let err: unknown;
        try {
          await Account.create({ email: 'nope' });
        } catch (e) {
          err = e;
        }
        expect((err as { code?: number }).code).to.equal(121);
        expect(await Account.countDocuments()).to.equal(1);
      } finally {
        await conn.close();
      }
    });
  });

  it('a result document over 16 MiB answers BSONObjectTooLarge (10334), distinct over 16 MiB 17217, and the server keeps serving', async () => {
    const c = fx.db.collection<LooseDoc>('big');
    const s = 'x'.repeat(1024 * 1024);
    for (let i = 0; i < 17; i++) await c.insertOne({ _id: i, s });
    const e = await serverError(c.aggregate([{ $group: { _id: null, all: { $push: '$s' } } }]).toArray());
    expect(e.code).to.equal(10334);
    expect(e.message).to.match(/BSONObj size: \d+ .* is invalid/);
    const [n] = await c
      .aggregate([{ $group: { _id: null, all: { $push: '$s' } } }, { $project: { n: { $size: '$all' } } }])
      .toArray();
    expect(n).to.deep.equal({ _id: null, n: 17 });
    // distinct answers in one document: mongod's cap
    await c.updateMany({}, [{ $set: { s: { $concat: ['$s', { $toString: '$_id' }] } } }]);
    const d = await serverError(c.distinct('s'));
    expect(d.code).to.equal(17217);
    expect(await c.countDocuments()).to.equal(17);
  });
});
