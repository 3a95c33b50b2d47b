import { expect } from 'chai';
import { ObjectId, type Collection, type Document, type UpdateFilter } from 'mongodb';
import { openDbFixture, type DbFixture, type LooseDoc } from './helpers.js';

/** Update documents whose operators the driver's typings cannot check against a loose schema. */
const upd = (u: Document): UpdateFilter<LooseDoc> => u as UpdateFilter<LooseDoc>;

describe('db: CRUD through the mongodb driver', () => {
  let fx: DbFixture;
  before(async () => {
    fx = await openDbFixture('crud');
  });
  after(async () => {
    await fx.close();
  });

  let n = 0;
  function coll(): Collection<LooseDoc> {
    n++;
    return fx.db.collection<LooseDoc>(`c${n}`);
  }

  it('inserts, finds by _id and generates ObjectIds first in the document', async () => {
    const c = coll();
    const res = await c.insertOne({ name: 'a', n: 1 });
    expect(res.acknowledged).to.equal(true);
    expect(res.insertedId).to.be.instanceOf(ObjectId);
    const doc = await c.findOne({ _id: res.insertedId });
    expect(doc).to.not.equal(null);
    expect(Object.keys(doc as Document)[0]).to.equal('_id');
    expect(doc?.name).to.equal('a');
    const many = await c.insertMany([{ name: 'b' }, { name: 'c' }]);
    expect(many.insertedCount).to.equal(2);
    expect(await c.countDocuments()).to.equal(3);
    expect(await c.estimatedDocumentCount()).to.equal(3);
  });

  it('filters with comparison, logical, element, evaluation and array operators', async () => {
    const c = coll();
    await c.insertMany([
      {
        _id: 1,
        n: 1,
        s: 'apple',
        tags: ['red', 'fruit'],
        sub: { x: 1 },
        arr: [
          { k: 1, v: 'a' },
          { k: 2, v: 'b' },
        ],
      },
      { _id: 2, n: 5, s: 'banana', tags: ['yellow', 'fruit'], sub: { x: 2 }, nul: null },
      { _id: 3, n: 10, s: 'Cherry', tags: [], arr: [{ k: 3, v: 'c' }] },
      { _id: 4, n: 7.5, s: 'date', tags: ['brown'], sub: { x: 1, y: 2 } },
    ]);
    const ids = async (filter: Document) =>
      (await c.find(filter).sort({ _id: 1 }).toArray()).map((d) => d._id as unknown as number);
    expect(await ids({ n: 5 })).to.deep.equal([2]);
    expect(await ids({ n: { $eq: 5 } })).to.deep.equal([2]);
    expect(await ids({ n: { $ne: 5 } })).to.deep.equal([1, 3, 4]);
    expect(await ids({ n: { $gt: 5 } })).to.deep.equal([3, 4]);
    expect(await ids({ n: { $gte: 5, $lt: 10 } })).to.deep.equal([2, 4]);
    expect(await ids({ n: { $lte: 1 } })).to.deep.equal([1]);
    expect(await ids({ n: { $in: [1, 10] } })).to.deep.equal([1, 3]);
    expect(await ids({ n: { $nin: [1, 10] } })).to.deep.equal([2, 4]);
    expect(await ids({ $or: [{ n: 1 }, { s: 'date' }] })).to.deep.equal([1, 4]);
    expect(await ids({ $and: [{ n: { $gt: 1 } }, { n: { $lt: 10 } }] })).to.deep.equal([2, 4]);
    expect(await ids({ $nor: [{ n: 1 }, { n: 5 }] })).to.deep.equal([3, 4]);
    expect(await ids({ n: { $not: { $gt: 5 } } })).to.deep.equal([1, 2]);
    expect(await ids({ nul: { $exists: true } })).to.deep.equal([2]);
    expect(await ids({ nul: null })).to.deep.equal([1, 2, 3, 4]);
    expect(await ids({ sub: { $exists: false } })).to.deep.equal([3]);
    expect(await ids({ n: { $type: 'double' }, s: 'date' })).to.deep.equal([4]);
    expect(await ids({ s: { $type: 'string' } })).to.deep.equal([1, 2, 3, 4]);
    expect(await ids({ s: { $regex: '^b' } })).to.deep.equal([2]);
    expect(await ids({ s: /^c/i })).to.deep.equal([3]);
    expect(await ids({ n: { $mod: [5, 0] } })).to.deep.equal([2, 3]);
    expect(await ids({ $expr: { $gt: ['$n', 6] } })).to.deep.equal([3, 4]);
    expect(await ids({ tags: 'fruit' })).to.deep.equal([1, 2]);
    expect(await ids({ tags: { $all: ['red', 'fruit'] } })).to.deep.equal([1]);
    expect(await ids({ tags: { $size: 0 } })).to.deep.equal([3]);
    expect(await ids({ arr: { $elemMatch: { k: 2, v: 'b' } } })).to.deep.equal([1]);
    expect(await ids({ 'arr.k': 3 })).to.deep.equal([3]);
    expect(await ids({ 'sub.x': 1 })).to.deep.equal([1, 4]);
    expect(await ids({ sub: { x: 1 } })).to.deep.equal([1]);
  });

  it('supports projection, sort, skip and limit', async () => {
    const c = coll();
    await c.insertMany(
      Array.from({ length: 10 }, (_, i) => ({ _id: i, v: i % 3, name: `n${i}`, extra: { a: i, b: -i } })),
    );
    const docs = await c
      .find({}, { projection: { name: 1, _id: 0 } })
      .sort({ v: -1, _id: 1 })
      .skip(2)
      .limit(3)
      .toArray();
    expect(docs).to.deep.equal([{ name: 'n8' }, { name: 'n1' }, { name: 'n4' }]);
    const excl = await c.findOne({ _id: 1 }, { projection: { extra: 0 } });
    expect(excl).to.deep.equal({ _id: 1, v: 1, name: 'n1' });
    const nested = await c.findOne({ _id: 2 }, { projection: { 'extra.a': 1 } });
    expect(nested).to.deep.equal({ _id: 2, extra: { a: 2 } });
    await c.insertOne({ _id: 100, list: [1, 2, 3, 4], other: 'kept', items: [{ k: 1 }, { k: 2 }] });
    expect(await c.findOne({ _id: 100 }, { projection: { list: { $slice: 2 } } })).to.deep.equal({
      _id: 100,
      list: [1, 2],
      other: 'kept',
      items: [{ k: 1 }, { k: 2 }],
    });
    expect(
      await c.findOne({ _id: 100 }, { projection: { list: { $slice: [-2, 1] }, items: 0 } }),
    ).to.deep.equal({
      _id: 100,
      list: [3],
      other: 'kept',
    });
    expect(await c.findOne({ _id: 100 }, { projection: { items: { $elemMatch: { k: 2 } } } })).to.deep.equal({
      _id: 100,
      items: [{ k: 2 }],
    });
    expect(await c.findOne({ 'items.k': 2 }, { projection: { 'items.$': 1 } })).to.deep.equal({
      _id: 100,
      items: [{ k: 2 }],
    });
    await c.deleteOne({ _id: 100 });
    const sortedDesc = await c.find({ v: 0 }).sort({ _id: -1 }).toArray();
    expect(sortedDesc.map((d) => d._id)).to.deep.equal([9, 6, 3, 0]);
  });

  it('applies field update operators', async () => {
    const c = coll();
    await c.insertOne({ _id: 1, a: 1, b: 'x', c: 5, d: 10, e: 2, old: 'keep', gone: true });
    const r = await c.updateOne(
      { _id: 1 },
      {
        $set: { b: 'y', 'nested.deep': 1 },
        $inc: { a: 2 },
        $mul: { e: 3 },
        $min: { c: 3 },
        $max: { d: 20 },
        $rename: { old: 'renamed' },
        $unset: { gone: '' },
        $currentDate: { at: true },
      },
    );
    expect(r.matchedCount).to.equal(1);
    expect(r.modifiedCount).to.equal(1);
    const doc = await c.findOne({ _id: 1 });
    expect(doc).to.include({ a: 3, b: 'y', c: 3, d: 20, e: 6, renamed: 'keep' });
    expect(doc?.nested).to.deep.equal({ deep: 1 });
    expect(doc).to.not.have.property('gone');
    expect(doc).to.not.have.property('old');
    expect(doc?.at).to.be.instanceOf(Date);
    const noop = await c.updateOne({ _id: 1 }, { $set: { b: 'y' } });
    expect(noop.matchedCount).to.equal(1);
    expect(noop.modifiedCount).to.equal(0);
  });

  it('applies array update operators, positional operators and arrayFilters', async () => {
    const c = coll();
    await c.insertOne({
      _id: 1,
      list: [1, 2, 3],
      set: ['a'],
      items: [
        { k: 1, q: 1 },
        { k: 2, q: 1 },
        { k: 3, q: 5 },
      ],
      grid: [{ xs: [1, 2] }],
    });
    await c.updateOne(
      { _id: 1 },
      upd({
        $push: { list: { $each: [5, 4], $sort: 1, $slice: -4 } },
        $addToSet: { set: { $each: ['a', 'b'] } },
      }),
    );
    let doc = await c.findOne({ _id: 1 });
    expect(doc?.list).to.deep.equal([2, 3, 4, 5]);
    expect(doc?.set).to.deep.equal(['a', 'b']);
    await c.updateOne({ _id: 1 }, upd({ $pull: { list: { $gte: 4 } }, $pop: { set: -1 } }));
    doc = await c.findOne({ _id: 1 });
    expect(doc?.list).to.deep.equal([2, 3]);
    expect(doc?.set).to.deep.equal(['b']);
    await c.updateOne(
      { _id: 1 },
      upd({ $pullAll: { list: [2] }, $push: { set: { $each: ['z'], $position: 0 } } }),
    );
    doc = await c.findOne({ _id: 1 });
    expect(doc?.list).to.deep.equal([3]);
    expect(doc?.set).to.deep.equal(['z', 'b']);
    await c.updateOne({ _id: 1, 'items.k': 2 }, { $set: { 'items.$.q': 9 } });
    await c.updateOne(
      { _id: 1 },
      { $inc: { 'items.$[big].q': 100 } },
      { arrayFilters: [{ 'big.q': { $gte: 5 } }] },
    );
    await c.updateOne({ _id: 1 }, { $inc: { 'grid.$[].xs.$[]': 10 } });
    doc = await c.findOne({ _id: 1 });
    expect(doc?.items).to.deep.equal([
      { k: 1, q: 1 },
      { k: 2, q: 109 },
      { k: 3, q: 105 },
    ]);
    expect(doc?.grid).to.deep.equal([{ xs: [11, 12] }]);
  });

  it('updates many, replaces, upserts with $setOnInsert and pipeline updates', async () => {
    const c = coll();
    await c.insertMany([
      { _id: 1, g: 'a', v: 1 },
      { _id: 2, g: 'a', v: 2 },
      { _id: 3, g: 'b', v: 3 },
    ]);
    const many = await c.updateMany({ g: 'a' }, { $inc: { v: 10 } });
    expect(many.matchedCount).to.equal(2);
    expect(many.modifiedCount).to.equal(2);
    const rep = await c.replaceOne({ _id: 3 }, { g: 'c', replaced: true });
    expect(rep.modifiedCount).to.equal(1);
    expect(await c.findOne({ _id: 3 })).to.deep.equal({ _id: 3, g: 'c', replaced: true });
    const up = await c.updateOne(
      { email: 'new@x.y' },
      { $set: { v: 1 }, $setOnInsert: { createdAt: 'now' } },
      { upsert: true },
    );
    expect(up.upsertedCount).to.equal(1);
    expect(up.upsertedId).to.be.instanceOf(ObjectId);
    const upserted = await c.findOne({ email: 'new@x.y' });
    expect(upserted).to.include({ email: 'new@x.y', v: 1, createdAt: 'now' });
    const again = await c.updateOne(
      { email: 'new@x.y' },
      { $set: { v: 2 }, $setOnInsert: { createdAt: 'later' } },
      { upsert: true },
    );
    expect(again.upsertedCount).to.equal(0);
    expect(again.matchedCount).to.equal(1);
    expect(await c.findOne({ email: 'new@x.y' })).to.include({ v: 2, createdAt: 'now' });
    const upId = await c.updateOne({ _id: 42 }, { $set: { v: 42 } }, { upsert: true });
    expect(upId.upsertedId).to.equal(42);
    const repUp = await c.replaceOne({ _id: 43 }, { v: 43 }, { upsert: true });
    expect(repUp.upsertedId).to.equal(43);
    expect(await c.findOne({ _id: 43 })).to.deep.equal({ _id: 43, v: 43 });
    await c.updateOne({ _id: 1 }, [{ $set: { doubled: { $multiply: ['$v', 2] } } }]);
    expect(await c.findOne({ _id: 1 })).to.include({ v: 11, doubled: 22 });
  });

  it('deletes one and many', async () => {
    const c = coll();
    await c.insertMany([{ g: 1 }, { g: 1 }, { g: 1 }, { g: 2 }]);
    expect((await c.deleteOne({ g: 1 })).deletedCount).to.equal(1);
    expect((await c.deleteMany({ g: 1 })).deletedCount).to.equal(2);
    expect((await c.deleteMany({ g: 99 })).deletedCount).to.equal(0);
    expect(await c.countDocuments()).to.equal(1);
  });

  it('findOneAndUpdate / Replace / Delete with sort, projection, upsert and returnDocument', async () => {
    const c = coll();
    await c.insertMany([
      { _id: 1, q: 1, n: 5 },
      { _id: 2, q: 1, n: 3 },
    ]);
    const before = await c.findOneAndUpdate(
      { q: 1 },
      { $inc: { n: 1 } },
      { sort: { n: 1 }, returnDocument: 'before' },
    );
    expect(before).to.deep.equal({ _id: 2, q: 1, n: 3 });
    const after = await c.findOneAndUpdate(
      { q: 1 },
      { $inc: { n: 1 } },
      { sort: { n: -1 }, returnDocument: 'after', projection: { n: 1, _id: 0 } },
    );
    expect(after).to.deep.equal({ n: 6 });
    const full = await c.findOneAndUpdate(
      { _id: 9 },
      { $set: { n: 9 } },
      { upsert: true, returnDocument: 'after', includeResultMetadata: true },
    );
    expect(full.value).to.deep.equal({ _id: 9, n: 9 });
    expect(full.lastErrorObject).to.include({ updatedExisting: false, n: 1 });
    expect(full.lastErrorObject?.upserted).to.equal(9);
    const replaced = await c.findOneAndReplace({ _id: 9 }, { r: true }, { returnDocument: 'after' });
    expect(replaced).to.deep.equal({ _id: 9, r: true });
    const deleted = await c.findOneAndDelete({ q: 1 }, { sort: { n: -1 } });
    expect(deleted?._id).to.equal(1);
    expect(await c.findOneAndDelete({ q: 404 })).to.equal(null);
    expect(await c.findOneAndUpdate({ q: 404 }, { $set: { x: 1 } })).to.equal(null);
  });

  it('counts and distinct values', async () => {
    const c = coll();
    await c.insertMany([{ t: ['a', 'b'], k: 1 }, { t: ['b', 'c'], k: 2 }, { t: 'd', k: 2 }, { k: 3 }]);
    expect(await c.countDocuments({ k: 2 })).to.equal(2);
    expect(await c.countDocuments({}, { skip: 1, limit: 2 })).to.equal(2);
    expect(await c.countDocuments({ nope: 1 })).to.equal(0);
    expect((await c.distinct('t')).sort()).to.deep.equal(['a', 'b', 'c', 'd']);
    expect((await c.distinct('k', { k: { $gte: 2 } })).sort()).to.deep.equal([2, 3]);
  });

  it('counts with skip and limit exactly, through countDocuments and the count command', async () => {
    const c = coll();
    await c.insertMany(Array.from({ length: 50 }, (_, i) => ({ i, odd: i % 2 === 1, tag: `t${i % 5}` })));
    // an unindexed filter (every document tested) and an empty one (the collection's count)
    for (const [filter, matching] of [
      [{ odd: true, tag: { $regex: '^t[0-2]' } }, 15],
      [{}, 50],
    ] as const) {
      for (const [skip, limit] of [
        [0, 0],
        [0, 4],
        [3, 4],
        [0, 100],
        [13, 0],
        [14, 5],
        [60, 5],
      ] as Array<[number, number]>) {
        const expected = Math.max(0, Math.min(limit || Infinity, matching - skip));
        const options = { ...(skip ? { skip } : {}), ...(limit ? { limit } : {}) };
        expect(await c.countDocuments(filter, options), JSON.stringify({ filter, skip, limit })).to.equal(
          expected,
        );
        const counted = await fx.db.command({ count: c.collectionName, query: filter, skip, limit });
        expect(counted.n, JSON.stringify({ filter, skip, limit })).to.equal(expected);
      }
    }
  });

  it('runs aggregation pipelines: $match $group $sort $project $unwind $count $facet $lookup $dateTrunc $dateToString', async () => {
    const users = coll();
    const orders = fx.db.collection<LooseDoc>(`orders_${n}`);
    const u1 = new ObjectId();
    const u2 = new ObjectId();
    await users.insertMany([
      { _id: u1, name: 'ann' },
      { _id: u2, name: 'bob' },
    ]);
    await orders.insertMany([
      { user: u1, amount: 10, items: ['x', 'y'], at: new Date('2024-01-15T10:20:00Z') },
      { user: u1, amount: 5, items: ['x'], at: new Date('2024-01-20T08:00:00Z') },
      { user: u2, amount: 7, items: [], at: new Date('2024-02-01T00:00:00Z') },
    ]);
    const totals = await orders
      .aggregate([
        { $match: { amount: { $gte: 5 } } },
        { $group: { _id: '$user', total: { $sum: '$amount' }, n: { $sum: 1 } } },
        { $sort: { total: -1 } },
      ])
      .toArray();
    expect(totals).to.deep.equal([
      { _id: u1, total: 15, n: 2 },
      { _id: u2, total: 7, n: 1 },
    ]);
    const joined = await users
      .aggregate([
        { $lookup: { from: orders.collectionName, localField: '_id', foreignField: 'user', as: 'orders' } },
        { $project: { name: 1, count: { $size: '$orders' } } },
        { $sort: { name: 1 } },
      ])
      .toArray();
    expect(Object.keys(joined[0] ?? {})).to.deep.equal(['_id', 'name', 'count']);
    expect(joined).to.deep.equal([
      { _id: u1, name: 'ann', count: 2 },
      { _id: u2, name: 'bob', count: 1 },
    ]);
    const unwound = await orders.aggregate([{ $unwind: '$items' }, { $count: 'n' }]).toArray();
    expect(unwound).to.deep.equal([{ n: 3 }]);
    const months = await orders
      .aggregate([
        { $group: { _id: { $dateTrunc: { date: '$at', unit: 'month' } }, sum: { $sum: '$amount' } } },
        { $sort: { _id: 1 } },
        { $project: { _id: 0, month: { $dateToString: { date: '$_id', format: '%Y-%m' } }, sum: 1 } },
      ])
      .toArray();
    expect(months).to.deep.equal([
      { sum: 15, month: '2024-01' },
      { sum: 7, month: '2024-02' },
    ]);
    const facet = await orders
      .aggregate([
        {
          $facet: {
            total: [{ $count: 'n' }],
            top: [{ $sort: { amount: -1 } }, { $limit: 1 }, { $project: { _id: 0, amount: 1 } }],
          },
        },
      ])
      .toArray();
    expect(facet).to.deep.equal([{ total: [{ n: 3 }], top: [{ amount: 10 }] }]);
    const paged = await orders
      .aggregate([{ $sort: { amount: 1 } }, { $skip: 1 }, { $limit: 1 }, { $project: { _id: 0, amount: 1 } }])
      .toArray();
    expect(paged).to.deep.equal([{ amount: 7 }]);
  });

  it('bulkWrite mixes inserts, updates, replaces and deletes', async () => {
    const c = coll();
    const res = await c.bulkWrite([
      { insertOne: { document: { _id: 1, v: 1 } } },
      { insertOne: { document: { _id: 2, v: 2 } } },
      { updateOne: { filter: { _id: 1 }, update: { $set: { v: 10 } } } },
      { updateMany: { filter: {}, update: { $inc: { v: 1 } } } },
      { replaceOne: { filter: { _id: 2 }, replacement: { v: 20 } } },
      { updateOne: { filter: { _id: 3 }, update: { $set: { v: 3 } }, upsert: true } },
      { deleteOne: { filter: { _id: 1 } } },
    ]);
    expect(res.insertedCount).to.equal(2);
    expect(res.matchedCount).to.equal(4);
    expect(res.modifiedCount).to.equal(4);
    expect(res.upsertedCount).to.equal(1);
    expect(res.deletedCount).to.equal(1);
    expect(await c.find().sort({ _id: 1 }).toArray()).to.deep.equal([
      { _id: 2, v: 20 },
      { _id: 3, v: 3 },
    ]);
  });

  it('creates, lists and drops collections and databases', async () => {
    const name = `explicit_${n}`;
    await fx.db.createCollection(name);
    const names = (await fx.db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
    expect(names).to.include(name);
    const filtered = await fx.db.listCollections({ name }).toArray();
    expect(filtered).to.have.length(1);
    expect(filtered[0]).to.include({ name, type: 'collection' });
    expect(await fx.db.collection(name).drop()).to.equal(true);
    expect((await fx.db.listCollections({ name }).toArray()).length).to.equal(0);
    const other = fx.client.db(`${fx.dbName}_other`);
    await other.collection('x').insertOne({ a: 1 });
    const dbs = await fx.client.db('admin').admin().listDatabases();
    expect(dbs.databases.map((d) => d.name)).to.include(`${fx.dbName}_other`);
    expect(await other.dropDatabase()).to.equal(true);
    const after = await fx.client.db('admin').admin().listDatabases();
    expect(after.databases.map((d) => d.name)).to.not.include(`${fx.dbName}_other`);
  });

  it('answers the handshake and diagnostic commands like a standalone mongod', async () => {
    const hello = await fx.db.admin().command({ hello: 1 });
    expect(hello.isWritablePrimary).to.equal(true);
    expect(hello.maxWireVersion).to.be.at.least(21);
    expect(hello.maxBsonObjectSize).to.equal(16777216);
    expect(hello.maxMessageSizeBytes).to.equal(48000000);
    expect(hello.maxWriteBatchSize).to.equal(100000);
    expect(hello.logicalSessionTimeoutMinutes).to.equal(30);
    expect(hello).to.not.have.property('setName');
    expect(hello.localTime).to.be.instanceOf(Date);
    const legacy = await fx.db.admin().command({ isMaster: 1 });
    expect(legacy.ismaster).to.equal(true);
    expect((await fx.db.admin().command({ ping: 1 })).ok).to.equal(1);
    const info = await fx.db.admin().command({ buildInfo: 1 });
    expect(info.version).to.match(/^\d+\.\d+\.\d+/);
    expect(Number(String(info.version).split('.')[0])).to.be.at.least(7);
    const fcv = await fx.db.admin().command({ getParameter: 1, featureCompatibilityVersion: 1 });
    expect(fcv.featureCompatibilityVersion.version).to.be.a('string');
    const status = await fx.db.admin().command({ connectionStatus: 1 });
    expect(status.authInfo).to.be.an('object');
  });
});
