/**
 * Query and type fidelity (issue #15): `$type` by BSON type, int32 vs double vs int64, Decimal128 order and
 * comparisons, `$all` against a single value, `$elemMatch` projection with only operators, `{_id: null}` —
 * through the real driver.
 */
import { expect } from 'chai';
import { Binary, Decimal128, Double, Int32, Long, MongoServerError, ObjectId, UUID } from 'mongodb';
import { openDbFixture, type DbFixture, type LooseDoc } from './helpers.js';

describe('db fidelity: types and queries', () => {
  let fx: DbFixture;
  before(async () => {
    fx = await openDbFixture('fid_types');
    await fx.db.collection<LooseDoc>('typed').insertMany([
      { _id: 'int', v: new Int32(1) },
      { _id: 'double', v: new Double(1) },
      { _id: 'fraction', v: 1.5 },
      { _id: 'long', v: Long.fromNumber(1) },
      { _id: 'decimal', v: Decimal128.fromString('1') },
      { _id: 'oid', v: new ObjectId() },
      { _id: 'bin', v: new Binary(Buffer.from('x')) },
      { _id: 'uuid', v: new UUID() },
      { _id: 'string', v: '1' },
    ]);
  });
  after(async () => {
    await fx.close();
  });

  const ids = async (filter: object) =>
    (await fx.db.collection<LooseDoc>('typed').find(filter).sort({ _id: 1 }).toArray()).map((d) => d._id);

  it('$type tells int, long, double and decimal apart, by name and by number', async () => {
    expect(await ids({ v: { $type: 'int' } })).to.deep.equal(['int']);
    expect(await ids({ v: { $type: 16 } })).to.deep.equal(['int']);
    expect(await ids({ v: { $type: 'long' } })).to.deep.equal(['long']);
    expect(await ids({ v: { $type: 18 } })).to.deep.equal(['long']);
    expect(await ids({ v: { $type: 'double' } })).to.deep.equal(['double', 'fraction']);
    expect(await ids({ v: { $type: 1 } })).to.deep.equal(['double', 'fraction']);
    expect(await ids({ v: { $type: 'decimal' } })).to.deep.equal(['decimal']);
    expect(await ids({ v: { $type: 'number' } })).to.deep.equal([
      'decimal',
      'double',
      'fraction',
      'int',
      'long',
    ]);
    expect(await ids({ v: { $type: ['int', 'string'] } })).to.deep.equal(['int', 'string']);
  });

  it('$type knows objectId, binData and null; {_id: null} finds, updates and deletes', async () => {
    expect(await ids({ v: { $type: 'objectId' } })).to.deep.equal(['oid']);
    expect(await ids({ v: { $type: 7 } })).to.deep.equal(['oid']);
    expect(await ids({ v: { $type: 'binData' } })).to.deep.equal(['bin', 'uuid']);
    // a document with _id null is found, updated and deleted by {_id: null} and {_id: {$type: 'null'}}
    // the driver replaces a null _id on insertOne (NODE-6468), so the insert goes as a command
    await fx.db.command({
      insert: 'null_id',
      documents: [
        { _id: null, a: 1 },
        { _id: 2, a: 2 },
      ],
    });
    const c = fx.db.collection<LooseDoc>('null_id');
    expect(await c.countDocuments({ _id: { $type: 'null' } })).to.equal(1);
    expect(await c.find({ _id: null as never }).toArray()).to.deep.equal([{ _id: null, a: 1 }]);
    expect((await c.updateOne({ _id: null as never }, { $set: { a: 5 } })).modifiedCount).to.equal(1);
    expect((await c.deleteOne({ _id: null as never })).deletedCount).to.equal(1);
    expect(await c.countDocuments()).to.equal(1);
  });

  it('a partial unique index filtered on {$type: "objectId"} enforces uniqueness', async () => {
    const c = fx.db.collection<LooseDoc>('partial_oid');
    await c.createIndex(
      { ref: 1 },
      { unique: true, partialFilterExpression: { ref: { $type: 'objectId' } } },
    );
    const ref = new ObjectId();
    await c.insertOne({ _id: 1, ref });
    await c.insertMany([
      { _id: 2, ref: 'not an id' },
      { _id: 3, ref: 'not an id' },
    ]);
    let err: unknown;
    try {
      await c.insertOne({ _id: 4, ref });
    } catch (e) {
      err = e;
    }
    expect(err).to.be.instanceOf(MongoServerError);
    expect((err as MongoServerError).code).to.equal(11000);
    expect(await c.countDocuments()).to.equal(3);
  });

  it('aggregation returns an int64 and an integral double with their own types', async () => {
    const raw = await fx.db
      .collection<LooseDoc>('typed')
      .aggregate([{ $match: { _id: { $in: ['long', 'double', 'int'] } } }, { $sort: { _id: 1 } }], {
        promoteLongs: false,
        promoteValues: false,
      })
      .toArray();
    expect(raw.map((d) => (d.v as { _bsontype: string })._bsontype)).to.deep.equal([
      'Double',
      'Int32',
      'Long',
    ]);
  });

  describe('Decimal128', () => {
    before(async () => {
      await fx.db.collection<LooseDoc>('dec').insertMany([
        { _id: 1, v: Decimal128.fromString('9') },
        { _id: 2, v: Decimal128.fromString('10') },
        { _id: 3, v: Decimal128.fromString('1.5') },
        { _id: 4, v: 2 },
        { _id: 5, v: Decimal128.fromString('2.0') },
      ]);
    });
    const dec = () => fx.db.collection<LooseDoc>('dec');

    it('compares by value with decimals and with other numbers', async () => {
      const gt = async (x: unknown) =>
        (
          await dec()
            .find({ v: { $gt: x } })
            .sort({ _id: 1 })
            .toArray()
        ).map((d) => d._id);
      expect(await gt(Decimal128.fromString('8'))).to.deep.equal([1, 2]);
      expect(await gt(5)).to.deep.equal([1, 2]);
      expect((await dec().find({ v: 2 }).sort({ _id: 1 }).toArray()).map((d) => d._id)).to.deep.equal([4, 5]);
      expect(
        (
          await dec()
            .find({ v: { $in: [Decimal128.fromString('10'), 1.5] } })
            .sort({ _id: 1 })
            .toArray()
        ).map((d) => d._id),
      ).to.deep.equal([2, 3]);
    });

    it('sorts numerically (find and aggregate)', async () => {
      const order = (await dec().find().sort({ v: 1, _id: 1 }).toArray()).map((d) => d._id);
      expect(order).to.deep.equal([3, 4, 5, 1, 2]);
      const agg = (
        await dec()
          .aggregate([{ $sort: { v: -1, _id: 1 } }])
          .toArray()
      ).map((d) => d._id);
      expect(agg).to.deep.equal([2, 1, 4, 5, 3]);
    });

    it('$multiply and $add in aggregation compute in decimal', async () => {
      const [d] = await dec()
        .aggregate([
          { $match: { _id: 3 } },
          { $project: { m: { $multiply: ['$v', 2] }, s: { $add: ['$v', 1] } } },
        ])
        .toArray();
      expect(d?.m).to.be.instanceOf(Decimal128);
      expect(String(d?.m)).to.equal('3.0');
      expect(String(d?.s)).to.equal('2.5');
    });
    it('$sum, $avg, $min and $max over decimals use their values', async () => {
      const [g] = await dec()
        .aggregate([
          {
            $group: {
              _id: null,
              s: { $sum: '$v' },
              a: { $avg: '$v' },
              mn: { $min: '$v' },
              mx: { $max: '$v' },
            },
          },
        ])
        .toArray();
      expect(String(g?.s)).to.equal('24.5');
      expect(g?.s).to.be.instanceOf(Decimal128);
      expect(String(g?.a)).to.equal('4.9');
      expect(String(g?.mn)).to.equal('1.5');
      expect(String(g?.mx)).to.equal('10');
    });
  });

  it('$all against a field holding a single value matches it', async () => {
    const c = fx.db.collection<LooseDoc>('all_single');
    await c.insertMany([
      { _id: 1, b: 3 },
      { _id: 2, b: [3, 4] },
      { _id: 3, b: 4 },
    ]);
    expect(
      (
        await c
          .find({ b: { $all: [3] } })
          .sort({ _id: 1 })
          .toArray()
      ).map((d) => d._id),
    ).to.deep.equal([1, 2]);
    expect(await c.countDocuments({ b: { $all: [] } })).to.equal(0);
  });

  it('$elemMatch projection with only an operator returns the first matching element', async () => {
    const c = fx.db.collection<LooseDoc>('elem_proj');
    await c.insertOne({ _id: 1, a: [1, 5, 9], b: 1 });
    const d = await c.findOne({ _id: 1 }, { projection: { a: { $elemMatch: { $gt: 4 } } } });
    expect(d).to.deep.equal({ _id: 1, a: [5] });
  });
});
