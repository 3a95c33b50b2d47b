import { expect } from 'chai';
import { type Db, MongoClient, MongoServerError } from 'mongodb';
import { EmbeddedMongoServer } from '../src/index.js';
import { CHEAP_CANDIDATES, CHEAP_JOIN_READS, guardedSections } from '../src/query/limits.js';
import { Collection } from '../src/storage/collection.js';
import { type LooseDoc, usingEmbedded } from './helpers.js';

const LARGE = CHEAP_CANDIDATES * 3;

/** Counters by id, then the account by pool and e-mail with `stages` after it: the sign-in read's shape. */
function accountRead(email: string, stages: object[]): object[] {
  return [
    { $match: { _id: { $in: ['ip:1', 'acct:7'] } } },
    {
      $unionWith: {
        coll: 'profiles',
        pipeline: [
          { $match: { pool_id: 'p1', email } },
          { $limit: 1 },
          ...stages,
          { $addFields: { __sign_in_user: true } },
        ],
      },
    },
  ];
}

const joinByUser = (from: string, as: string) => ({
  $lookup: { from, localField: '_id', foreignField: 'user_id', as },
});

/**
 * The sign-in's one read (server/src/modules/auth/sign-in-read.ts): counters by id, the account, whether it has
 * a confirmed TOTP factor or a passkey (a `$lookup` into each store by user id).
 */
function signInRead(email: string, factors: string, passkeys: string): object[] {
  const confirmed = {
    $filter: { input: '$__f0', cond: { $ne: [{ $ifNull: ['$$this.confirmed_at', null] }, null] } },
  };
  return accountRead(email, [
    joinByUser(factors, '__f0'),
    joinByUser(passkeys, '__f1'),
    {
      $addFields: {
        __second_factor: { $or: [{ $gt: [{ $size: confirmed }, 0] }, { $gt: [{ $size: '$__f1' }, 0] }] },
      },
    },
    { $project: { __f0: 0, __f1: 0 } },
  ]);
}

/** The sign-in's one read as it was before it read its passkeys: one `$lookup`. */
function signInPipeline(factors: string, email: string): object[] {
  return accountRead(email, [
    joinByUser(factors, '__f0'),
    { $addFields: { __second_factor: { $or: [{ $gt: [{ $size: '$__f0' }, 0] }] } } },
    { $project: { __f0: 0 } },
  ]);
}

