import { expect } from 'chai';
import { type Collection, MongoServerError } from 'mongodb';
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
      [
        'document with a __proto__ field',
        () => target.insertOne(JSON.parse('{"__proto__": {"polluted": "yes"}}')),
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
