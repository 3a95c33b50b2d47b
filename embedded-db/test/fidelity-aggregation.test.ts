/**
 * Aggregation fidelity (issue #15): `$percentile`/`$median`, `$setWindowFields`, the `let` option, `$merge` and
 * views — through the real driver.
 */
import { expect } from 'chai';

import { openDbFixture, serverError, type DbFixture, type LooseDoc } from './helpers.js';

describe('db fidelity: aggregation', () => {
  let fx: DbFixture;
  before(async () => {
    fx = await openDbFixture('fid_agg');
    await fx.db
      .collection<LooseDoc>('nums')
      .insertMany(
        Array.from({ length: 10 }, (_, i) => ({ _id: i + 1, x: i + 1, g: i % 2 ? 'odd' : 'even' })),
      );
  });
  after(async () => {
    await fx.close();
  });
  const nums = () => fx.db.collection<LooseDoc>('nums');

  it('$median and $percentile give the values mongod gives (median of 1..10 is 5)', async () => {
    const [r] = await nums()
      .aggregate([
        {
          $group: {
            _id: null,
            m: { $median: { input: '$x', method: 'approximate' } },
            p: { $percentile: { input: '$x', p: [0.1, 0.5, 0.9, 1], method: 'approximate' } },
          },
        },
      ])
      .toArray();
    expect(r?.m).to.equal(5);
    expect(r?.p).to.deep.equal([1, 5, 9, 10]);
    const [e] = await nums()
      .aggregate([
        { $limit: 1 },
        { $project: { _id: 0, m: { $median: { input: [10, 2, 30, 4], method: 'approximate' } } } },
      ])
      .toArray();
    expect(e).to.deep.equal({ m: 4 });
  });

  it('$setWindowFields computes running totals and ranks per partition (and refuses $function)', async () => {
    const rows = await nums()
      .aggregate([
        {
          $setWindowFields: {
            partitionBy: '$g',
            sortBy: { x: 1 },
            output: {
              running: { $sum: '$x', window: { documents: ['unbounded', 'current'] } },
              rank: { $rank: {} },
            },
          },
        },
        { $match: { g: 'odd' } },
        { $sort: { x: 1 } },
        { $limit: 3 },
        { $project: { _id: 0, x: 1, running: 1, rank: 1 } },
      ])
      .toArray();
    expect(rows).to.deep.equal([
      { x: 2, running: 2, rank: 1 },
      { x: 4, running: 6, rank: 2 },
      { x: 6, running: 12, rank: 3 },
    ]);
    // scripts stay off for the caller: $function inside the stage is refused, not run
    const e = await serverError(
      nums()
        .aggregate([
          {
            $setWindowFields: {
              sortBy: { x: 1 },
              output: { f: { $max: { $function: { body: 'return 1', args: [], lang: 'js' } } } },
            },
          },
        ])
        .toArray(),
    );
    expect(e.message).to.match(/\$function/);
  });

  it('the let option reaches $expr in aggregate, find, update, delete and findOneAndUpdate', async () => {
    const c = fx.db.collection<LooseDoc>('let_coll');
    await c.insertMany([
      { _id: 1, x: 1 },
      { _id: 2, x: 2 },
      { _id: 3, x: 3 },
    ]);
    const agg = await c
      .aggregate(
        [{ $match: { $expr: { $gte: ['$x', '$$min'] } } }, { $project: { y: { $add: ['$x', '$$k'] } } }],
        {
          let: { min: 2, k: 10 },
        },
      )
      .toArray();
    expect(agg).to.deep.equal([
      { _id: 2, y: 12 },
      { _id: 3, y: 13 },
    ]);
    expect(await c.find({ $expr: { $eq: ['$x', '$$v'] } }, { let: { v: 3 } }).toArray()).to.deep.equal([
      { _id: 3, x: 3 },
    ]);
    const u = await c.updateMany({ $expr: { $lt: ['$x', '$$v'] } }, [{ $set: { tag: '$$t' } }], {
      let: { v: 3, t: 'low' },
    });
    expect(u.modifiedCount).to.equal(2);
    const f = await c.findOneAndUpdate(
      { $expr: { $eq: ['$x', '$$v'] } },
      { $set: { hit: true } },
      { let: { v: 3 }, returnDocument: 'after' },
    );
    expect(f).to.deep.equal({ _id: 3, x: 3, hit: true });
    const d = await c.deleteMany({ $expr: { $eq: ['$tag', '$$t'] } }, { let: { t: 'low' } });
    expect(d.deletedCount).to.equal(2);
  });

  it('$merge inserts, merges, replaces, keeps or fails like mongod', async () => {
    const target = fx.db.collection<LooseDoc>('merge_target');
    await target.insertMany([
      { _id: 1, x: 100, keep: 'yes' },
      { _id: 2, x: 200, keep: 'yes' },
    ]);
    await nums()
      .aggregate([
        { $match: { _id: { $lte: 3 } } },
        { $project: { x: 1 } },
        { $merge: { into: 'merge_target' } },
      ])
      .toArray();
    expect(await target.find().sort({ _id: 1 }).toArray()).to.deep.equal([
      { _id: 1, x: 1, keep: 'yes' },
      { _id: 2, x: 2, keep: 'yes' },
      { _id: 3, x: 3 },
    ]);
    await nums()
      .aggregate([
        { $match: { _id: 1 } },
        { $project: { x: 1 } },
        { $merge: { into: 'merge_target', whenMatched: 'replace' } },
      ])
      .toArray();
    expect(await target.findOne({ _id: 1 })).to.deep.equal({ _id: 1, x: 1 });
    await nums()
      .aggregate([
        { $match: { _id: { $in: [2, 4] } } },
        { $project: { x: 1 } },
        {
          $merge: {
            into: 'merge_target',
            whenMatched: [{ $set: { x: { $add: ['$x', '$$new.x'] } } }],
            whenNotMatched: 'discard',
          },
        },
      ])
      .toArray();
    expect(await target.findOne({ _id: 2 })).to.deep.equal({ _id: 2, x: 4, keep: 'yes' });
    expect(await target.findOne({ _id: 4 })).to.equal(null);
    const e = await serverError(
      nums()
        .aggregate([{ $match: { _id: 5 } }, { $merge: { into: 'merge_target', whenNotMatched: 'fail' } }])
        .toArray(),
    );
    expect(e.code).to.equal(13113);
    // the target's validator applies to what $merge writes, unless bypassDocumentValidation
    await fx.db.command({ collMod: 'merge_target', validator: { x: { $lt: 50 } } });
    const v = await serverError(
      nums()
        .aggregate([{ $match: { _id: 6 } }, { $set: { x: 99 } }, { $merge: { into: 'merge_target' } }])
        .toArray(),
    );
    expect(v.code).to.equal(121);
    await nums()
      .aggregate([{ $match: { _id: 6 } }, { $set: { x: 99 } }, { $merge: { into: 'merge_target' } }], {
        bypassDocumentValidation: true,
      })
      .toArray();
    expect(await target.findOne({ _id: 6 })).to.deep.equal({ _id: 6, x: 99, g: 'odd' });
  });

  it('a view answers find, aggregate, countDocuments and distinct through its pipeline, and refuses writes', async () => {
    await fx.db.createCollection('big_odd', {
      viewOn: 'nums',
      pipeline: [{ $match: { g: 'odd' } }, { $project: { x: 1, g: 1 } }],
    });
    const v = fx.db.collection<LooseDoc>('big_odd');
    expect(
      (
        await v
          .find({ x: { $gt: 5 } })
          .sort({ x: -1 })
          .toArray()
      ).map((d) => d.x),
    ).to.deep.equal([10, 8, 6]);
    expect(await v.countDocuments({ x: { $lt: 5 } })).to.equal(2);
    expect(await v.distinct('g')).to.deep.equal(['odd']);
    const sum = await v.aggregate([{ $group: { _id: null, s: { $sum: '$x' } } }]).toArray();
    expect(sum).to.deep.equal([{ _id: null, s: 30 }]);
    const joined = await fx.db
      .collection<LooseDoc>('merge_target')
      .aggregate([
        { $match: { _id: 2 } },
        { $lookup: { from: 'big_odd', localField: '_id', foreignField: 'x', as: 'odd' } },
        { $unionWith: { coll: 'big_odd', pipeline: [{ $match: { x: 10 } }] } },
      ])
      .toArray();
    expect(joined.map((d) => (d.odd as LooseDoc[] | undefined)?.length ?? d.x)).to.deep.equal([1, 10]);
    const info = await fx.db.listCollections({ name: 'big_odd' }).toArray();
    expect(info[0]).to.include({ name: 'big_odd', type: 'view' });
    const e = await serverError(v.insertOne({ x: 1 }));
    expect(e.code).to.equal(166);
    const indexOnView = await serverError(v.createIndex({ x: 1 }));
    expect(indexOnView.code).to.equal(166);
  });
});
