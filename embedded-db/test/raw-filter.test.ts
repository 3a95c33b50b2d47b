/**
 * Filters decided on stored BSON (src/query/raw-filter.ts): for every pair of a value of some BSON type
 * and a filter, the compiled test either answers what mingo answers on the decoded document (the engine's
 * general path, which the conformance suites hold to mongod) or leaves the document to it. It must decide
 * the log screens' conditions (strings, dates, ids, numbers) on its own, or the fast path is never taken.
 */
import { expect } from 'chai';
import {
  Binary,
  BSONRegExp,
  BSONSymbol,
  Decimal128,
  deserialize,
  Double,
  Int32,
  Long,
  ObjectId,
  serialize,
  Timestamp,
} from 'bson';
import { compileRawFilter } from '../src/query/raw-filter.js';
import { Query } from '../src/query/query.js';
import { EXACT_DECODE, normalizeDoc } from '../src/bson/types.js';
import type { Doc } from '../src/bson/values.js';
import { openDbFixture, type DbFixture, type LooseDoc } from './helpers.js';
import { MINGO_OPTIONS } from '../src/query/mingo.js';

const idA = new ObjectId();
const idB = new ObjectId();

/** Values of `v` (undefined: the field is missing). */
const values: unknown[] = [
  'login page',
  'LOGIN',
  'other',
  '',
  'ünïcödé login 😀',
  ['login', 'x'],
  [],
  [5, 6],
  null,
  undefined,
  5,
  new Int32(5),
  new Long(5),
  Long.fromString('9007199254740993'),
  new Double(4.5),
  new Double(NaN),
  new Double(Infinity),
  Decimal128.fromString('5'),
  new Date(1000),
  new Date(2000),
  new Date(-5000),
  new Timestamp({ t: 1, i: 1 }),
  idA,
  idB,
  true,
  false,
  { a: 1 },
  new BSONRegExp('login', 'i'),
  new BSONSymbol('login'),
  new Binary(Buffer.from('login')),
];

const filters: Doc[] = [
  { v: /login/i },
  { v: { $regex: 'login', $options: 'i' } },
  { v: { $regex: 'LOGIN' } },
  { v: { $regex: 'ünïcödé' } },
  { v: 'LOGIN' },
  { v: { $eq: 'other' } },
  { v: '' },
  { v: 5 },
  { v: { $gte: 5 } },
  { v: { $lt: 5 } },
  { v: { $gt: 4.5, $lte: 5 } },
  { v: { $gt: -Infinity } },
  { v: { $gte: new Date(1500) } },
  { v: { $lt: new Date(1500) } },
  { v: { $lte: new Date(1000), $gt: new Date(-6000) } },
  { v: idA },
  { v: { $eq: idB } },
  { v: true },
  { v: false },
  { v: null },
  { v: { $eq: null } },
  { v: null, w: { $gte: 1 } },
  { $or: [{ v: /log/ }, { w: 1 }] },
  { $and: [{ v: { $gte: new Date(0) } }, { w: { $lt: 3 } }] },
  { v: { $regex: 'login' }, w: { $gte: 1 } },
  { $or: [{ v: { $regex: 'x', $options: 'i' } }, { v: { $regex: 'page' } }, { w: { $regex: 'login' } }] },
];

/** Values of `w`, the second field the combined filters read. */
const others: unknown[] = [undefined, 1, 2, new Int32(3), 'login', [1]];

/** A value as the engine holds it (decoded exactly, then normalized), like a stored document or a filter. */
function engineForm(doc: Doc): Doc {
  return normalizeDoc(deserialize(serialize(doc), EXACT_DECODE) as Doc).doc;
}

