/**
 * `$lookup` by localField/foreignField read by key (query/lookup.ts, engine/lookup.ts): the same answer as the
 * whole-collection join. The `let: {}` option sends a pipeline down the old path (mingo's `$lookup` over the
 * whole foreign collection: a command with `let` variables is never read by key), so each case compares both.
 */
import { expect } from 'chai';
import { type Document, ObjectId } from 'mongodb';
import { openDbFixture, type DbFixture, type LooseDoc, usingEmbedded } from './helpers.js';

const OID = new ObjectId('64b000000000000000000001');
const DATE = new Date('2024-01-02T03:04:05Z');

/** Foreign documents: values of `k` of every kind the join distinguishes, `_id`s inserted out of order. */
const FOREIGN: LooseDoc[] = [
  { _id: 9, k: 1, s: { k: 1 }, arr: [{ k: 1 }, { k: 2 }] },
  { _id: 2, k: 1, s: { k: 2 }, arr: [{ k: 3 }] },
  { _id: 'x', k: [1, 2], s: { k: [1, 2] }, arr: [{ k: [1, 2] }] },
  { _id: 4, k: null, s: { k: null }, arr: [{ k: null }] },
  { _id: 7, s: {}, arr: [{}] },
  { _id: 3, k: [null, 3], s: { k: 3 } },
  { _id: 5, k: 2, s: { k: 2 }, arr: [{ k: 2 }, { k: 2 }] },
  { _id: 6, k: '1', s: { k: '1' } },
  { _id: 'a', k: [[1]], s: { k: [[1]] } },
  { _id: 10, k: { a: 1 } },
  { _id: 11, k: DATE },
  { _id: 12, k: OID },
  { _id: 13, k: 1.5 },
  { _id: 14, k: true },
  { _id: 15, k: [] },
  { _id: 1, k: 1 },
  { _id: OID, k: 2 },
  { _id: DATE, k: 1 },
];

/** Local values: scalars, arrays (order, duplicates, misses), missing and null, and values no index looks up. */
const LOCAL: LooseDoc[] = [
  { _id: 'scalar', v: 1 },
  { _id: 'array', v: [2, 1] },
  { _id: 'array with a miss', v: [1, 99] },
  { _id: 'duplicates', v: [1, 1, 2] },
  { _id: 'missing' },
  { _id: 'null', v: null },
  { _id: 'array of null', v: [null] },
  { _id: 'empty array', v: [] },
  { _id: 'nested array', v: [[1]] },
  { _id: 'string', v: '1' },
  { _id: 'date', v: DATE },
  { _id: 'objectid', v: OID },
  { _id: 'document', v: { a: 1 } },
  { _id: 'boolean', v: true },
  { _id: 'double', v: 1.5 },
  { _id: 'absent value', v: 99 },
  { _id: 'id values', v: [OID, 9, 'x', DATE] },
  { _id: 'again scalar', v: 1 },
];

/** Collections holding FOREIGN, each answering the join another way. */
const FOREIGNS: Array<{ name: string; indexes: Document[] }> = [
  { name: 'f_scan', indexes: [] },
  { name: 'f_index', indexes: [{ k: 1 }, { 's.k': 1 }, { 'arr.k': 1 }] },
  // keys in `z` order within each `k`, which is not the natural order
  { name: 'f_compound', indexes: [{ k: 1, z: 1 }] },
  { name: 'f_sparse', indexes: [{ k: 1, sparse: true }] },
];

