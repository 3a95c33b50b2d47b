/**
 * Issue #39: answers that differed silently from mongod's. Each expectation is mongod 7's documented behaviour
 * (comparison/sort order of BinData, `$bits…` on BinData, numeric result types of expressions, regex equality,
 * the order of a hinted index); where the embedded server does not implement a feature it must refuse it.
 */
import { expect } from 'chai';
import { Binary, BSONRegExp, Double, Int32, Long, UUID, type Db } from 'mongodb';
import { openDbFixture, serverError, usingEmbedded, type DbFixture } from './helpers.js';

describe('db: answers mongod gives (issue #39)', function () {
  let fx: DbFixture;
  let db: Db;
  before(async () => {
    fx = await openDbFixture('silent');
    db = fx.db;
  });
  after(() => fx.close());

  const bin = (s: string) => new Binary(Buffer.from(s));

  it('BinData range queries order by length, then subtype, then bytes (with and without an index)', async () => {
    const c = db.collection('bin');
    await c.insertMany([
      { n: 'A', b: bin('über') },
      { n: 'B', b: bin('buffer shtuffs are neat') },
      { n: 'C', b: bin('hello world') },
      { n: 'D', b: bin('gh-6863') },
    ]);
    const lt = { b: { $lt: bin('buffer shtuffs are neat') } };
    expect((await c.find(lt).toArray()).map((d) => d.n).sort()).to.deep.equal(['A', 'C', 'D']);
    expect(await c.countDocuments({ b: { $gte: bin('hello world') } })).to.equal(2);
    await c.createIndex({ b: 1 });
    expect((await c.find(lt).sort({ b: 1 }).toArray()).map((d) => d.n)).to.deep.equal(['A', 'D', 'C']);
  });

  it('$bits… operators test the bytes of BinData (bit 0 is the low bit of byte 0)', async () => {
    const c = db.collection('bits');
    await c.insertOne({ u: new UUID('ff000000000000000000000000000000') });
    expect(await c.countDocuments({ u: { $bitsAllSet: [0, 4] } })).to.equal(1);
    expect(await c.countDocuments({ u: { $bitsAnyClear: 7 } })).to.equal(0);
    expect(await c.countDocuments({ u: { $bitsAnyClear: [8] } })).to.equal(1);
    expect(await c.countDocuments({ u: { $bitsAllClear: [8, 100, 200] } })).to.equal(1);
    // numbers as 64-bit two's complement: bit 40 of 2^40, and a negative number's sign bits
    await c.insertOne({ n: 2 ** 40, m: Long.fromNumber(-1) });
    expect(await c.countDocuments({ n: { $bitsAllSet: [40] } })).to.equal(1);
    expect(await c.countDocuments({ m: { $bitsAllSet: [0, 63, 100] } })).to.equal(1);
  });

  it('expressions answer the numeric types mongod does, and $out/pipeline updates keep them', async () => {
    const c = db.collection('nums');
    await c.insertOne({ _id: 1 as never, d: new Double(42), l: Long.fromNumber(5), i: 7 });
    const [p] = await c
      .aggregate(
        [
          {
            $project: {
              td: { $type: '$d' },
              tl: { $type: '$l' },
              ti: { $type: '$i' },
              add: { $add: ['$l', 1] },
              div: { $divide: [6, 2] },
              sum: { $sum: ['$i', 1] },
            },
          },
          // exact BSON types as received (the driver would turn a small Long into a JS number)
        ],
        { promoteValues: false },
      )
      .toArray();
    expect({ td: String(p!.td), tl: String(p!.tl), ti: String(p!.ti) }).to.deep.equal({
      td: 'double',
      tl: 'long',
      ti: 'int',
    });
    expect(p!.add).to.be.instanceOf(Long);
    expect(p!.div).to.be.instanceOf(Double);
    expect(p!.sum).to.be.instanceOf(Int32);
    const [g] = await c
      .aggregate([{ $group: { _id: null, s: { $sum: '$l' }, d: { $first: '$d' }, a: { $avg: '$i' } } }], {
        promoteValues: false,
      })
      .toArray();
    expect(g!.s).to.be.instanceOf(Long);
    expect(g!.d).to.be.instanceOf(Double);
    expect(g!.a).to.be.instanceOf(Double);

    await c.aggregate([{ $set: { x: 1 } }, { $out: 'nums_out' }]).toArray();
    const types = [{ $project: { td: { $type: '$d' }, tl: { $type: '$l' } } }];
    expect(await db.collection('nums_out').aggregate(types).toArray()).to.deep.equal([
      { _id: 1, td: 'double', tl: 'long' },
    ]);
    expect(
      await db.collection('nums_out').countDocuments({ d: { $type: 'double' }, l: { $type: 'long' } }),
    ).to.equal(1);

    await c.updateOne({ _id: 1 as never }, [{ $set: { y: 2, m: { $add: ['$l', 1] } } }]);
    expect(
      await c.countDocuments({ d: { $type: 'double' }, l: { $type: 'long' }, m: { $type: 'long' } }),
    ).to.equal(1);
  });

  it('capped collections: without size answer InvalidOptions; with size they are refused, never left uncapped', async () => {
    const e = await serverError(db.createCollection('cap_nosize', { capped: 1024 as never }));
    expect(e.code).to.equal(72);
    if (!usingEmbedded) return;
    const r = await serverError(db.createCollection('cap', { capped: true, size: 4096, max: 2 }));
    expect(r.code).to.equal(72);
    expect(r.message).to.match(/capped collections are not supported/);
    expect(await db.listCollections({ name: 'cap' }).toArray()).to.have.length(0);
  });

  it('a time-series collection is refused, not created as a plain collection', async function () {
    if (!usingEmbedded) this.skip();
    const e = await serverError(db.createCollection('ts', { timeseries: { timeField: 't' } }));
    expect(e.code).to.equal(72);
    expect(e.message).to.match(/timeseries/);
    expect(await db.listCollections({ name: 'ts' }).toArray()).to.have.length(0);
  });

  it('a stored regular expression matches the same regular expression', async () => {
    const c = db.collection('regex');
    await c.insertMany([{ r: /ab+c/i }, { r: 'xABBCx' }, { r: /ab+c/ }]);
    expect(await c.countDocuments({ r: /ab+c/i })).to.equal(2);
    expect(await c.countDocuments({ r: new BSONRegExp('ab+c', 'i') })).to.equal(2);
    expect(await c.countDocuments({ r: { $regex: 'ab+c' } })).to.equal(1);
  });

  it('a hinted descending index without a sort answers in the index order', async () => {
    const c = db.collection('hinted');
    await c.insertMany([
      { name: 'Andrew', qty: 1 },
      { name: 'Charlie', qty: 2 },
      { name: 'Betty', qty: 3 },
    ]);
    await c.createIndex({ qty: -1, name: -1 });
    const names = (await c.find({}).hint({ qty: -1, name: -1 }).toArray()).map((d) => d.name);
    expect(names).to.deep.equal(['Betty', 'Charlie', 'Andrew']);
    await c.createIndex({ qty: 1, name: -1 });
    const asc = (await c.find({}).hint('qty_1_name_-1').toArray()).map((d) => d.name);
    expect(asc).to.deep.equal(['Andrew', 'Charlie', 'Betty']);
  });

  it('estimatedDocumentCount on a view counts through its pipeline', async () => {
    await db.collection('base').insertMany([{ _id: 1 as never }, { _id: 2 as never }, { _id: 3 as never }]);
    await db.createCollection('base_view', { viewOn: 'base', pipeline: [{ $match: { _id: { $gt: 1 } } }] });
    expect(await db.collection('base_view').estimatedDocumentCount()).to.equal(2);
  });

  it('$comment in a filter (find, count, aggregation $match) is ignored, not refused', async () => {
    const c = db.collection('hinted');
    expect(await c.countDocuments({ $comment: 'why' } as never)).to.equal(3);
    expect(await c.find({ $comment: 'why', qty: { $gt: 1 } } as never).toArray()).to.have.length(2);
    expect(
      await c.aggregate([{ $match: { $and: [{ $comment: 'x' }, { qty: 1 }] } }], { comment: 'y' }).toArray(),
    ).to.have.length(1);
  });
});