describe('db: filters decided on stored BSON', () => {
  it('answers like mingo on the decoded document wherever it answers, for every BSON type', () => {
    let decided = 0;
    let total = 0;
    for (const filter of filters) {
      const engineFilter = engineForm(filter);
      const test = compileRawFilter(engineFilter);
      expect(test, JSON.stringify(filter)).to.be.a('function');
      const query = new Query(engineFilter, MINGO_OPTIONS);
      for (const v of values) {
        for (const w of others) {
          const doc: Doc = { _id: new ObjectId(), before: 'x' };
          if (v !== undefined) doc.v = v;
          if (w !== undefined) doc.w = w;
          doc.after = [1, 2];
          const bytes = serialize(doc);
          const expected = query.test(engineForm(doc));
          const answer = test!(Buffer.from(bytes));
          total++;
          if (answer === undefined) continue;
          decided++;
          expect(
            answer,
            `${JSON.stringify(filter)} on v=${String(v)} (${typeof v}), w=${String(w)}`,
          ).to.equal(expected);
        }
      }
    }
    // strings, dates, ids, booleans and plain numbers are decided here; arrays and exotic numbers are not
    expect(decided / total).to.be.greaterThan(0.7);
  });

  it('decides the log search on strings and leaves arrays to the general path', () => {
    const test = compileRawFilter(
      engineForm({
        $or: [{ action: { $regex: 'login', $options: 'i' } }, { endpoint: { $regex: 'login' } }],
      }),
    )!;
    const bytes = (doc: Doc) => Buffer.from(serialize(doc));
    expect(test(bytes({ action: 'api.request', endpoint: '/api/auth/login' }))).to.equal(true);
    expect(test(bytes({ action: 'api.request', endpoint: '/api/v1/projects' }))).to.equal(false);
    expect(test(bytes({ action: 'User.LOGIN' }))).to.equal(true);
    expect(test(bytes({ action: ['login'], endpoint: '/x' }))).to.equal(undefined);
  });

  it('decides null equality on null and missing fields (a refresh rotation filters on revoked_at: null)', () => {
    const test = compileRawFilter(engineForm({ revoked_at: null, expires_at: { $gt: new Date(1000) } }))!;
    const bytes = (doc: Doc) => Buffer.from(serialize(doc));
    expect(test(bytes({ revoked_at: null, expires_at: new Date(2000) }))).to.equal(true);
    expect(test(bytes({ expires_at: new Date(2000) }))).to.equal(true);
    expect(test(bytes({ revoked_at: new Date(1), expires_at: new Date(2000) }))).to.equal(false);
    expect(test(bytes({ revoked_at: [null], expires_at: new Date(2000) }))).to.equal(undefined);
  });

  it('compiles nothing it cannot decide: dotted paths, $in, $not, $expr, null ranges, embedded documents, x flag', () => {
    for (const filter of [
      { 'a.b': 1 },
      { v: { $in: [1, 2] } },
      { v: { $not: /x/ } },
      { $expr: { $eq: ['$a', 1] } },
      { v: { $gt: null } },
      { v: { a: 1 } },
      { v: { $regex: 'a b', $options: 'x' } },
      { v: { $gte: 'a' } },
      { $nor: [{ v: 1 }] },
    ] as Doc[])
      expect(compileRawFilter(engineForm(filter)), JSON.stringify(filter)).to.equal(null);
  });

  describe('through the driver', () => {
    let fixture: DbFixture;
    before(async () => {
      fixture = await openDbFixture('rawfilter');
    });
    after(async () => fixture?.close());

    it('finds and counts the same documents as the general path, whatever the types of the fields', async () => {
      const coll = fixture.db.collection<LooseDoc>('mixed');
      await coll.insertMany(
        values.flatMap((v, i) =>
          others.map((w, j) => {
            const doc: LooseDoc = { n: i * 100 + j };
            if (v !== undefined) doc.v = v;
            if (w !== undefined) doc.w = w;
            return doc;
          }),
        ),
      );
      for (const filter of filters) {
        const found = (await coll.find(filter).sort({ n: 1 }).toArray()).map((d) => d.n as number);
        // $where cannot be compiled: the same filter evaluated the general way as the reference
        const reference = (
          await coll
            .find({ $and: [filter, { $expr: { $eq: [1, 1] } }] })
            .sort({ n: 1 })
            .toArray()
        ).map((d) => d.n as number);
        expect(found, JSON.stringify(filter)).to.deep.equal(reference);
        expect(await coll.countDocuments(filter)).to.equal(reference.length);
      }
    });
  });
});