/** Documents the engine decodes while `run` runs, by collection (a stored document read is decoded). */
async function decoded<T>(run: () => Promise<T>): Promise<{ decoded: Record<string, number>; result: T }> {
  const original = Collection.prototype.decode;
  const n: Record<string, number> = {};
  Collection.prototype.decode = function (this: Collection, buf: Buffer) {
    n[this.name] = (n[this.name] ?? 0) + 1;
    return original.call(this, buf);
  };
  try {
    const result = await run();
    return { decoded: n, result };
  } finally {
    Collection.prototype.decode = original;
  }
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
      .collection('big_unindexed')
      .insertMany(Array.from({ length: LARGE }, (_, i) => ({ user_id: i })));
    // TOTP factors (one per user, unique; odd users' confirmed) and passkeys (two for every fourth user) of 300+
    // users, indexed on user_id as the server indexes them
    await db.collection('factors').insertMany(
      Array.from({ length: LARGE + 10 }, (_, i) => ({
        user_id: i,
        confirmed_at: i % 2 ? new Date(0) : null,
      })),
    );
    await db.collection('factors').createIndex({ user_id: 1 }, { unique: true });
    await db
      .collection('passkeys')
      .insertMany(Array.from({ length: 2 * LARGE }, (_, i) => ({ user_id: (i >> 1) * 4, n: i })));
    await db.collection('passkeys').createIndex({ user_id: 1 });
    // every document under the same key of an index: a join through it reads them all
    await db
      .collection<LooseDoc>('same_k')
      .insertMany(Array.from({ length: 3_000 }, (_, i) => ({ _id: i, k: 0 })));
    await db.collection('same_k').createIndex({ k: 1 });
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

  it('runs the sign-in read with 300+ factors and passkeys without a vm section, reading a few documents by index', async () => {
    expect(await db.collection('passkeys').countDocuments()).to.be.greaterThan(LARGE);
    const rl = db.collection('rate_limits');
    // user 4: an unconfirmed factor and passkeys; 3: a confirmed factor; 250: an unconfirmed factor only
    for (const [user, has] of [
      [4, true],
      [3, true],
      [250, false],
    ] as const) {
      const read = await decoded(() =>
        sections(() => rl.aggregate(signInRead(`u${user}@x.test`, 'factors', 'passkeys')).toArray()),
      );
      expect(read.result.sections, `user ${user}`).to.equal(0);
      const rows = read.result.result as LooseDoc[];
      expect(rows[2], `user ${user}`).to.include({ _id: user, __second_factor: has, __sign_in_user: true });
      // the account, its factor, its passkeys: no other user's second factors
      const { profiles, factors, passkeys } = read.decoded;
      expect({ profiles, factors, passkeys }, `user ${user}`).to.deep.equal({
        profiles: 1,
        factors: 1,
        passkeys: user % 4 === 0 ? 2 : undefined,
      });
      // the whole-collection join (a command with `let` variables takes it) gives the same answer
      const whole = await decoded(() =>
        rl.aggregate(signInRead(`u${user}@x.test`, 'factors', 'passkeys'), { let: {} }).toArray(),
      );
      // (the counters in another order: without `let` the leading $match reads the ids in the order given)
      expect(whole.result[2]).to.deep.equal(rows[2]);
      expect(whole.result.slice(0, 2)).to.have.deep.members(rows.slice(0, 2));
      expect(whole.decoded).to.include({ factors: LARGE + 10, passkeys: 2 * LARGE });
    }
    const none = await sections(() => rl.aggregate(signInPipeline('big_mfa', 'u5@x.test')).toArray());
    expect(none.sections).to.equal(0);
    expect((none.result as LooseDoc[])[2]).to.include({ _id: 5, __second_factor: false });
  });

  it('runs a join through an index whose keys repeat guarded once it reads more than a cheap section may', async () => {
    const pipeline = [
      { $match: { _id: { $in: [0, 1, 2] } } },
      { $lookup: { from: 'same_k', localField: 'k', foreignField: 'k', as: 'j' } },
      { $project: { n: { $size: '$j' } } },
    ];
    expect(3_000).to.be.greaterThan(CHEAP_JOIN_READS);
    const read = await sections(() => db.collection('same_k').aggregate(pipeline).toArray());
    expect(read.sections).to.equal(1);
    expect(read.result).to.deep.equal([
      { _id: 0, n: 3_000 },
      { _id: 1, n: 3_000 },
      { _id: 2, n: 3_000 },
    ]);
    // within the allowance it stays cheap: 100 accounts, 25 of them with 2 passkeys
    const few = await sections(() =>
      db
        .collection('profiles')
        .aggregate([
          { $match: { _id: { $in: Array.from({ length: CHEAP_CANDIDATES }, (_, i) => i) } } },
          { $lookup: { from: 'passkeys', localField: '_id', foreignField: 'user_id', as: 'j' } },
          { $group: { _id: null, n: { $sum: { $size: '$j' } } } },
        ])
        .toArray(),
    );
    expect(few.sections).to.equal(0);
    expect(few.result).to.deep.equal([{ _id: null, n: 50 }]);
  });

  it('guards what is not bounded by construction: a $lookup into a large unindexed collection, a $regex, an unindexed $unionWith, a pipeline $lookup', async () => {
    const rl = db.collection('rate_limits');
    const guarded = [
      () => rl.aggregate(signInPipeline('big_unindexed', 'u5@x.test')).toArray(),
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

  it('still ends an expensive join through an index after a cheap $match with MaxTimeMSExpired (50)', async () => {
    // 100 documents each joined with the 3 000 under the same key, summed: 300 000 values read
    const ids = Array.from({ length: 100 }, (_, i) => i);
    const err = await db
      .collection('same_k')
      .aggregate(
        [
          { $match: { _id: { $in: ids } } },
          { $lookup: { from: 'same_k', localField: 'k', foreignField: 'k', as: 'j' } },
          { $addFields: { s: { $sum: '$j._id' } } },
          { $group: { _id: null, s: { $sum: '$s' } } },
        ],
        { maxTimeMS: 10 },
      )
      .toArray()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(err).to.be.instanceOf(MongoServerError);
    expect((err as MongoServerError).code).to.equal(50);
  });
});
