import { expect } from 'chai';
import { type Collection, MongoClient, MongoServerError, type Document } from 'mongodb';
import { EmbeddedMongoServer } from '../src/index.js';
import { openDbFixture, usingEmbedded, type DbFixture, type LooseDoc } from './helpers.js';

describe('db: field paths cannot reach Object.prototype (embedded server)', function () {
  this.timeout(20000);
  let fx: DbFixture;
  let victims: Collection<LooseDoc>;
  let target: Collection<LooseDoc>;

  before(async function () {
    if (!usingEmbedded) return this.skip(); // about the embedded engine's JavaScript objects
    fx = await openDbFixture('proto');
    victims = fx.db.collection('users');
    await victims.insertMany([{ email: 'a@example.com' }, { email: 'b@example.com' }]);
    target = fx.db.collection('attack');
  });
  after(async () => {
    await fx?.close();
  });

  /** What an attacker would look for: documents of another collection suddenly matching {polluted: …}. */
  async function pollutedMatches(): Promise<number> {
    return (
      (await victims.countDocuments({ polluted: 'yes' })) +
      (await fx.db.collection('fresh').countDocuments({ polluted: { $exists: true } })) +
      (await victims.countDocuments({ x: { $exists: true } }))
    );
  }

  async function refused(label: string, attempt: () => Promise<unknown>): Promise<void> {
    const err = await attempt().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err, `${label} was accepted`).to.be.instanceOf(MongoServerError);
    expect((err as MongoServerError).code, label).to.equal(2);
    expect((err as MongoServerError).message, label).to.match(/__proto__|constructor|prototype/);
  }

  it('refuses an upsert whose filter key is __proto__.polluted, and other collections stay clean', async () => {
    await refused('upsert {"__proto__.polluted": "yes"}', () =>
      target.updateOne({ '__proto__.polluted': 'yes' }, { $set: { seen: 1 } }, { upsert: true }),
    );
    expect(await pollutedMatches()).to.equal(0);
    expect(await victims.find({ polluted: 'yes' }).toArray()).to.deep.equal([]);
  });

  it('refuses __proto__ / constructor / prototype path segments in filters, updates, projections, sorts, indexes and pipelines', async () => {
    await target.deleteMany({});
    await target.insertOne({ _id: 1, a: 1, items: [{ v: 1 }] } as LooseDoc);
    const attempts: Array<[string, () => Promise<unknown>]> = [
      [
        'upsert filter constructor.prototype',
        () =>
          target.updateOne({ 'constructor.prototype.polluted': 'yes' }, { $set: { b: 1 } }, { upsert: true }),
      ],
      [
        'upsert filter inside $and',
        () =>
          target.updateOne(
            { $and: [{ _id: 7 }, { '__proto__.polluted': 'yes' }] },
            { $set: { b: 1 } },
            { upsert: true },
          ),
      ],
      [
        '$set __proto__',
        () => target.updateOne({ _id: 2 }, { $set: { '__proto__.polluted': 'yes' } }, { upsert: true }),
      ],
      [
        '$set constructor.prototype',
        () => target.updateOne({ _id: 1 }, { $set: { 'constructor.prototype.x': 1 } }),
      ],
      [
        '$inc constructor.prototype',
        () => target.updateOne({ _id: 1 }, { $inc: { 'constructor.prototype.x': 1 } }),
      ],
      [
        '$rename target',
        () => target.updateOne({ _id: 1 }, { $rename: { a: 'constructor.prototype.polluted' } }),
      ],
      [
        'arrayFilters identifier path',
        () =>
          target.updateOne(
            { _id: 1 },
            { $set: { 'items.$[e].v': 2 } },
            { arrayFilters: [{ 'e.constructor.prototype.polluted': 'yes' }] },
          ),
      ],
      [
        'pipeline update',
        () => target.updateOne({ _id: 1 }, [{ $set: { 'constructor.prototype.polluted': 'yes' } }]),
      ],
      [
        'findOneAndUpdate upsert',
        () => target.findOneAndUpdate({ '__proto__.polluted': 'yes' }, { $set: { b: 1 } }, { upsert: true }),
      ],
      [
        'replaceOne upsert',
        () => target.replaceOne({ '__proto__.polluted': 'yes' }, { b: 1 }, { upsert: true }),
      ],
      [
        'filter $elemMatch',
        () => target.find({ items: { $elemMatch: { 'constructor.prototype': 1 } } }).toArray(),
      ],
      ['filter $expr', () => target.find({ $expr: { $eq: ['$constructor.prototype', 1] } }).toArray()],
      [
        'projection',
        () => target.find({}, { projection: { 'constructor.prototype.polluted': 'yes' } }).toArray(),
      ],
      ['sort', () => target.find({}).sort({ '__proto__.x': 1 }).toArray()],
      ['distinct', () => target.distinct('constructor.prototype')],
      ['index key', () => target.createIndex({ '__proto__.polluted': 1 })],
      [
        '$addFields',
        () => target.aggregate([{ $addFields: { 'constructor.prototype.polluted': 'yes' } }]).toArray(),
      ],
      ['$project', () => target.aggregate([{ $project: { '__proto__.polluted': 'yes' } }]).toArray()],
      [
        '$group field reference',
        () =>
          target
            .aggregate([{ $group: { _id: null, first: { $first: '$constructor.prototype' } } }])
            .toArray(),
      ],
      [
        '$lookup as',
        () =>
          target
            .aggregate([
              { $lookup: { from: 'users', localField: 'a', foreignField: 'a', as: 'constructor.prototype' } },
            ])
            .toArray(),
      ],
      [
        '$setField',
        () =>
          target
            .aggregate([
              {
                $replaceWith: {
                  $setField: { field: '__proto__', input: '$$ROOT', value: { polluted: 'yes' } },
                },
              },
            ])
            .toArray(),
      ],
    ];
    for (const [label, attempt] of attempts) await refused(label, attempt);
    expect(await pollutedMatches()).to.equal(0);
    // the attacked collection holds exactly what it held before
    expect(await target.find({}).toArray()).to.deep.equal([{ _id: 1, a: 1, items: [{ v: 1 }] }]);
  });

  it('still accepts ordinary field names that merely contain those words', async () => {
    const c = fx.db.collection('names');
    await c.insertOne({ constructorName: 'Ada', my_prototype: 2, meta: { protoVersion: 1 } });
    await c.updateOne({ constructorName: 'Ada' }, { $set: { 'meta.prototypes': [1] } });
    const doc = await c.findOne({ 'meta.protoVersion': 1 }, { projection: { _id: 0 } });
    expect(doc).to.deep.equal({
      constructorName: 'Ada',
      my_prototype: 2,
      meta: { protoVersion: 1, prototypes: [1] },
    });
  });
});

