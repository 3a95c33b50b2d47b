import { expect } from 'chai';
import { MongoClient } from 'mongodb';
import { openDbFixture, type DbFixture } from './helpers.js';

describe('db: concurrent clients', () => {
  let fx: DbFixture;
  const clients: MongoClient[] = [];
  before(async () => {
    fx = await openDbFixture('concurrency');
    for (let i = 0; i < 5; i++) {
      const c = new MongoClient(fx.mongo.uri, { maxPoolSize: 4 });
      await c.connect();
      clients.push(c);
    }
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await fx.close();
  });

  it('keeps $inc counters exact under concurrent updates from many clients', async () => {
    await fx.db.collection('counters').insertOne({ _id: 'hits', n: 0 } as never);
    await Promise.all(
      clients.flatMap((c) =>
        Array.from({ length: 40 }, () =>
          c
            .db(fx.dbName)
            .collection('counters')
            .updateOne({ _id: 'hits' } as never, { $inc: { n: 1 } }),
        ),
      ),
    );
    expect((await fx.db.collection('counters').findOne({ _id: 'hits' } as never))?.n).to.equal(200);
  });

  it('lets exactly one of many racing inserts win a unique key', async () => {
    const coll = fx.db.collection('claims');
    await coll.createIndex({ name: 1 }, { unique: true });
    const results = await Promise.allSettled(
      clients.flatMap((c) =>
        Array.from({ length: 6 }, (_, i) =>
          c.db(fx.dbName).collection('claims').insertOne({ name: 'taken', by: i }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).to.have.length(1);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected).to.have.length(29);
    for (const r of rejected) expect((r.reason as { code?: number }).code).to.equal(11000);
    expect(await coll.countDocuments()).to.equal(1);
  });

  it('serves parallel inserts and reads consistently', async () => {
    await Promise.all(
      clients.map((c, ci) =>
        c
          .db(fx.dbName)
          .collection('par')
          .insertMany(Array.from({ length: 200 }, (_, i) => ({ ci, i }))),
      ),
    );
    const counts = await Promise.all(
      clients.map((c, ci) => c.db(fx.dbName).collection('par').countDocuments({ ci })),
    );
    expect(counts).to.deep.equal([200, 200, 200, 200, 200]);
  });
});
