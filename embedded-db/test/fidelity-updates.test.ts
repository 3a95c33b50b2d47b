/**
 * Update fidelity (issue #15): results and errors mongod gives for array updates, `_id` in `$set`, invalid paths
 * and Decimal128 arithmetic — through the real driver and mongoose.
 */
import { expect } from 'chai';
import { Decimal128 } from 'mongodb';
import mongoose from 'mongoose';
import { openDbFixture, serverError, type DbFixture, type LooseDoc } from './helpers.js';

describe('db fidelity: updates', () => {
  let fx: DbFixture;
  before(async () => {
    fx = await openDbFixture('fid_upd');
  });
  after(async () => {
    await fx.close();
  });

  const items = () => [
    { a: 1, tag: 'x' },
    { a: 2, tag: 'y' },
    { a: 3, tag: 'x' },
  ];

  describe('$pull with logical conditions', () => {
    it('$or removes exactly the elements matching one of the branches', async () => {
      const c = fx.db.collection<LooseDoc>('pull_or');
      await c.insertOne({ _id: 1, arr: items() });
      const r = await c.updateOne({ _id: 1 }, { $pull: { arr: { $or: [{ a: 1 }, { a: 2 }] } } as never });
      expect(r.modifiedCount).to.equal(1);
      expect((await c.findOne({ _id: 1 }))?.arr).to.deep.equal([{ a: 3, tag: 'x' }]);
      // value conditions and plain values still pull values
      await c.updateOne({ _id: 1 }, { $set: { n: [1, 5, 9, 5], s: ['a', 'b'] } });
      await c.updateOne({ _id: 1 }, { $pull: { n: { $gte: 5 }, s: 'b' } as never });
      expect(await c.findOne({ _id: 1 }, { projection: { arr: 0 } })).to.deep.equal({
        _id: 1,
        n: [1],
        s: ['a'],
      });
    });

    it('$and removes only the elements matching every branch', async () => {
      const c = fx.db.collection<LooseDoc>('pull_and');
      await c.insertOne({ _id: 1, arr: items() });
      await c.updateOne({ _id: 1 }, { $pull: { arr: { $and: [{ tag: 'x' }, { a: { $gt: 1 } }] } } as never });
      expect((await c.findOne({ _id: 1 }))?.arr).to.deep.equal([
        { a: 1, tag: 'x' },
        { a: 2, tag: 'y' },
      ]);
    });

    it('$nor removes only the elements matching none of the branches (not every element)', async () => {
      const c = fx.db.collection<LooseDoc>('pull_nor');
      await c.insertOne({ _id: 1, arr: items() });
      await c.updateOne({ _id: 1 }, { $pull: { arr: { $nor: [{ tag: 'x' }] } } as never });
      expect((await c.findOne({ _id: 1 }))?.arr).to.deep.equal([
        { a: 1, tag: 'x' },
        { a: 3, tag: 'x' },
      ]);
    });
  });

  describe('several fields under one positional operator', () => {
    it('arr.$.a and arr.$.b update the matched element', async () => {
      const c = fx.db.collection<LooseDoc>('pos_first');
      await c.insertOne({ _id: 1, arr: items() });
      await c.updateOne({ _id: 1, 'arr.a': 2 }, { $set: { 'arr.$.a': 20, 'arr.$.seen': true } });
      expect((await c.findOne({ _id: 1 }))?.arr).to.deep.equal([
        { a: 1, tag: 'x' },
        { a: 20, tag: 'y', seen: true },
        { a: 3, tag: 'x' },
      ]);
    });

    it('arr.$[].a and arr.$[].b update every element', async () => {
      const c = fx.db.collection<LooseDoc>('pos_all');
      await c.insertOne({ _id: 1, arr: [{ a: 1 }, { a: 2 }] });
      await c.updateOne({ _id: 1 }, { $set: { 'arr.$[].x': 1 }, $inc: { 'arr.$[].a': 10 } });
      expect((await c.findOne({ _id: 1 }))?.arr).to.deep.equal([
        { a: 11, x: 1 },
        { a: 12, x: 1 },
      ]);
      // a real conflict under a positional operator is still refused with 40
      const e = await serverError(c.updateOne({ _id: 1 }, { $set: { 'arr.$[]': 1, 'arr.$[].a': 2 } }));
      expect(e.code).to.equal(40);
    });

    it('arr.$[e].a and arr.$[e].b update the elements the array filter selects', async () => {
      const c = fx.db.collection<LooseDoc>('pos_filtered');
      await c.insertOne({ _id: 1, arr: items() });
      await c.updateOne(
        { _id: 1 },
        { $set: { 'arr.$[e].hit': true, 'arr.$[e].a': 0 } },
        { arrayFilters: [{ 'e.tag': 'x' }] },
      );
      expect((await c.findOne({ _id: 1 }))?.arr).to.deep.equal([
        { a: 0, tag: 'x', hit: true },
        { a: 2, tag: 'y' },
        { a: 0, tag: 'x', hit: true },
      ]);
    });

    it('$addToSet through the positional $, with $set of a sibling field, changes the matched element only', async () => {
      const c = fx.db.collection<LooseDoc>('pos_addtoset');
      await c.insertOne({
        _id: 1,
        groups: [
          { k: 1, tags: ['a'] },
          { k: 2, tags: ['a'] },
        ],
      });
      await c.updateOne(
        { _id: 1, 'groups.k': 2 },
        { $addToSet: { 'groups.$.tags': { $each: ['a', 'b'] } }, $set: { 'groups.$.touched': true } },
      );
      expect((await c.findOne({ _id: 1 }))?.groups).to.deep.equal([
        { k: 1, tags: ['a'] },
        { k: 2, tags: ['a', 'b'], touched: true },
      ]);
    });

    it('mongoose: updating a subdocument with timestamps through arr.$ works', async () => {
      const conn = await mongoose.createConnection(fx.mongo.uri, { dbName: fx.dbName }).asPromise();
      try {
        const Item = new mongoose.Schema({ name: String }, { timestamps: true });
        const Model = conn.model('PosTimestamps', new mongoose.Schema({ items: [Item] }));
        const doc = await Model.create({ items: [{ name: 'one' }, { name: 'two' }] });
        const id = doc.items[1]?._id;
        await Model.updateOne({ _id: doc._id, 'items._id': id }, { $set: { 'items.$.name': 'TWO' } });
        const back = await Model.findById(doc._id).lean();
        expect(back?.items.map((i) => i.name)).to.deep.equal(['one', 'TWO']);
        expect(back?.items[1]?.updatedAt).to.be.instanceOf(Date);
      } finally {
        await conn.close();
      }
    });
  });

  describe('_id in $set', () => {
    it('setting _id to its current value is allowed; another value answers 66', async () => {
      const c = fx.db.collection<LooseDoc>('id_same');
      await c.insertOne({ _id: 7, n: 1 });
      const r = await c.updateOne({ _id: 7 }, { $set: { _id: 7, n: 2 } });
      expect(r.modifiedCount).to.equal(1);
      expect(await c.findOne({ _id: 7 })).to.deep.equal({ _id: 7, n: 2 });
      // to another value: ImmutableField (66), nothing changed
      const e = await serverError(c.updateOne({ _id: 7 }, { $set: { _id: 8 } }));
      expect(e.code).to.equal(66);
      expect(await c.findOne({ _id: 7 })).to.deep.equal({ _id: 7, n: 2 });
    });

    it('mongoose findOneAndUpdate(filter, doc.toObject()) and an upsert sending _id succeed', async () => {
      const conn = await mongoose.createConnection(fx.mongo.uri, { dbName: fx.dbName }).asPromise();
      try {
        const Model = conn.model('IdSet', new mongoose.Schema({ name: String, n: Number }));
        const doc = await Model.create({ name: 'a', n: 1 });
        const plain = doc.toObject();
        plain.n = 2;
        const updated = await Model.findOneAndUpdate({ _id: doc._id }, plain, {
          returnDocument: 'after',
        }).lean();
        expect(updated?.n).to.equal(2);
        const id = new mongoose.Types.ObjectId();
        await Model.findOneAndUpdate({ _id: id }, { _id: id, name: 'new' }, { upsert: true });
        expect((await Model.findById(id).lean())?.name).to.equal('new');
      } finally {
        await conn.close();
      }
    });
  });

  describe('invalid updates answer mongod errors', () => {
    it("$set: {'arr.field'} on an array answers PathNotViable (28) and changes nothing", async () => {
      const c = fx.db.collection<LooseDoc>('bad_path');
      await c.insertOne({ _id: 1, arr: [1, 2], n: 5 });
      const e = await serverError(c.updateOne({ _id: 1 }, { $set: { 'arr.field': 1 } }));
      expect(e.code).to.equal(28);
      expect(e.message).to.contain("Cannot create field 'field'");
      const e2 = await serverError(c.updateOne({ _id: 1 }, { $set: { 'n.x': 1 } }));
      expect(e2.code).to.equal(28);
      expect(await c.findOne({ _id: 1 })).to.deep.equal({ _id: 1, arr: [1, 2], n: 5 });
    });

    it('$push onto a number answers BadValue (2)', async () => {
      const c = fx.db.collection<LooseDoc>('bad_push');
      await c.insertOne({ _id: 1, n: 5 });
      const e = await serverError(c.updateOne({ _id: 1 }, { $push: { n: 1 } as never }));
      expect(e.code).to.equal(2);
      expect(e.message).to.contain("The field 'n' must be an array but is of type int");
      const e2 = await serverError(c.updateOne({ _id: 1 }, { $addToSet: { n: 1 } }));
      expect(e2.code).to.equal(2);
      expect(await c.findOne({ _id: 1 })).to.deep.equal({ _id: 1, n: 5 });
    });

    it('a capped collection without size answers InvalidOptions (72)', async () => {
      const e = await serverError(fx.db.createCollection('capped_nosize', { capped: true }));
      expect(e.code).to.equal(72);
      const names = (await fx.db.listCollections().toArray()).map((c) => c.name);
      expect(names).to.not.include('capped_nosize');
    });
  });

  describe('Decimal128 arithmetic', () => {
    it('$inc and $mul on decimals compute in decimal', async () => {
      const c = fx.db.collection<LooseDoc>('dec_upd');
      await c.insertOne({ _id: 1, price: Decimal128.fromString('9.99'), qty: Decimal128.fromString('3') });
      await c.updateOne({ _id: 1 }, { $inc: { price: Decimal128.fromString('0.01') }, $mul: { qty: 3 } });
      const d = await c.findOne({ _id: 1 });
      expect(d?.price).to.be.instanceOf(Decimal128);
      expect(String(d?.price)).to.equal('10.00');
      expect(String(d?.qty)).to.equal('9');
    });
  });
});