describe('db: $lookup read by key answers like the whole-collection join', function () {
  this.timeout(60000);
  let fx: DbFixture;
  before(async () => {
    fx = await openDbFixture('indexed_lookup');
    await fx.db.collection<LooseDoc>('local').insertMany(LOCAL.map((d) => ({ ...d })));
    for (const { name, indexes } of FOREIGNS) {
      await fx.db
        .collection<LooseDoc>(name)
        .insertMany(FOREIGN.map((d, i) => ({ ...d, z: FOREIGN.length - i })));
      for (const { sparse, ...key } of indexes)
        await fx.db.collection(name).createIndex(key as Document, sparse ? { sparse: true } : {});
    }
  });
  after(async () => {
    await fx?.close();
  });

  /** The pipeline's answer read by key, after checking it against the old path's. */
  async function both(coll: string, pipeline: Document[]): Promise<Document[]> {
    const byKey = await fx.db.collection(coll).aggregate(pipeline).toArray();
    const whole = await fx.db.collection(coll).aggregate(pipeline, { let: {} }).toArray();
    expect(byKey, JSON.stringify(pipeline)).to.deep.equal(whole);
    return byKey;
  }

  const ids = (docs: Document[], as = 'j'): Record<string, unknown[]> =>
    Object.fromEntries(
      docs.map((d) => [String(d._id), (d[as] as Array<Document | null>).map((f) => f?._id ?? f)]),
    );

  for (const { name } of FOREIGNS) {
    it(`joins every kind of local value with ${name} as before (top-level, dotted and array-of-documents foreign fields, _id)`, async () => {
      for (const foreignField of ['k', 's.k', 'arr.k', '_id'])
        await both('local', [{ $lookup: { from: name, localField: 'v', foreignField, as: 'j' } }]);
      // the other direction: foreign values as local values
      for (const localField of ['k', 's.k', 'arr.k'])
        await both(name, [{ $lookup: { from: name, localField, foreignField: 'k', as: 'j' } }]);
      // after other stages, into a missing collection, with a dotted `as`
      await both('local', [
        { $match: { _id: { $in: ['scalar', 'array', 'missing'] } } },
        { $lookup: { from: name, localField: 'v', foreignField: 'k', as: 'j.deep' } },
        { $lookup: { from: 'no_such_collection', localField: 'v', foreignField: 'k', as: 'none' } },
        { $sort: { _id: 1 } },
      ]);
    });
  }

  it('gives mingo’s order and matches: natural order per key, the local array’s order across keys, each document once', async function () {
    if (!usingEmbedded) return this.skip(); // MongoDB orders an array's matches by the foreign collection alone
    const out = await both('local', [
      { $match: { _id: { $in: ['scalar', 'array', 'duplicates', 'missing', 'null', 'string', 'double'] } } },
      { $lookup: { from: 'f_index', localField: 'v', foreignField: 'k', as: 'j' } },
      { $sort: { _id: 1 } },
    ]);
    expect(ids(out)).to.deep.equal({
      // natural order is `_id` order (numbers, strings, ObjectIds, dates), not insertion order
      scalar: [1, 2, 9, 'x', DATE],
      array: [5, 'x', OID, 1, 2, 9, DATE],
      duplicates: [1, 2, 9, 'x', DATE, 5, OID],
      // a missing or null local value joins null and missing foreign fields (and arrays holding null)
      missing: [3, 4, 7],
      null: [3, 4, 7],
      string: [6],
      double: [13],
    });
  });

  it('reads the foreign collection through its index or _id (accesses in $indexStats) and not without', async function () {
    if (!usingEmbedded) return this.skip(); // the old path ignoring indexes is the embedded engine's
    const accesses = async (coll: string, name: string): Promise<number> => {
      const stats = await fx.db
        .collection(coll)
        .aggregate([{ $indexStats: {} }])
        .toArray();
      return Number((stats.find((s) => s.name === name)?.accesses as Document).ops);
    };
    const pipeline = (foreignField: string): Document[] => [
      { $match: { _id: 'scalar' } },
      { $lookup: { from: 'f_index', localField: 'v', foreignField, as: 'j' } },
    ];
    const [k0, id0] = [await accesses('f_index', 'k_1'), await accesses('f_index', '_id_')];
    await fx.db.collection('local').aggregate(pipeline('k')).toArray();
    await fx.db.collection('local').aggregate(pipeline('_id')).toArray();
    expect(await accesses('f_index', 'k_1')).to.equal(k0 + 1);
    expect(await accesses('f_index', '_id_')).to.equal(id0 + 1);
    await fx.db.collection('local').aggregate(pipeline('k'), { let: {} }).toArray();
    expect(await accesses('f_index', 'k_1')).to.equal(k0 + 1);
  });
});
