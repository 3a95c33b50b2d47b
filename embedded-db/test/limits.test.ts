import { expect } from 'chai';
import { type Collection, MongoClient, MongoServerError } from 'mongodb';
import { startEmbeddedMongo, type EmbeddedMongo } from '../src/index.js';
import { usingEmbedded, type LooseDoc } from './helpers.js';

async function failure(p: Promise<unknown>): Promise<MongoServerError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e, 'expected the operation to fail').to.be.instanceOf(MongoServerError);
  return e as MongoServerError;
}

/** A filter whose evaluation costs real time per document ($range builds a 20 000-element array). */
const slowFilter = { $expr: { $gt: [{ $size: { $range: [0, 20_000] } }, 0] } };

describe('db: bounded queries (regex backtracking, maxTimeMS)', function () {
  this.timeout(30000);
  let mongo: EmbeddedMongo;
  let client: MongoClient;
  let other: MongoClient;
  let texts: Collection<LooseDoc>;
  let scans: Collection<LooseDoc>;

  before(async function () {
    if (!usingEmbedded) return this.skip(); // the limits are the embedded engine's
    mongo = await startEmbeddedMongo();
    client = new MongoClient(mongo.uri);
    other = new MongoClient(mongo.uri);
    await Promise.all([client.connect(), other.connect()]);
    const db = client.db('limits');
    texts = db.collection('texts');
    // 40 × "a" then "!": ^(a+)+$ needs ~2^40 backtracking steps to give up on it
    await texts.insertMany([
      { _id: 1, s: 'a'.repeat(40) + '!' },
      ...Array.from({ length: 8 }, (_, i) => ({ _id: 10 + i, s: 'a'.repeat(20_000) })),
    ]);
    scans = db.collection('scans');
    await scans.insertMany(Array.from({ length: 2_000 }, (_, i) => ({ _id: i, n: i })));
  });
  after(async () => {
    await client?.close();
    await other?.close();
    await mongo?.stop();
  });

  it('answers a catastrophic $regex at once with an error while other connections keep working', async () => {
    // ~2^40 backtracking steps: without a bound this query would hold the server for hours
    const evil = texts.find({ s: { $regex: '^(a+)+$' } }).toArray();
    const ping = other.db('admin').command({ ping: 1 });
    const err = await failure(evil);
    expect(err.code).to.equal(2);
    expect(err.message).to.match(/backtrack/);
    expect((await ping).ok).to.equal(1);
    // the same pattern in its other spellings
    const variants: Array<() => Promise<unknown>> = [
      () => texts.find({ s: /^(a+)+$/ }).toArray(),
      () => texts.find({ s: { $in: [/x/, /(\w+\s?)*$/] } }).toArray(),
      () => texts.countDocuments({ $nor: [{ s: { $regex: '(x+x+)+y' } }] }),
      () =>
        texts
          .aggregate([{ $match: { $expr: { $regexMatch: { input: '$s', regex: '^(a+)+$' } } } }])
          .toArray(),
      () => texts.updateMany({ s: /^(a+)+$/ }, { $set: { hit: true } }),
      () => texts.deleteMany({ s: { $regex: '^(\\d+)*$' } }),
      () => texts.findOneAndUpdate({ _id: 1 }, { $pull: { tags: { $regex: '^(a+)+$' } } } as never),
    ];
    for (const v of variants) expect((await failure(v())).code).to.equal(2);
    // ordinary patterns still work
    expect(await texts.countDocuments({ s: { $regex: '^a+!$' } })).to.equal(1);
    expect(await texts.countDocuments({ s: /^A{40}/i })).to.equal(9);
  });

  it('interrupts a slow regex scan at maxTimeMS with MaxTimeMSExpired (50), and a ping is answered before it would have finished', async () => {
    // \w+\d is allowed (only quadratic, through the retry at each start position), but over 8 documents of
    // 20 000 characters it runs for seconds. What one document costs, measured here in the test process:
    const t0 = Date.now();
    expect(/\w+\d/.test('a'.repeat(20_000))).to.equal(false);
    const unboundedMs = (Date.now() - t0) * 8;

    const sent = Date.now();
    const slow = texts
      .find({ s: { $regex: '\\w+\\d' } })
      .maxTimeMS(150)
      .toArray();
    const ping = other
      .db('admin')
      .command({ ping: 1 })
      .then((r) => ({ ok: r.ok as number, after: Date.now() - sent }));
    const err = await failure(slow);
    expect(err.code).to.equal(50);
    expect(err.codeName).to.equal('MaxTimeMSExpired');
    const answered = await ping;
    expect(answered.ok).to.equal(1);
    expect(answered.after, 'ping answered before the scan would have finished').to.be.below(unboundedMs);
  });

  it('ends a slow legitimate scan with MaxTimeMSExpired (50) when maxTimeMS is small', async () => {
    const err = await failure(scans.find(slowFilter).maxTimeMS(50).toArray());
    expect(err.code).to.equal(50);
    const agg = await failure(
      scans.aggregate([{ $match: slowFilter }, { $count: 'n' }], { maxTimeMS: 50 }).toArray(),
    );
    expect(agg.code).to.equal(50);
    expect((await failure(scans.countDocuments(slowFilter, { maxTimeMS: 50 }))).code).to.equal(50);
  });

  it('writes nothing when an update runs out of time', async () => {
    const err = await failure(scans.updateMany(slowFilter, { $set: { touched: true } }, { maxTimeMS: 50 }));
    expect(err.code).to.equal(50);
    expect(await scans.countDocuments({ touched: true })).to.equal(0);
    // the server is consistent afterwards
    await scans.updateOne({ _id: 5 }, { $set: { touched: true } });
    expect(await scans.countDocuments({ touched: true })).to.equal(1);
    await scans.updateOne({ _id: 5 }, { $unset: { touched: '' } });
  });

  it('applies a default ceiling to queries without maxTimeMS', async () => {
    const strict = await startEmbeddedMongo({ defaultMaxTimeMS: 250 });
    const c = new MongoClient(strict.uri);
    try {
      const coll = c.db('limits').collection<LooseDoc>('scans');
      await coll.insertMany(Array.from({ length: 2_000 }, (_, i) => ({ _id: i, n: i })));
      const err = await failure(coll.find(slowFilter).toArray());
      expect(err.code).to.equal(50);
      // an explicit maxTimeMS above the ceiling is honoured, and quick queries are unaffected
      expect(await coll.countDocuments({ n: { $lt: 10 } })).to.equal(10);
      expect(await coll.find({ n: { $gte: 1990 } }, { maxTimeMS: 60_000 }).toArray()).to.have.length(10);
    } finally {
      await c.close();
      await strict.stop();
    }
  });

  it('rejects a negative maxTimeMS like mongod', async () => {
    const err = await failure(client.db('limits').command({ find: 'scans', filter: {}, maxTimeMS: -1 }));
    expect(err.code).to.equal(2);
  });
});
