import { expect } from 'chai';
import { MongoClient, type Collection } from 'mongodb';
import { DocumentCache } from '../src/storage/doc-cache.js';
import { startEmbeddedMongo, type EmbeddedMongo } from '../src/index.js';
import { usingEmbedded, type LooseDoc } from './helpers.js';

describe('db: the document cache never serves a replaced document', function () {
  this.timeout(60000);
  let mongo: EmbeddedMongo;
  let client: MongoClient;
  let docs: Collection<LooseDoc>;

  before(async function () {
    if (!usingEmbedded) this.skip();
    mongo = await startEmbeddedMongo({});
    // several connections, so reads really run between a write's transaction and its commit
    client = new MongoClient(mongo.uri, { maxPoolSize: 16 });
    docs = client.db('cache').collection<LooseDoc>('docs');
    await docs.insertMany(Array.from({ length: 20 }, (_, i) => ({ _id: i, n: 0, tag: 'a' })));
    await docs.createIndex({ tag: 1 });
  });

  after(async () => {
    await client?.close();
    await mongo?.stop();
  });

  it('reads racing with updates, deletes and re-inserts see every acknowledged write', async () => {
    let reading = true;
    // a storm of reads of the same documents, by _id and through an index, while they are rewritten
    const readers = Array.from({ length: 8 }, async () => {
      while (reading) {
        await docs.findOne({ _id: 3 });
        await docs.find({ tag: 'a' }).toArray();
      }
    });
    for (let i = 1; i <= 150; i++) {
      await docs.updateOne({ _id: 3 }, { $set: { n: i } });
      expect((await docs.findOne({ _id: 3 }))?.n, `after update ${i}`).to.equal(i);
      const viaIndex = await docs.find({ tag: 'a' }).toArray();
      expect(viaIndex.find((d) => d._id === 3)?.n, `index scan after update ${i}`).to.equal(i);
      if (i % 10 === 0) {
        await docs.deleteOne({ _id: 5 });
        expect(await docs.findOne({ _id: 5 }), `after delete ${i}`).to.equal(null);
        await docs.insertOne({ _id: 5, n: i, tag: 'a' });
        expect((await docs.findOne({ _id: 5 }))?.n, `after re-insert ${i}`).to.equal(i);
      }
    }
    reading = false;
    await Promise.all(readers);
  });

  it('a dropped and re-created collection does not show the old documents', async () => {
    const other = client.db('cache').collection<LooseDoc>('dropped');
    await other.insertOne({ _id: 1, v: 'old' });
    expect((await other.findOne({ _id: 1 }))?.v).to.equal('old');
    await other.drop();
    expect(await other.findOne({ _id: 1 })).to.equal(null);
    await other.insertOne({ _id: 1, v: 'new' });
    expect((await other.findOne({ _id: 1 }))?.v).to.equal('new');
  });
});

describe('db: DocumentCache', () => {
  it('keeps within its byte budget, dropping the least recently used entries', () => {
    const cache = new DocumentCache(100_000);
    const doc = Buffer.alloc(1000);
    const key = (i: number) => [1, 35, `k${i}`];
    for (let i = 0; i < 200; i++) cache.fill(key(i), doc);
    // each entry costs its 1,000 bytes plus overhead: fewer than 100 fit
    expect(cache.size).to.be.within(80, 99);
    expect(cache.get(key(0))).to.equal(undefined);
    expect(cache.get(key(199))).to.equal(doc);
    // a recently used entry survives the next evictions
    const survivor = key(200 - cache.size);
    expect(cache.get(survivor)).to.equal(doc);
    for (let i = 200; i < 205; i++) cache.fill(key(i), doc);
    expect(cache.get(survivor)).to.equal(doc);
  });

  it('does not fill while a write is in flight, and forgets changed documents', () => {
    const cache = new DocumentCache(100_000);
    cache.writesInFlight = 1;
    cache.fill([1, 15, 'a'], Buffer.from('old'));
    expect(cache.get([1, 15, 'a'])).to.equal(undefined);
    cache.writesInFlight = 0;
    cache.fill([1, 15, 'a'], Buffer.from('old'));
    expect(cache.get([1, 15, 'a'])?.toString()).to.equal('old');
    cache.forget([1, 15, 'a']);
    expect(cache.get([1, 15, 'a'])).to.equal(undefined);
  });

  it('tells keys apart by every part and its type', () => {
    const cache = new DocumentCache(100_000);
    const keys = [
      [1, 10, 1],
      [1, 15, '1'],
      [1, 40, true],
      [2, 10, 1],
      [1, 10, 1, 15, 'x'],
      [1, 30, Buffer.from('31', 'hex')],
    ];
    keys.forEach((k, i) => cache.fill(k, Buffer.from([i])));
    keys.forEach((k, i) => expect(cache.get(k)?.[0], JSON.stringify(k)).to.equal(i));
    expect(cache.get([1, 10, '1'])).to.equal(undefined);
    expect(cache.get([1, 10])).to.equal(undefined); // a prefix of a longer key is not an entry
    expect(cache.get([1, 30, '31'])).to.equal(undefined); // (key strings never hold NUL, see keys.ts)
    cache.forget([1, 10, 1]);
    expect(cache.get([1, 10, 1])).to.equal(undefined);
    expect(cache.get([1, 10, 1, 15, 'x'])?.[0]).to.equal(4);
    expect(cache.size).to.equal(keys.length - 1);
  });

  it('keeps serving entries filled again after being forgotten, within budget', () => {
    const cache = new DocumentCache(20_000);
    const doc = Buffer.alloc(1000);
    for (let round = 0; round < 50; round++)
      for (let i = 0; i < 10; i++) {
        cache.forget([1, 10, i]);
        cache.fill([1, 10, i], doc);
      }
    // forgotten entries wait in the eviction queue but no longer count against the budget
    for (let i = 0; i < 10; i++) expect(cache.get([1, 10, i])).to.equal(doc);
    expect(cache.size).to.equal(10);
  });
});
