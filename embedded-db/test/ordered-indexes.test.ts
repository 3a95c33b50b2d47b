import { expect } from 'chai';
import { Double, Int32, Long, MongoClient, ObjectId, type Collection, type Db, type Document } from 'mongodb';
import { startEmbeddedMongo, type EmbeddedMongo } from '../src/index.js';
import { usingEmbedded, type LooseDoc } from './helpers.js';

interface ExecutionStats {
  nReturned: number;
  totalKeysExamined: number;
  totalDocsExamined: number;
}

/** The winning plan's input stage (IXSCAN under FETCH) or the stage itself (COLLSCAN). */
function scanStage(explained: Document): Document {
  const plan = explained.queryPlanner.winningPlan as Document;
  return (plan.inputStage as Document | undefined) ?? plan;
}

const DAY = 24 * 3600 * 1000;

describe('db: ordered indexes, the query planner and explain', function () {
  this.timeout(60000);
  let mongo: EmbeddedMongo;
  let client: MongoClient;
  let db: Db;
  let logs: Collection<LooseDoc>;
  const apps = [new ObjectId(), new ObjectId(), new ObjectId()];
  const start = Date.UTC(2026, 0, 1);

  before(async function () {
    if (!usingEmbedded) this.skip();
    mongo = await startEmbeddedMongo({});
    client = new MongoClient(mongo.uri);
    db = client.db('ordered');
    logs = db.collection<LooseDoc>('activity_logs');
    // 3,000 log entries over 30 days, 100 a day, spread over three applications
    await logs.insertMany(
      Array.from({ length: 3000 }, (_, i) => ({
        _id: i,
        application_id: apps[i % 3],
        created_at: new Date(start + Math.floor(i / 100) * DAY + (i % 100) * 60_000),
        n: i,
      })),
    );
    await logs.createIndex({ created_at: -1 });
    await logs.createIndex({ application_id: 1, created_at: -1 });
  });

  after(async () => {
    await client?.close();
    await mongo?.stop();
  });

  it('answers a date range newest first with a limit from the index, reading only what it returns', async () => {
    const from = new Date(start + 23 * DAY);
    const query = { created_at: { $gte: from, $lt: new Date(start + 30 * DAY) } };
    const found = await logs.find(query).sort({ created_at: -1 }).limit(50).toArray();
    expect(found.map((d) => d.n)).to.deep.equal(Array.from({ length: 50 }, (_, i) => 2999 - i));
    const explained = await logs.find(query).sort({ created_at: -1 }).limit(50).explain('executionStats');
    const stage = scanStage(explained);
    expect(stage.stage).to.equal('IXSCAN');
    expect(stage.indexName).to.equal('created_at_-1');
    const stats = explained.executionStats as ExecutionStats;
    expect(stats.nReturned).to.equal(50);
    expect(stats.totalKeysExamined).to.equal(50);
    expect(stats.totalDocsExamined).to.equal(50);
  });

  it('uses an equality prefix and a range on a compound index', async () => {
    const query = {
      application_id: apps[1],
      created_at: { $gte: new Date(start + 10 * DAY), $lt: new Date(start + 12 * DAY) },
    };
    const found = await logs.find(query).sort({ created_at: -1 }).toArray();
    const expected = Array.from({ length: 200 }, (_, i) => 1000 + i)
      .filter((n) => n % 3 === 1)
      .reverse();
    expect(found.map((d) => d.n)).to.deep.equal(expected);
    const explained = await logs.find(query).sort({ created_at: -1 }).explain('executionStats');
    expect(scanStage(explained).indexName).to.equal('application_id_1_created_at_-1');
    expect((explained.executionStats as ExecutionStats).totalDocsExamined).to.equal(expected.length);
    // the fixed application_id leaves the index in created_at order: a limit stops the scan
    const limited = await logs.find(query).sort({ created_at: -1 }).limit(10).explain('executionStats');
    expect((limited.executionStats as ExecutionStats).totalKeysExamined).to.equal(10);
    const firstTen = await logs.find(query).sort({ created_at: -1 }).limit(10).toArray();
    expect(firstTen.map((d) => d.n)).to.deep.equal(expected.slice(0, 10));
  });

  it('counts a range and honours exclusive and inclusive bounds exactly', async () => {
    const at = new Date(start + 5 * DAY); // n = 500 has exactly this date
    expect(await logs.countDocuments({ created_at: { $gte: at, $lt: new Date(start + 6 * DAY) } })).to.equal(
      100,
    );
    expect(await logs.countDocuments({ created_at: { $gt: at, $lt: new Date(start + 6 * DAY) } })).to.equal(
      99,
    );
    expect(await logs.countDocuments({ created_at: { $lte: at } })).to.equal(501);
    expect(await logs.countDocuments({ created_at: { $lt: at } })).to.equal(500);
    // type bracketing: a date bound never matches numbers, and a number bound never matches dates
    await logs.insertOne({ _id: 'odd', created_at: 5 });
    try {
      expect(await logs.countDocuments({ created_at: { $gt: new Date(0) } })).to.equal(3000);
      expect(await logs.find({ created_at: { $gt: 1 } }).toArray()).to.deep.equal([
        { _id: 'odd', created_at: 5 },
      ]);
    } finally {
      await logs.deleteOne({ _id: 'odd' });
    }
  });

  it('applies every other condition of the filter, also an $or inside an $and (keyset pagination)', async () => {
    const at = new Date(start + 29 * DAY + 50 * 60_000); // n = 2950
    const page = await logs
      .find({
        $and: [
          { created_at: { $gte: new Date(start) } },
          { $or: [{ created_at: { $lt: at } }, { created_at: at, _id: { $lt: 2950 } }] },
        ],
      })
      .sort({ created_at: -1, _id: -1 })
      .limit(3)
      .toArray();
    expect(page.map((d) => d.n)).to.deep.equal([2949, 2948, 2947]);
    expect(
      await logs.countDocuments({
        $and: [{ created_at: { $gte: at } }, { $or: [{ n: 2950 }, { n: 2999 }] }],
      }),
    ).to.equal(2);
  });

  it('sorts ascending and descending through an index and its prefix, and by _id without an index', async () => {
    const asc = await logs.find({}).sort({ created_at: 1 }).limit(3).toArray();
    expect(asc.map((d) => d.n)).to.deep.equal([0, 1, 2]);
    const desc = await logs.find({}).sort({ created_at: -1 }).limit(3).toArray();
    expect(desc.map((d) => d.n)).to.deep.equal([2999, 2998, 2997]);
    const explained = await logs.find({}).sort({ created_at: 1 }).limit(3).explain('executionStats');
    expect(scanStage(explained).stage).to.equal('IXSCAN');
    expect((explained.executionStats as ExecutionStats).totalDocsExamined).to.equal(3);
    const byId = await logs.find({}).sort({ _id: -1 }).limit(2).toArray();
    expect(byId.map((d) => d._id)).to.deep.equal([2999, 2998]);
    // a sort the index cannot give is still right
    const mixed = await logs
      .find({ n: { $lt: 6 } })
      .sort({ application_id: -1, n: 1 })
      .toArray();
    const order = [...apps].sort((a, b) => b.toHexString().localeCompare(a.toHexString()));
    expect(mixed.map((d) => d.n)).to.deep.equal(
      order.flatMap((a) => [0, 1, 2, 3, 4, 5].filter((n) => apps[n % 3]?.equals(a))),
    );
  });

  it('honours hint (name, key pattern, $natural) and refuses an unknown index like mongod', async () => {
    const query = { created_at: { $gte: new Date(start) } };
    const byName = await logs.find(query).hint('application_id_1_created_at_-1').explain('queryPlanner');
    expect(scanStage(byName).indexName).to.equal('application_id_1_created_at_-1');
    const byKey = await logs.find(query).hint({ created_at: -1 }).explain('queryPlanner');
    expect(scanStage(byKey).indexName).to.equal('created_at_-1');
    const natural = await logs.find(query).hint({ $natural: 1 }).explain('queryPlanner');
    expect(scanStage(natural).stage).to.equal('COLLSCAN');
    expect(await logs.countDocuments(query, { hint: { $natural: 1 } })).to.equal(3000);
    const err = await logs
      .find(query)
      .hint('no_such_index')
      .toArray()
      .catch((e: { code?: number; message?: string }) => e);
    expect((err as { code?: number }).code).to.equal(2);
    expect((err as { message?: string }).message).to.match(
      /hint provided does not correspond to an existing index/,
    );
  });

  it('finds every matching array element through a multikey index, each document once', async () => {
    const tags = db.collection<LooseDoc>('tagged');
    await tags.insertMany([
      { _id: 1, scores: [1, 50] },
      { _id: 2, scores: [20, 30] },
      { _id: 3, scores: 25 },
      { _id: 4, scores: [] },
      { _id: 5 },
    ]);
    await tags.createIndex({ scores: 1 });
    // {_id: 1} matches $gt 10 and $lt 5 through different elements: mongod returns it
    expect((await tags.find({ scores: { $gt: 10, $lt: 5 } }).toArray()).map((d) => d._id)).to.deep.equal([1]);
    const ids = (await tags.find({ scores: { $gte: 20 } }).toArray()).map((d) => d._id).sort();
    expect(ids).to.deep.equal([1, 2, 3]);
    expect((await tags.find({ scores: null }).toArray()).map((d) => d._id)).to.deep.equal([5]);
  });

  it('keeps unique, sparse and partial indexes exact, also for strings longer than an index key keeps', async () => {
    const users = db.collection<LooseDoc>('users');
    await users.createIndex({ email: 1 }, { unique: true });
    const prefix = 'x'.repeat(400);
    await users.insertOne({ _id: 1, email: `${prefix}a@example.com` });
    // same first 400 characters, different address: not a duplicate
    await users.insertOne({ _id: 2, email: `${prefix}b@example.com` });
    const dup = await users
      .insertOne({ _id: 3, email: `${prefix}a@example.com` })
      .catch((e: { code?: number }) => e);
    expect((dup as { code?: number }).code).to.equal(11000);
    expect((await users.find({ email: `${prefix}b@example.com` }).toArray()).map((d) => d._id)).to.deep.equal(
      [2],
    );
    expect(await users.countDocuments({ email: { $gt: `${prefix}a` } })).to.equal(2);
    expect(await users.countDocuments({ email: { $gt: `${prefix}a@example.com` } })).to.equal(1);

    const sparse = db.collection<LooseDoc>('sparse');
    await sparse.createIndex({ code: 1 }, { unique: true, sparse: true });
    await sparse.insertMany([{ _id: 1 }, { _id: 2 }, { _id: 3, code: 'a' }]);
    expect(await sparse.countDocuments({ code: null })).to.equal(2);
    const partial = db.collection<LooseDoc>('partial');
    await partial.createIndex({ slug: 1 }, { unique: true, partialFilterExpression: { active: true } });
    await partial.insertMany([
      { _id: 1, slug: 's', active: false },
      { _id: 2, slug: 's', active: true },
    ]);
    const pdup = await partial
      .insertOne({ _id: 3, slug: 's', active: true })
      .catch((e: { code?: number }) => e);
    expect((pdup as { code?: number }).code).to.equal(11000);
    expect(await partial.countDocuments({ slug: 's' })).to.equal(2);
  });

  it('returns documents read straight from storage with their exact BSON types and field order', async () => {
    const typed = db.collection<LooseDoc>('typed');
    await typed.createIndex({ at: 1 });
    const at = new Date(start);
    await typed.insertOne({ z: 1, at, big: Long.fromNumber(5), ratio: new Double(2), _id: 'first' });
    const [raw] = await typed.find({ at: { $gte: at } }, { promoteValues: false }).toArray();
    expect(Object.keys(raw ?? {})).to.deep.equal(['_id', 'z', 'at', 'big', 'ratio']);
    expect(raw?.big).to.be.instanceOf(Long);
    expect(raw?.ratio).to.be.instanceOf(Double);
    expect(raw?.z).to.be.instanceOf(Int32);
    const explained = await typed.find({ at: { $gte: at } }).explain('executionStats');
    expect(scanStage(explained).stage).to.equal('IXSCAN');
  });

  it('enforces a unique index with a collation: strength 2 ignores case, 1 also accents, 3 neither', async () => {
    const names = db.collection<LooseDoc>('names');
    await names.createIndex(
      { name: 1 },
      { unique: true, name: 'ci', collation: { locale: 'de', strength: 2 } },
    );
    await names.insertOne({ _id: 1, name: 'Jürgen' });
    const caseDup = await names.insertOne({ _id: 2, name: 'JÜRGEN' }).catch((e: { code?: number }) => e);
    expect((caseDup as { code?: number }).code).to.equal(11000);
    await names.insertOne({ _id: 3, name: 'Jurgen' }); // another accent: different at strength 2
    const base = db.collection<LooseDoc>('base');
    await base.createIndex({ name: 1 }, { unique: true, collation: { locale: 'fr', strength: 1 } });
    await base.insertOne({ _id: 1, name: 'José' });
    const accentDup = await base.insertOne({ _id: 2, name: 'jose' }).catch((e: { code?: number }) => e);
    expect((accentDup as { code?: number }).code).to.equal(11000);
    const exact = db.collection<LooseDoc>('exact');
    await exact.createIndex({ name: 1 }, { unique: true, collation: { locale: 'en', strength: 3 } });
    await exact.insertMany([{ name: 'Anna' }, { name: 'anna' }]);
    // queries without the collation still match exactly, whether or not the index is hinted
    expect(await names.countDocuments({ name: 'jürgen' })).to.equal(0);
    expect((await names.find({ name: 'Jürgen' }).hint('ci').toArray()).map((d) => d._id)).to.deep.equal([1]);
  });

  it('builds an index over existing documents, keeps it through updates and deletes, and drops it', async () => {
    const items = db.collection<LooseDoc>('items');
    await items.insertMany(Array.from({ length: 200 }, (_, i) => ({ _id: i, price: i % 50 })));
    await items.createIndex({ price: 1 });
    await items.updateMany({ price: { $lt: 10 } }, { $inc: { price: 100 } });
    await items.deleteMany({ price: { $gte: 108 } });
    expect(await items.countDocuments({ price: { $gte: 100 } })).to.equal(32);
    expect(await items.countDocuments({ price: { $lt: 10 } })).to.equal(0);
    const sorted = await items
      .find({ price: { $gte: 100 } })
      .sort({ price: -1 })
      .limit(2)
      .toArray();
    expect(sorted.map((d) => d.price)).to.deep.equal([107, 107]);
    await items.dropIndex('price_1');
    const explained = await items.find({ price: { $gte: 100 } }).explain('queryPlanner');
    expect(scanStage(explained).stage).to.equal('COLLSCAN');
    expect(await items.countDocuments({ price: { $gte: 100 } })).to.equal(32);
  });
});