/** A document from JSON text, so that a key named `__proto__` is an own property (an object literal sets the prototype). */
const json = (text: string): Document => JSON.parse(text) as Document;
const hasOwn = (o: unknown, k: string) => Object.prototype.hasOwnProperty.call(o, k);

describe('db: fields named __proto__, constructor and prototype are data (issue #39)', function () {
  // The server runs in this thread (not in its worker) so that its Object.prototype is the one checked here.
  let server: EmbeddedMongoServer;
  let client: MongoClient;
  let c: Collection<LooseDoc>;
  let others: Collection<LooseDoc>;
  const protoNames = () => Object.getOwnPropertyNames(Object.prototype).sort();
  let baseline: string[];

  before(async function () {
    if (!usingEmbedded) return this.skip();
    baseline = protoNames();
    server = await EmbeddedMongoServer.start({ dataDir: null });
    client = new MongoClient(server.uri, { serverSelectionTimeoutMS: 5000 });
    c = client.db('protodata').collection<LooseDoc>('c');
    others = client.db('protodata').collection<LooseDoc>('others');
    await others.insertMany([
      { _id: 1, email: 'a@example.com' },
      { _id: 2, email: 'b@example.com' },
    ]);
  });
  after(async () => {
    await client?.close();
    await server?.stop();
  });

  /** Object.prototype is untouched, and nothing reads as inherited in other documents. */
  async function untouched(): Promise<void> {
    expect(protoNames()).to.deep.equal(baseline);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    expect(await others.countDocuments({ polluted: 'yes' })).to.equal(0);
    expect(await others.countDocuments({ $expr: { $eq: ['$polluted', 'yes'] } })).to.equal(0);
    const projected = await others.aggregate([{ $project: { _id: 0, p: '$polluted', x: '$x' } }]).toArray();
    expect(projected).to.deep.equal([{}, {}]);
    expect(await others.find({}).toArray()).to.deep.equal([
      { _id: 1, email: 'a@example.com' },
      { _id: 2, email: 'b@example.com' },
    ]);
  }

  it('$set of keys named __proto__, constructor and prototype stores them as fields and they round-trip', async () => {
    await c.insertOne({ _id: 1, a: 1, n: 0 });
    const r = await c.updateOne(
      { _id: 1 },
      json('{"$set": {"__proto__": {"polluted": "yes"}, "constructor": "c", "meta.prototype": 2}}'),
    );
    expect(r.modifiedCount).to.equal(1);
    const doc = (await c.findOne({ _id: 1 })) as Document;
    expect(hasOwn(doc, '__proto__')).to.equal(true);
    expect(Object.getPrototypeOf(doc)).to.equal(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(doc, '__proto__')?.value).to.deep.equal({ polluted: 'yes' });
    expect(doc.constructor).to.equal('c');
    expect(doc.meta).to.deep.equal({ prototype: 2 });
    expect(Object.keys(doc)).to.deep.equal(['_id', 'a', 'n', '__proto__', 'constructor', 'meta']);
    // the same again changes nothing
    const again = await c.updateOne({ _id: 1 }, json('{"$set": {"__proto__": {"polluted": "yes"}}}'));
    expect(again.modifiedCount).to.equal(0);
    await untouched();
  });

  it('$rename to and from __proto__ moves the value as data; other updates keep the field; $unset removes it', async () => {
    await c.insertOne({ _id: 2, a: { deep: [1, 2] }, n: 0 });
    await c.updateOne({ _id: 2 }, { $rename: { a: '__proto__' } });
    let doc = (await c.findOne({ _id: 2 })) as Document;
    expect(hasOwn(doc, 'a')).to.equal(false);
    expect(Object.getOwnPropertyDescriptor(doc, '__proto__')?.value).to.deep.equal({ deep: [1, 2] });
    await c.updateOne({ _id: 2 }, { $inc: { n: 1 }, $set: { b: 'x' } });
    await c.updateOne({ _id: 2 }, { $push: { list: 1 } } as Document);
    doc = (await c.findOne({ _id: 2 })) as Document;
    expect(Object.getOwnPropertyDescriptor(doc, '__proto__')?.value).to.deep.equal({ deep: [1, 2] });
    expect(doc).to.include({ n: 1, b: 'x' });
    await c.updateOne({ _id: 2 }, json('{"$rename": {"__proto__": "back"}}'));
    doc = (await c.findOne({ _id: 2 })) as Document;
    expect(hasOwn(doc, '__proto__')).to.equal(false);
    expect(doc.back).to.deep.equal({ deep: [1, 2] });
    await c.updateOne({ _id: 2 }, json('{"$set": {"nested": {"__proto__": {"x": 1}, "y": 2}}}'));
    doc = (await c.findOne({ _id: 2 })) as Document;
    expect(hasOwn(doc.nested, '__proto__')).to.equal(true);
    expect(doc.nested.y).to.equal(2);
    await c.updateOne({ _id: 2 }, json('{"$unset": {"nested.__proto__": ""}}'));
    doc = (await c.findOne({ _id: 2 })) as Document;
    expect(doc.nested).to.deep.equal({ y: 2 });
    await untouched();
  });

  it('an upsert and an insert may hold such fields; paths through them are still refused', async () => {
    await c.updateOne({ _id: 3 }, json('{"$setOnInsert": {"__proto__": 1}, "$set": {"k": 1}}'), {
      upsert: true,
    });
    expect(Object.getOwnPropertyDescriptor(await c.findOne({ _id: 3 }), '__proto__')?.value).to.equal(1);
    await c.insertOne(json('{"_id": 4, "__proto__": {"polluted": "yes"}, "list": [{"__proto__": 2}]}'));
    const doc = (await c.findOne({ _id: 4 })) as Document;
    expect(Object.getOwnPropertyDescriptor(doc, '__proto__')?.value).to.deep.equal({ polluted: 'yes' });
    expect(hasOwn(doc.list[0], '__proto__')).to.equal(true);
    for (const attempt of [
      () => c.updateOne({ _id: 1 }, { $set: { '__proto__.polluted': 'no' } }),
      () => c.updateOne({ _id: 1 }, { $rename: { a: '__proto__.x' } }),
      () => c.find(json('{"__proto__": 1}')).toArray(),
      () => c.updateOne({ _id: 1 }, json('{"$inc": {"__proto__": 1}}')),
    ]) {
      const e = await attempt().then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(e).to.be.instanceOf(MongoServerError);
      expect((e as MongoServerError).code).to.equal(2);
    }
    await untouched();
  });

  it('projections and reshaping aggregation stages refuse such documents instead of dropping the field', async () => {
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => undefined,
        (e: MongoServerError) => e,
      );
    const proj = await refusal(c.find({ _id: 1 }, { projection: { a: 0 } }).toArray());
    expect(proj?.code).to.equal(2);
    expect(proj?.message).to.match(/holds a field named '__proto__'.*cannot apply a projection/);
    const agg = await refusal(c.aggregate([{ $match: { _id: 1 } }, { $addFields: { z: 1 } }]).toArray());
    expect(agg?.code).to.equal(2);
    // stages that pass documents on unchanged work, and so does counting
    const passed = await c
      .aggregate([{ $match: { _id: { $in: [1, 4] } } }, { $sort: { _id: -1 } }])
      .toArray();
    expect(passed.map((d) => hasOwn(d, '__proto__'))).to.deep.equal([true, true]);
    expect(await c.countDocuments({ _id: { $lte: 4 } })).to.equal(4);
    await untouched();
  });
});
