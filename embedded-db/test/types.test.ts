import { expect } from 'chai';
import {
  Binary,
  BSON,
  Decimal128,
  Double,
  Int32,
  Long,
  MinKey,
  ObjectId,
  Timestamp,
  UUID,
  type Document,
} from 'mongodb';
import { openDbFixture, type DbFixture } from './helpers.js';

describe('db: BSON type fidelity', () => {
  let fx: DbFixture;
  before(async () => {
    fx = await openDbFixture('types');
  });
  after(async () => {
    await fx.close();
  });

  const raw = { promoteValues: false, promoteLongs: false, promoteBuffers: false } as const;

  it('round-trips every common BSON type unchanged', async () => {
    const c = fx.db.collection('all');
    const oid = new ObjectId();
    const uuid = new UUID();
    const doc = {
      _id: oid,
      int: new Int32(42),
      dbl: new Double(3),
      frac: 2.5,
      negZeroish: new Double(-1),
      long: Long.fromNumber(7),
      bigLong: Long.fromString('9007199254740993'),
      dec: Decimal128.fromString('12345.6789'),
      bin: new Binary(Buffer.from([0, 1, 2, 255])),
      uuid,
      date: new Date('2024-05-06T07:08:09.010Z'),
      re: /ab+c/i,
      nul: null,
      bool: true,
      str: 'héllo ✓',
      ts: new Timestamp({ t: 1700000000, i: 3 }),
      min: new MinKey(),
      nested: { arr: [new Int32(1), new Double(2), Long.fromNumber(3), { deep: new Double(4) }] },
    };
    await c.insertOne(doc);
    const back = (await c.findOne({ _id: oid }, raw)) as Document;
    expect(back.int).to.be.instanceOf(Int32);
    expect(back.int.value).to.equal(42);
    expect(back.dbl).to.be.instanceOf(Double);
    expect(back.dbl.value).to.equal(3);
    expect(back.frac).to.be.instanceOf(Double);
    expect(back.negZeroish).to.be.instanceOf(Double);
    expect(back.long).to.be.instanceOf(Long);
    expect(back.long.toNumber()).to.equal(7);
    expect(back.bigLong.toString()).to.equal('9007199254740993');
    expect(back.dec).to.be.instanceOf(Decimal128);
    expect(back.dec.toString()).to.equal('12345.6789');
    expect(back.bin).to.be.instanceOf(Binary);
    expect(Buffer.from(back.bin.buffer).equals(Buffer.from([0, 1, 2, 255]))).to.equal(true);
    expect(back.uuid.sub_type).to.equal(4);
    expect(back.uuid.toUUID().toHexString()).to.equal(uuid.toHexString());
    expect(back.date.toISOString()).to.equal('2024-05-06T07:08:09.010Z');
    expect(back.re.source).to.equal('ab+c');
    expect(back.re.flags).to.equal('i');
    expect(back.nul).to.equal(null);
    expect(back.bool).to.equal(true);
    expect(back.str).to.equal('héllo ✓');
    expect(back.ts).to.be.instanceOf(Timestamp);
    expect(back.ts.t).to.equal(1700000000);
    expect(back.min).to.be.instanceOf(MinKey);
    expect(back.nested.arr[0]).to.be.instanceOf(Int32);
    expect(back.nested.arr[1]).to.be.instanceOf(Double);
    expect(back.nested.arr[2]).to.be.instanceOf(Long);
    expect(back.nested.arr[3].deep).to.be.instanceOf(Double);
    expect(back._id.toHexString()).to.equal(oid.toHexString());
  });

  it('keeps numeric types through updates and compares numbers across types', async () => {
    const c = fx.db.collection('upd');
    await c.insertOne({
      _id: 1,
      counter: Long.fromNumber(10),
      price: new Double(5),
      n: new Int32(1),
    } as never);
    await c.updateOne({ _id: 1 } as never, {
      $inc: { counter: 5 },
      $set: { added: new Double(8), l2: Long.fromNumber(2) },
    });
    const back = (await c.findOne({ _id: 1 } as never, raw)) as Document;
    expect(back.counter).to.be.instanceOf(Long);
    expect(back.counter.toNumber()).to.equal(15);
    expect(back.price).to.be.instanceOf(Double);
    expect(back.added).to.be.instanceOf(Double);
    expect(back.l2).to.be.instanceOf(Long);
    expect(back.n).to.be.instanceOf(Int32);
    // numbers compare by value whatever their BSON type
    expect(await c.countDocuments({ counter: 15 })).to.equal(1);
    expect(await c.countDocuments({ counter: { $gt: new Int32(14) } })).to.equal(1);
    expect(await c.countDocuments({ price: Long.fromNumber(5) })).to.equal(1);
  });

  it('matches ObjectId, Date, UUID and Binary values by value', async () => {
    const c = fx.db.collection('match');
    const a = new ObjectId();
    const u = new UUID();
    await c.insertMany([
      { ref: a, at: new Date(1000), u, b: new Binary(Buffer.from('abc')) },
      { ref: new ObjectId(), at: new Date(2000), u: new UUID(), b: new Binary(Buffer.from('abd')) },
    ]);
    expect(await c.countDocuments({ ref: new ObjectId(a.toHexString()) })).to.equal(1);
    expect(await c.countDocuments({ ref: { $in: [new ObjectId(a.toHexString())] } })).to.equal(1);
    expect(await c.countDocuments({ at: { $gt: new Date(1500) } })).to.equal(1);
    expect(await c.countDocuments({ at: new Date(1000) })).to.equal(1);
    expect(await c.countDocuments({ u: new UUID(u.toHexString()) })).to.equal(1);
    expect(await c.countDocuments({ b: new Binary(Buffer.from('abc')) })).to.equal(1);
    const sorted = await c.find({}, { sort: { at: -1 } }).toArray();
    expect(sorted.map((d) => (d.at as Date).getTime())).to.deep.equal([2000, 1000]);
  });
});

