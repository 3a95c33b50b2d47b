/**
 * Matching on the fields a filter names (src/query/partial.ts): the small document built from the
 * stored BSON must decode to exactly those fields of the whole document, for every BSON type; a filter
 * that may read anything must not be narrowed; and through the driver, a search that reads many
 * documents finds the same ones, counts the same, and returns whole documents.
 */
import { expect } from 'chai';
import {
  Binary,
  BSONRegExp,
  BSONSymbol,
  Code,
  DBRef,
  Decimal128,
  deserialize,
  Double,
  Int32,
  Long,
  MaxKey,
  MinKey,
  ObjectId,
  serialize,
  Timestamp,
} from 'bson';
import { fieldNames, filterFields, selectFields } from '../src/query/partial.js';
import { openDbFixture, type DbFixture, type LooseDoc } from './helpers.js';

const everyType = {
  _id: new ObjectId(),
  double: new Double(1.5),
  string: 'söme text',
  doc: { nested: { deeper: [1, 'two'] } },
  array: [1, { a: 2 }, [3]],
  binary: new Binary(Buffer.from('bytes'), 4),
  undef: undefined,
  oid: new ObjectId(),
  boolTrue: true,
  date: new Date(1_700_000_000_000),
  nil: null,
  regex: new BSONRegExp('^a.*z$', 'i'),
  dbref: new DBRef('coll', new ObjectId()),
  code: new Code('function () { return 1; }'),
  symbol: new BSONSymbol('sym'),
  codeWithScope: new Code('x + 1', { x: 1 }),
  int32: new Int32(7),
  timestamp: new Timestamp({ t: 5, i: 6 }),
  int64: Long.fromString('9007199254740993'),
  decimal: Decimal128.fromString('12.345'),
  min: new MinKey(),
  max: new MaxKey(),
  'dotted.name': 'kept whole',
  last: 'end',
};

describe('db: matching on the fields a filter names', () => {
  it('names the top-level fields of field conditions, through $and/$or/$nor', () => {
    expect(
      [...filterFields({ a: 1, 'b.c': { $gt: 2 }, $or: [{ d: 1 }, { $and: [{ 'e.f.g': 1 }] }] })!].sort(),
    ).to.deep.equal(['a', 'b', 'd', 'e']);
    expect(
      [...filterFields({ x: { $elemMatch: { y: 1 } }, $nor: [{ z: null }], $comment: 'why' })!].sort(),
    ).to.deep.equal(['x', 'z']);
  });

  it('declines filters that may read the whole document', () => {
    for (const filter of [
      { $expr: { $eq: ['$a', 1] } },
      { a: 1, $where: 'this.a == 1' },
      { $text: { $search: 'x' } },
      { $jsonSchema: { required: ['a'] } },
      { $or: [{ a: 1 }, { $expr: true }] },
    ])
      expect(filterFields(filter), JSON.stringify(filter)).to.equal(null);
  });

  it('copies exactly the named elements of every BSON type, in stored order', () => {
    const bytes = Buffer.from(serialize(everyType, { ignoreUndefined: false }));
    const whole = deserialize(bytes, { promoteValues: false, promoteLongs: false, bsonRegExp: true });
    const names = Object.keys(everyType);
    for (const name of names) {
      const part = selectFields(bytes, fieldNames(new Set([name, 'last'])));
      expect(part, name).to.not.equal(null);
      const decoded = deserialize(part!, { promoteValues: false, promoteLongs: false, bsonRegExp: true });
      expect(Object.keys(decoded), name).to.deep.equal(name === 'last' ? ['last'] : [name, 'last']);
      expect(decoded[name], name).to.deep.equal(whole[name]);
    }
    const none = selectFields(bytes, fieldNames(new Set(['absent'])));
    expect(deserialize(none!)).to.deep.equal({});
    // A name that is a prefix of another's is not confused with it.
    expect(Object.keys(deserialize(selectFields(bytes, fieldNames(new Set(['dotted'])))!))).to.deep.equal([]);
  });

  describe('through the driver', () => {
    let fx: DbFixture;
    before(async () => {
      fx = await openDbFixture('partial_match');
    });
    after(() => fx.close());

    it('finds, counts and returns whole the entries a search over several fields matches', async () => {
      const c = fx.db.collection<LooseDoc>('logs');
      await c.createIndex({ app: 1, at: -1 });
      const endpoints = ['/api/auth/login', '/api/v1/projects', '/api/v1/tokens'];
      await c.insertMany(
        Array.from({ length: 600 }, (_, i) => ({
          app: i % 2,
          at: new Date(1_700_000_000_000 + i * 1000),
          action: i % 7 === 0 ? 'user.LOGIN' : 'api.request',
          endpoint: endpoints[i % 3],
          payload: { big: 'x'.repeat(200), n: new Long(i) },
        })),
      );
      const pattern = { $regex: 'login', $options: 'i' };
      const filter = { app: 0, $or: [{ action: pattern }, { endpoint: pattern }] };
      const expected = Array.from({ length: 600 }, (_, i) => i).filter(
        (i) => i % 2 === 0 && (i % 7 === 0 || i % 3 === 0),
      );
      const found = await c.find(filter).sort({ at: -1 }).limit(50).toArray();
      expect(found.map((d) => (d.payload as { n: number }).n)).to.deep.equal(expected.reverse().slice(0, 50));
      expect(found[0]).to.have.keys(['_id', 'app', 'at', 'action', 'endpoint', 'payload']);
      expect(await c.countDocuments(filter)).to.equal(expected.length);
      // A filter reading the whole document still works (decoded whole).
      expect(await c.countDocuments({ app: 0, $expr: { $eq: ['$action', 'user.LOGIN'] } })).to.equal(
        expected.filter((i) => i % 7 === 0).length,
      );
    });
  });
});
