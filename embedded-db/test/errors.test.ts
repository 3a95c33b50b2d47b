import { expect } from 'chai';
import { Long, MongoServerError } from 'mongodb';
import { openDbFixture, serverError, type DbFixture } from './helpers.js';

describe('db: error replies', () => {
  let fx: DbFixture;
  before(async () => {
    fx = await openDbFixture('errors');
  });
  after(async () => {
    await fx.close();
  });

  it('answers unknown commands with CommandNotFound (59)', async () => {
    const err = await serverError(fx.db.command({ definitelyNotACommand: 1 }));
    expect(err.code).to.equal(59);
    expect(err.codeName).to.equal('CommandNotFound');
    expect(err.message).to.equal("no such command: 'definitelyNotACommand'");
  });

  it('refuses transactions like a standalone mongod (IllegalOperation, 20)', async () => {
    const session = fx.client.startSession();
    try {
      session.startTransaction();
      // The driver rewrites mongod's answer into its "no retryable writes" hint and keeps the original.
      const err = await serverError(fx.db.collection('tx').insertOne({ a: 1 }, { session }));
      const original = (err as MongoServerError & { originalError?: MongoServerError }).originalError ?? err;
      expect(original.code).to.equal(20);
      expect(original.codeName).to.equal('IllegalOperation');
      expect(original.message).to.equal(
        'Transaction numbers are only allowed on a replica set member or mongos',
      );
      await session.abortTransaction().catch(() => {});
    } finally {
      await session.endSession();
    }
    expect(await fx.db.collection('tx').countDocuments()).to.equal(0);
    const raw = await serverError(
      fx.db.command({
        insert: 'tx',
        documents: [{ a: 1 }],
        txnNumber: Long.fromNumber(1),
        autocommit: false,
        startTransaction: true,
      }),
    );
    expect(raw.code).to.equal(20);
    const commit = await serverError(
      fx.db.admin().command({ commitTransaction: 1, txnNumber: Long.fromNumber(1), autocommit: false }),
    );
    expect(commit.code).to.equal(20);
  });

  it('rejects changing _id (ImmutableField, 66)', async () => {
    const c = fx.db.collection('immutable');
    await c.insertOne({ _id: 1, a: 1 } as never);
    const err = await serverError(c.updateOne({ _id: 1 } as never, { $set: { _id: 2 } }));
    expect(err.code).to.equal(66);
    const rep = await serverError(c.replaceOne({ _id: 1 } as never, { _id: 3, a: 2 } as never));
    expect(rep.code).to.equal(66);
    expect(await c.findOne({ _id: 1 } as never)).to.deep.equal({ _id: 1, a: 1 });
  });

  it('rejects unknown update operators (FailedToParse, 9) and conflicting paths (40)', async () => {
    const c = fx.db.collection('badupdate');
    await c.insertOne({ a: 1 });
    const err = await serverError(
      fx.db.command({ update: 'badupdate', updates: [{ q: {}, u: { $foo: { a: 1 } } }] }).then((r) => {
        if (r.writeErrors) throw new MongoServerError(r.writeErrors[0]);
        return r;
      }),
    );
    expect(err.code).to.equal(9);
    const conflict = await serverError(c.updateOne({}, { $set: { a: 1 }, $inc: { a: 1 } }));
    expect(conflict.code).to.equal(40);
    expect(conflict.codeName ?? 'ConflictingUpdateOperators').to.equal('ConflictingUpdateOperators');
  });

  it('rejects arithmetic on non-numeric values (TypeMismatch, 14)', async () => {
    const c = fx.db.collection('arith');
    await c.insertOne({ _id: 1, name: 'x', n: 1 } as never);
    const err = await serverError(c.updateOne({ _id: 1 } as never, { $inc: { name: 1 } }));
    expect(err.code).to.equal(14);
    expect(err.message).to.equal(
      "Cannot apply $inc to a value of non-numeric type. {_id: 1} has the field 'name' of non-numeric type string",
    );
    const arg = await serverError(c.updateOne({ _id: 1 } as never, { $inc: { n: 'two' as never } }));
    expect(arg.code).to.equal(14);
    expect(await c.findOne({ _id: 1 } as never)).to.deep.equal({ _id: 1, name: 'x', n: 1 });
  });

  it('rejects creating an existing collection (NamespaceExists, 48)', async () => {
    await fx.db.createCollection('exists');
    const err = await serverError(fx.db.createCollection('exists'));
    expect(err.code).to.equal(48);
    expect(err.codeName).to.equal('NamespaceExists');
  });

  it('rejects invalid delete limits and bad query operators', async () => {
    const limit = await fx.db.command({ delete: 'x', deletes: [{ q: {}, limit: 5 }] });
    expect(limit.writeErrors?.[0]?.code).to.equal(9);
    const bad = await serverError(
      fx.db
        .collection('x')
        .find({ a: { $notAnOperator: 1 } })
        .toArray(),
    );
    expect(bad.code).to.equal(2);
    expect(bad.codeName).to.equal('BadValue');
  });

  it('requires the cursor option for aggregate', async () => {
    const err = await serverError(fx.db.command({ aggregate: 'x', pipeline: [] }));
    expect(err.code).to.equal(9);
  });
});
