/**
 * The embedded engine's direct path for counter and stamp updates (applySimpleUpdate) must give
 * exactly mingo's result — the document and the modified fields — or step aside (null, document
 * untouched) so mingo does the update. Then through the driver: a counter upsert as the analytics
 * rollups send it, and nModified for an update that changes nothing.
 */
import { expect } from 'chai';
import { update as mingoUpdate } from 'mingo/updater';
import { applySimpleUpdate } from '../src/query/update-ops.js';
import { openDbFixture, type DbFixture, type LooseDoc } from './helpers.js';

type Doc = Record<string, unknown>;
const clone = (doc: Doc) => structuredClone(doc);

const cases: Array<[string, Doc, Doc]> = [
  ['$inc of an existing and a missing counter', { a: 1 }, { $inc: { a: 2, b: 5 } }],
  ['$inc by 0 changes nothing', { a: 1 }, { $inc: { a: 0 } }],
  [
    '$inc on nested paths created on the way',
    { e: { x: { n: 1 } } },
    { $inc: { 'e.x.n': 1, 'e.y.n': 1, 'e.y.lat.3': 1 } },
  ],
  ['$inc with a fraction', { ms: 1.25 }, { $inc: { ms: 2.5 } }],
  ['$max raising, keeping, and creating', { a: 5, b: 1 }, { $max: { a: 3, b: 7, c: 2 } }],
  [
    '$set of primitives, null and a date',
    { a: 1, d: new Date(5) },
    { $set: { a: 'x', n: null, d: new Date(6), 'p.q': true } },
  ],
  [
    '$set of the same values changes nothing',
    { a: 'x', d: new Date(5) },
    { $set: { a: 'x', d: new Date(5) } },
  ],
  [
    '$bit or/and/xor including bit 31',
    { u: { '0': 1 } },
    { $bit: { 'u.0': { or: 4 }, 'u.3': { or: 1 << 31 }, x: { and: 6 }, y: { xor: 3 } } },
  ],
  ['$bit setting bits already set', { u: { '0': 5 } }, { $bit: { 'u.0': { or: 1 } } }],
  [
    '$inc and $bit and $max together',
    { requests: 1 },
    { $inc: { requests: 1, 'latency.2': 1 }, $max: { max_ms: 9 }, $bit: { 'w.1': { or: 2 } } },
  ],
];

const declined: Array<[string, Doc, Doc]> = [
  ['a path through an array', { a: [{ n: 1 }] }, { $inc: { 'a.0.n': 1 } }],
  ['$inc of a string', { a: 'x' }, { $inc: { a: 1 } }],
  ['$set of an object', { a: 1 }, { $set: { b: { c: 1 } } }],
  ['$max of a string', { a: 'x' }, { $max: { a: 'y' } }],
  ['$min (not covered)', { a: 1 }, { $min: { a: 0 } }],
  ['$push (not covered)', { a: [] }, { $push: { a: 1 } }],
  ['$bit on a number beyond 32 bits', { a: 2 ** 40 }, { $bit: { a: { or: 1 } } }],
  ['a path under a scalar', { a: 1 }, { $inc: { 'a.b': 1 } }],
];

describe('db: direct counter and stamp updates (applySimpleUpdate)', () => {
  for (const [name, doc, ops] of cases) {
    it(`matches mingo: ${name}`, () => {
      const direct = clone(doc);
      const viaMingo = clone(doc);
      const fields = applySimpleUpdate(direct, ops);
      const mingoFields = mingoUpdate(viaMingo, ops as never, undefined, undefined, { cloneMode: 'deep' });
      expect(fields, 'handled directly').to.not.equal(null);
      expect(direct).to.deep.equal(viaMingo);
      expect([...fields!].sort()).to.deep.equal([...mingoFields].sort());
    });
  }
  for (const [name, doc, ops] of declined) {
    it(`leaves to mingo, untouched: ${name}`, () => {
      const direct = clone(doc);
      expect(applySimpleUpdate(direct, ops)).to.equal(null);
      expect(direct).to.deep.equal(doc);
    });
  }

  describe('through the driver', () => {
    let fx: DbFixture;
    before(async () => {
      fx = await openDbFixture('simple_upd');
    });
    after(() => fx.close());

    it('counts with $inc/$max/$bit upserts and reports an update that changes nothing as unmodified', async () => {
      const c = fx.db.collection<LooseDoc>('counters');
      const upsert = (ms: number, bit: number) =>
        c.updateOne(
          { _id: 'h1' },
          {
            $inc: { requests: 1, 'endpoints.GET /x.n': 1 },
            $max: { max_ms: ms },
            $bit: { 'user.0': { or: bit } },
          },
          { upsert: true },
        );
      expect((await upsert(5, 1)).upsertedCount).to.equal(1);
      expect((await upsert(3, 1 << 31)).modifiedCount).to.equal(1);
      expect(await c.findOne({ _id: 'h1' })).to.deep.equal({
        _id: 'h1',
        requests: 2,
        endpoints: { 'GET /x': { n: 2 } },
        max_ms: 5,
        user: { '0': 1 | (1 << 31) },
      });
      const unchanged = await c.updateOne(
        { _id: 'h1' },
        { $max: { max_ms: 4 }, $bit: { 'user.0': { or: 1 } } },
      );
      expect(unchanged.matchedCount).to.equal(1);
      expect(unchanged.modifiedCount).to.equal(0);
    });
  });
});
