import { expect } from 'chai';
import { MongoClient, ObjectId, type Collection } from 'mongodb';
import { startEmbeddedMongo, type EmbeddedMongo } from '../src/index.js';
import { MAX_PART, TAG, type KeyPart } from '../src/storage/keys.js';
import { MAX_BUCKETS, RangeCounts } from '../src/storage/range-counts.js';
import { usingEmbedded, type LooseDoc } from './helpers.js';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const START = Date.UTC(2026, 0, 1);

/** A deterministic sequence of numbers in [0, 1) (the same dates on every run). */
function sequence(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/**
 * countDocuments over date ranges, which the server answers from remembered per-day and per-hour counts of
 * the index (range-counts.ts). Every count is compared with the same count read without an index
 * (`hint: {$natural: 1}`), before and after writes that move entries between days and hours.
 */
describe('db: counts over date ranges', function () {
  this.timeout(60000);
  let mongo: EmbeddedMongo;
  let client: MongoClient;
  let logs: Collection<LooseDoc>;
  const apps = [new ObjectId(), new ObjectId(), new ObjectId()];
  const random = sequence(7);

  /** Ranges with bounds on and off hour and day boundaries, inclusive and exclusive, short and long. */
  function ranges(): Array<Record<string, Date>> {
    const out: Array<Record<string, Date>> = [];
    const at = (ms: number) => new Date(START + ms);
    for (const [from, to] of [
      [0, 30 * DAY],
      [DAY, 8 * DAY],
      [DAY + 1, 8 * DAY - 1],
      [3 * HOUR, 3 * HOUR + 30 * 60_000],
      [2 * DAY + 5 * HOUR, 9 * DAY + 17 * HOUR],
      [5 * DAY, 5 * DAY],
      [-10 * DAY, 100 * DAY],
    ] as Array<[number, number]>) {
      out.push({ $gte: at(from), $lt: at(to) });
      out.push({ $gt: at(from), $lte: at(to) });
      out.push({ $gte: at(from), $lte: at(to) });
      out.push({ $gt: at(from), $lt: at(to) });
    }
    for (let i = 0; i < 20; i++) {
      const a = Math.floor(random() * 20 * DAY);
      const b = a + Math.floor(random() * 10 * DAY);
      out.push({ $gte: at(a), $lt: at(b) });
    }
    return out;
  }

  async function expectCountsAsUnindexed(label: string): Promise<void> {
    for (const window of ranges()) {
      for (const filter of [{ created_at: window }, { application_id: apps[1], created_at: window }]) {
        const expected = await logs.countDocuments(filter, { hint: { $natural: 1 } });
        const counted = await logs.countDocuments(filter);
        expect(counted, `${label}: ${JSON.stringify(filter)}`).to.equal(expected);
      }
    }
  }

  before(async function () {
    if (!usingEmbedded) this.skip();
    mongo = await startEmbeddedMongo({});
    client = new MongoClient(mongo.uri, { maxPoolSize: 16 });
    logs = client.db('range_counts').collection<LooseDoc>('activity_logs');
    await logs.createIndex({ created_at: -1 });
    await logs.createIndex({ application_id: 1, created_at: -1 });
    // 3,000 entries over 30 days, some exactly on hour and day boundaries
    await logs.insertMany(
      Array.from({ length: 3000 }, (_, i) => ({
        _id: i,
        application_id: apps[i % apps.length],
        created_at: new Date(
          START + (i % 10 === 0 ? Math.floor(random() * 720) * HOUR : Math.floor(random() * 30 * DAY)),
        ),
      })),
    );
  });

  after(async () => {
    await client?.close();
    await mongo?.stop();
  });

  it('counts every range like a read of the whole collection', async () => {
    await expectCountsAsUnindexed('first count');
    await expectCountsAsUnindexed('counted again (remembered)');
  });

  it('stays exact after inserts, deletes, moves between hours and days, and a rebuilt index', async () => {
    await expectCountsAsUnindexed('before writes');
    await logs.insertMany(
      Array.from({ length: 200 }, (_, i) => ({
        _id: 10_000 + i,
        application_id: apps[i % apps.length],
        created_at: new Date(START + Math.floor(random() * 30 * DAY)),
      })),
    );
    await expectCountsAsUnindexed('after inserts');
    await logs.deleteMany({ _id: { $mod: [7, 0] } });
    await expectCountsAsUnindexed('after deletes');
    // moves entries into other hours and days (and application), through updates and a replacement
    await logs.updateMany({ _id: { $mod: [5, 1] } }, [
      { $set: { created_at: { $add: ['$created_at', 3 * DAY + 2 * HOUR] } } },
    ]);
    await logs.updateMany({ _id: { $mod: [11, 2] } }, { $set: { application_id: apps[1] } });
    await logs.replaceOne({ _id: 1 }, { application_id: apps[1], created_at: new Date(START + 5 * DAY) });
    await expectCountsAsUnindexed('after updates');
    await logs.dropIndex('created_at_-1');
    await logs.createIndex({ created_at: -1 });
    await expectCountsAsUnindexed('after rebuilding the index');
    await logs.deleteMany({});
    expect(
      await logs.countDocuments({ created_at: { $gte: new Date(START), $lt: new Date(START + 30 * DAY) } }),
    ).to.equal(0);
    await logs.insertOne({ _id: 1, application_id: apps[1], created_at: new Date(START + 2 * DAY) });
    await expectCountsAsUnindexed('after emptying and one insert');
  });

  it('counts racing with inserts see every acknowledged insert', async () => {
    const window = { $gte: new Date(START), $lt: new Date(START + 30 * DAY) };
    let counting = true;
    const counters = Array.from({ length: 6 }, async () => {
      while (counting) await logs.countDocuments({ created_at: window });
    });
    const base = await logs.countDocuments({ created_at: window }, { hint: { $natural: 1 } });
    for (let i = 1; i <= 150; i++) {
      // each insert lands in a day and hour the counters keep counting (and remembering)
      await logs.insertOne({
        _id: 50_000 + i,
        application_id: apps[0],
        created_at: new Date(START + (i % 20) * DAY + HOUR),
      });
      expect(await logs.countDocuments({ created_at: window }), `after insert ${i}`).to.equal(base + i);
    }
    counting = false;
    await Promise.all(counters);
  });
});

describe('db: RangeCounts', () => {
  const INDEX = 9;
  /** An index of dates held as sorted numbers; counts how many entries lmdb would have visited. */
  function fakeIndex(dates: number[]) {
    const keys = dates.map((t, i): KeyPart[] => [INDEX, TAG.date, t, TAG.number, i]);
    const stats = { visited: 0, calls: 0 };
    const compare = (a: KeyPart[], b: KeyPart[]) => {
      for (let i = 0; i < Math.min(a.length, b.length); i++) {
        const x = a[i];
        const y = b[i];
        if (x === y) continue;
        if (Buffer.isBuffer(x)) return 1;
        if (Buffer.isBuffer(y)) return -1;
        return (x as number) < (y as number) ? -1 : 1;
      }
      return a.length - b.length;
    };
    const countKeys = (start: KeyPart[], end: KeyPart[]) => {
      const inRange = keys.filter((k) => compare(k, start) >= 0 && compare(k, end) < 0);
      stats.visited += inRange.length;
      stats.calls++;
      return inRange.length;
    };
    return { keys, stats, countKeys };
  }

  it('answers a repeated count from remembered days and hours, visiting only the edges again', () => {
    const dates = Array.from({ length: 24 * 30 }, (_, h) => START + h * HOUR + 60_000);
    const index = fakeIndex(dates);
    const counts = new RangeCounts(index.countKeys, () => true);
    const start = [INDEX, TAG.date, START + 2 * DAY + 30 * 60_000];
    const end = [INDEX, TAG.date, START + 9 * DAY + 30 * 60_000];
    expect(counts.count(start, end)).to.equal(7 * 24);
    index.stats.visited = 0;
    expect(counts.count(start, end)).to.equal(7 * 24);
    // the half hours at both ends are counted again: the one entry at :01 of the first hour is outside
    expect(index.stats.visited).to.be.at.most(2);
    // an exclusive bound on a day boundary and an inclusive end
    expect(
      counts.count(
        [INDEX, TAG.date, START + DAY, MAX_PART],
        [INDEX, TAG.date, START + 3 * DAY + 60_000, MAX_PART],
      ),
    ).to.equal(2 * 24 + 1);
  });

  it('forgets what a written entry falls in, and remembers nothing while a write is in flight', () => {
    const dates = [START + HOUR, START + DAY + HOUR];
    const index = fakeIndex(dates);
    let writing = false;
    const counts = new RangeCounts(index.countKeys, () => !writing);
    const start = [INDEX, TAG.date, START];
    const end = [INDEX, TAG.date, START + 2 * DAY];
    expect(counts.count(start, end)).to.equal(2);
    const added: KeyPart[] = [INDEX, TAG.date, START + DAY + 2 * HOUR, TAG.number, 99];
    index.keys.push(added);
    counts.touch(added);
    expect(counts.count(start, end)).to.equal(3);
    writing = true;
    const before = counts.remembered;
    counts.forgetIndex(INDEX);
    expect(counts.count(start, end)).to.equal(3);
    expect(counts.remembered).to.equal(0);
    expect(before).to.be.greaterThan(0);
  });

  it('uses remembered counts while a write is in flight, and counts each run of unknown days in one call', () => {
    const dates = Array.from({ length: 24 * 30 }, (_, h) => START + h * HOUR + 60_000);
    const index = fakeIndex(dates);
    let writing = false;
    const counts = new RangeCounts(index.countKeys, () => !writing);
    // days 2 to 4 remembered
    expect(counts.count([INDEX, TAG.date, START + 2 * DAY], [INDEX, TAG.date, START + 5 * DAY])).to.equal(72);
    writing = true;
    index.stats.calls = 0;
    index.stats.visited = 0;
    // days 0–1 unknown (one call), 2–4 remembered, 5–9 unknown (one call)
    expect(counts.count([INDEX, TAG.date, START], [INDEX, TAG.date, START + 10 * DAY])).to.equal(240);
    expect(index.stats.calls).to.equal(2);
    expect(index.stats.visited).to.equal(7 * 24);
    expect(counts.remembered).to.equal(3);
  });

  it('counts ranges it cannot split (no date, unbounded, a date after other bounds) in lmdb', () => {
    const index = fakeIndex([START, START + DAY]);
    const counts = new RangeCounts(index.countKeys, () => true);
    expect(counts.count([INDEX, TAG.date], [INDEX, TAG.date, MAX_PART])).to.equal(2);
    expect(counts.count([INDEX, TAG.date, START], [INDEX, TAG.date, START + DAY, TAG.number, 0])).to.equal(1);
    expect(counts.remembered).to.equal(0);
  });

  it('keeps at most MAX_BUCKETS counts', () => {
    const index = fakeIndex([]);
    const counts = new RangeCounts(index.countKeys, () => true);
    // one count per distinct prefix and day: more days than MAX_BUCKETS in total
    for (let i = 0; i < MAX_BUCKETS / 1000 + 5; i++)
      counts.count(
        [INDEX, TAG.number, i, TAG.date, START],
        [INDEX, TAG.number, i, TAG.date, START + 1000 * DAY],
      );
    expect(counts.remembered).to.be.at.most(MAX_BUCKETS);
    expect(counts.remembered).to.be.greaterThan(0);
  });
});