describe('db: inserted documents are stored as received', () => {
  let fx: DbFixture;
  before(async () => {
    fx = await openDbFixture('received');
  });
  after(async () => {
    await fx.close();
  });

  /** The stored BSON of a document, as the server sends it back (the driver leaves it undecoded). */
  async function storedBytes(collection: string, id: unknown): Promise<Buffer> {
    const reply = (await fx.db.command(
      { find: collection, filter: { _id: id }, limit: 1, singleBatch: true },
      { raw: true },
    )) as unknown as { cursor: Buffer };
    // fieldsAsRaw leaves each document of firstBatch as its bytes
    const cursor = BSON.deserialize(reply.cursor, { fieldsAsRaw: { firstBatch: true } });
    return Buffer.from((cursor.firstBatch as Uint8Array[])[0] as Uint8Array);
  }

  it('keeps every value byte for byte: -0.0, doubles with integer values, int64, nested arrays, dotted names', async () => {
    const c = fx.db.collection('bytes');
    const docs: Document[] = [
      {
        _id: new ObjectId(),
        negZero: -0,
        dbl: new Double(5),
        int: new Int32(5),
        long: Long.fromNumber(5),
        dec: Decimal128.fromString('1.10'),
        arr: [new Double(1), [new Int32(2), { x: new Double(-0) }]],
        nested: { d: new Double(6), list: [] },
        // a field name with a dot (allowed since MongoDB 5.0) holding a double with an integer value
        'with.dot': new Double(8),
      },
      { _id: 'text id', s: 'x'.repeat(300), when: new Date(0) },
    ];
    await c.insertMany(docs);
    for (const doc of docs) {
      const sent = Buffer.from(BSON.serialize(doc, { ignoreUndefined: false }));
      expect((await storedBytes('bytes', doc._id)).equals(sent), String(doc._id)).to.equal(true);
    }
    const back = (await c.findOne({ _id: docs[0]!._id }, { promoteValues: false })) as Document;
    expect(Object.is((back.negZero as Double).value, -0), 'negative zero').to.equal(true);
    expect(back.dbl).to.be.instanceOf(Double);
  });

  it('still puts _id first and adds a missing one (then the document is encoded by the server)', async () => {
    const c = fx.db.collection('reordered');
    await c.insertOne({ a: 1, _id: 7 } as Document, { forceServerObjectId: true });
    const stored = BSON.deserialize(await storedBytes('reordered', 7));
    expect(Object.keys(stored)).to.deep.equal(['_id', 'a']);
    await fx.db.command({ insert: 'reordered', documents: [{ b: 2 }] });
    const generated = await c.findOne({ b: 2 });
    expect(generated?._id).to.be.instanceOf(ObjectId);
    expect(Object.keys(generated ?? {})[0]).to.equal('_id');
  });
});
