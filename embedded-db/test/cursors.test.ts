import { expect } from 'chai';
import { MongoServerError } from 'mongodb';
import { openDbFixture, type DbFixture, type LooseDoc } from './helpers.js';

describe('db: cursors', () => {
  let fx: DbFixture;
  before(async () => {
    fx = await openDbFixture('cursors');
    await fx.db
      .collection<LooseDoc>('items')
      .insertMany(Array.from({ length: 250 }, (_, i) => ({ _id: i, v: i % 7, pad: 'x'.repeat(20) })));
  });
  after(async () => {
    await fx.close();
  });

  it('returns every document across getMore batches, in sort order', async () => {
    const cursor = fx.db.collection<LooseDoc>('items').find({}, { batchSize: 40 }).sort({ v: 1, _id: -1 });
    const docs = await cursor.toArray();
    expect(docs).to.have.length(250);
    for (let i = 1; i < docs.length; i++) {
      const a = docs[i - 1] as unknown as { v: number; _id: number };
      const b = docs[i] as unknown as { v: number; _id: number };
      expect(a.v < b.v || (a.v === b.v && a._id > b._id)).to.equal(true);
    }
  });

  it('uses the requested batch sizes on the wire (firstBatch, then nextBatch via getMore)', async () => {
    const first = await fx.db.command({ find: 'items', filter: {}, batchSize: 10, sort: { _id: 1 } });
    expect(first.cursor.firstBatch).to.have.length(10);
    expect(first.cursor.ns).to.equal(`${fx.dbName}.items`);
    const id = first.cursor.id;
    expect(Number(id)).to.be.greaterThan(0);
    const more = await fx.db.command({ getMore: id, collection: 'items', batchSize: 100 });
    expect(more.cursor.nextBatch).to.have.length(100);
    expect(more.cursor.nextBatch[0]._id).to.equal(10);
    const rest = await fx.db.command({ getMore: id, collection: 'items' });
    expect(rest.cursor.nextBatch).to.have.length(140);
    expect(Number(rest.cursor.id)).to.equal(0);
    const err = await fx.db.command({ getMore: id, collection: 'items' }).catch((e: unknown) => e);
    expect(err).to.be.instanceOf(MongoServerError);
    expect((err as MongoServerError).code).to.equal(43);
    expect((err as MongoServerError).codeName).to.equal('CursorNotFound');
  });

  it('defaults the first batch to 101 documents', async () => {
    const first = await fx.db.command({ find: 'items', filter: {} });
    expect(first.cursor.firstBatch).to.have.length(101);
    await fx.db.command({ killCursors: 'items', cursors: [first.cursor.id] });
  });

  it('honours limit with batchSize, singleBatch and negative limits', async () => {
    const limited = await fx.db
      .collection<LooseDoc>('items')
      .find({})
      .sort({ _id: 1 })
      .limit(55)
      .batchSize(20)
      .toArray();
    expect(limited.map((d) => d._id)).to.deep.equal(Array.from({ length: 55 }, (_, i) => i));
    const single = await fx.db.command({ find: 'items', filter: {}, batchSize: 5, singleBatch: true });
    expect(single.cursor.firstBatch).to.have.length(5);
    expect(Number(single.cursor.id)).to.equal(0);
    const neg = await fx.db.command({ find: 'items', filter: {}, limit: -3 });
    expect(neg.cursor.firstBatch).to.have.length(3);
    expect(Number(neg.cursor.id)).to.equal(0);
  });

  it('kills cursors on close and reports them as killed', async () => {
    const first = await fx.db.command({ find: 'items', filter: {}, batchSize: 2 });
    const res = await fx.db.command({ killCursors: 'items', cursors: [first.cursor.id] });
    expect(res.cursorsKilled.map(Number)).to.deep.equal([Number(first.cursor.id)]);
    const cursor = fx.db.collection<LooseDoc>('items').find({}).batchSize(5);
    await cursor.next();
    const id = cursor.id;
    expect(Number(id)).to.be.greaterThan(0);
    await cursor.close();
    const err = await fx.db.command({ getMore: id, collection: 'items' }).catch((e: unknown) => e);
    expect((err as MongoServerError).code).to.equal(43);
  });

  it('iterates aggregate cursors with batchSize', async () => {
    const docs = await fx.db
      .collection<LooseDoc>('items')
      .aggregate([{ $match: { v: { $lt: 3 } } }, { $project: { v: 1 } }], { batchSize: 7 })
      .toArray();
    expect(docs.length).to.equal(
      250 - Array.from({ length: 250 }, (_, i) => i).filter((i) => i % 7 >= 3).length,
    );
  });

  it('streams with for-await over many batches', async () => {
    let count = 0;
    for await (const d of fx.db.collection<LooseDoc>('items').find({ v: 0 }).batchSize(3)) {
      expect(d.v).to.equal(0);
      count++;
    }
    expect(count).to.equal(Array.from({ length: 250 }, (_, i) => i).filter((i) => i % 7 === 0).length);
  });
});
