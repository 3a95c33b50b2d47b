import { expect } from 'chai';
import { type Db, MongoClient, MongoServerError } from 'mongodb';
import { EmbeddedMongoServer } from '../src/index.js';
import { CHEAP_CANDIDATES, guardedSections } from '../src/query/limits.js';
import { type LooseDoc, usingEmbedded } from './helpers.js';

const LARGE = CHEAP_CANDIDATES * 3;

/** The sign-in's one read (server/src/modules/auth/sign-in-read.ts): counters by id, the account, its factors. */
function signInPipeline(factors: string, email: string): object[] {
  return [
    { $match: { _id: { $in: ['ip:1', 'acct:7'] } } },
    {
      $unionWith: {
        coll: 'profiles',
        pipeline: [
          { $match: { pool_id: 'p1', email } },
          { $limit: 1 },
          { $lookup: { from: factors, localField: '_id', foreignField: 'user_id', as: '__f0' } },
          { $addFields: { __second_factor: { $or: [{ $gt: [{ $size: '$__f0' }, 0] }] } } },
          { $project: { __f0: 0 } },
          { $addFields: { __sign_in_user: true } },
        ],
      },
    },
  ];
}

/** vm sections (each a watchdog thread) the command `run` went through. */
async function sections(run: () => Promise<unknown>): Promise<{ sections: number; result: unknown }> {
  const before = guardedSections.count;
  const result = await run();
  return { sections: guardedSections.count - before, result };
}

describe('db: aggregates that touch few documents skip the time guard', function () {
  this.timeout(60000);
  // in this thread (startEmbeddedMongo runs the engine in a worker), so the test reads the engine's vm counter
  let mongo: EmbeddedMongoServer;
  let client: MongoClient;
  let db: Db;

  before(async function () {
    if (!usingEmbedded) return this.skip(); // the time guard is the embedded engine's
    mongo = await EmbeddedMongoServer.start({ dataDir: null });
    client = new MongoClient(mongo.uri);
    await client.connect();
    db = client.db('cheap_aggregate');
    const limits = Array.from({ length: LARGE }, (_, i) => ({ _id: `ip:${i}`, n: i }));
    await db.collection<{ _id: string }>('rate_limits').insertMany([...limits, { _id: 'acct:7', n: 1 }]);
    await db
      .collection<LooseDoc>('profiles')
      .insertMany(
        Array.from({ length: LARGE }, (_, i) => ({ _id: i, pool_id: 'p1', email: `u${i}@x.test` })),
      );
    await db.collection('profiles').createIndex({ pool_id: 1, email: 1 }, { unique: true });
    await db.collection('mfa').insertMany([{ user_id: 5 }, { user_id: 6 }]);
    // a large factor collection, indexed on user_id: mingo's $lookup still reads it whole
    await db
      .collection('big_mfa')
      .insertMany(Array.from({ length: LARGE }, (_, i) => ({ user_id: 1000 + i })));
    await db.collection('big_mfa').createIndex({ user_id: 1 });
    await db
      .collection<LooseDoc>('same')
      .insertMany(Array.from({ length: 2_000 }, (_, i) => ({ _id: i, k: 0 })));
  });
  after(async () => {
    await client?.close();
    await mongo?.stop();
  });

  it('runs the sign-in read (cheap $match, $unionWith by an index, $lookup into a small collection) without a vm section, with the same answer', async () => {
    expect(await db.collection('rate_limits').countDocuments()).to.be.greaterThan(CHEAP_CANDIDATES);
    const read = await sections(() =>
      db.collection('rate_limits').aggregate(signInPipeline('mfa', 'u5@x.test')).toArray(),
    );
    expect(read.sections).to.equal(0);
    expect(read.result).to.deep.equal([
      { _id: 'ip:1', n: 1 },
      { _id: 'acct:7', n: 1 },
      { _id: 5, pool_id: 'p1', email: 'u5@x.test', __second_factor: true, __sign_in_user: true },
    ]);
    const noFactor = await db
      .collection('rate_limits')
      .aggregate(signInPipeline('mfa', 'u9@x.test'))
      .toArray();
    expect(noFactor[2]).to.include({ _id: 9, __second_factor: false });
  });

  it('guards what is not bounded by construction: a $lookup into a large collection, a $regex, an unindexed $unionWith, a pipeline $lookup', async () => {
    const rl = db.collection('rate_limits');
    const guarded = [
      () => rl.aggregate(signInPipeline('big_mfa', 'u5@x.test')).toArray(),
      () => rl.aggregate([{ $match: { _id: 'ip:1' } }, { $match: { _id: { $regex: '^ip' } } }]).toArray(),
      () => rl.aggregate([{ $match: { _id: 'ip:1' } }, { $unionWith: { coll: 'profiles' } }]).toArray(),
      () =>
        rl
          .aggregate([
            { $match: { _id: 'ip:1' } },
            { $unionWith: { coll: 'profiles', pipeline: [{ $match: { pool_id: 'p1' } }] } },
          ])
          .toArray(),
      () =>
        rl
          .aggregate([
            { $match: { _id: 'ip:1' } },
            { $lookup: { from: 'mfa', pipeline: [{ $match: { user_id: 5 } }], as: 'f' } },
          ])
          .toArray(),
      () => rl.aggregate([{ $match: { _id: 'ip:1' } }, { $unwind: '$n' }]).toArray(),
      () => rl.aggregate([{ $sort: { n: 1 } }, { $limit: 1 }]).toArray(),
    ];
    for (const [i, run] of guarded.entries())
      expect((await sections(run)).sections, `pipeline ${i}`).to.be.greaterThan(0);
  });

  it('still ends an expensive unindexed $lookup after a cheap $match with MaxTimeMSExpired (50)', async () => {
    // 50 documents each joined with 2 000 (every k is 0), unwound to 100 000 documents and sorted
    const run = db
      .collection('same')
      .aggregate(
        [
          { $match: { _id: { $lt: 50 } } },
          { $lookup: { from: 'same', localField: 'k', foreignField: 'k', as: 'j' } },
          { $unwind: '$j' },
          { $sort: { 'j._id': -1 } },
          { $count: 'n' },
        ],
        { maxTimeMS: 20 },
      )
      .toArray();
    const err = await run.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).to.be.instanceOf(MongoServerError);
    expect((err as MongoServerError).code).to.equal(50);
  });
});
