import { expect } from 'chai';
import { MongoClient, ObjectId, type Collection, type Document } from 'mongodb';
import { startEmbeddedMongo, type EmbeddedMongo } from '../src/index.js';
import { usingEmbedded, type LooseDoc } from './helpers.js';

interface ExecutionStats {
  nReturned: number;
  totalKeysExamined: number;
  totalDocsExamined: number;
}

const DAY = 24 * 3600 * 1000;

/**
 * Several index scans merged into one sorted stream: the ranges of an `$in` on an index prefix, and the
 * branches of an `$or` (the activity log's "my organizations or my own account events"). Every answer is
 * compared with the same query read in full and sorted (`hint: {$natural: 1}`), so an order or a
 * duplicate the merge gets wrong shows.
 */
describe('db: merged index scans ($in and $or with a sort)', function () {
  this.timeout(60000);
  let mongo: EmbeddedMongo;
  let client: MongoClient;
  let logs: Collection<LooseDoc>;
  const orgs = [new ObjectId(), new ObjectId(), new ObjectId(), new ObjectId()];
  const me = new ObjectId();
  const someoneElse = new ObjectId();
  const start = Date.UTC(2026, 0, 1);

  before(async function () {
    if (!usingEmbedded) this.skip();
    mongo = await startEmbeddedMongo({});
    client = new MongoClient(mongo.uri);
    logs = client.db('merged').collection<LooseDoc>('activity_logs');
    // 4,000 entries over 40 days; a fifth are account events without an organization (mine or someone
    // else's), and some of mine carry an organization too (so they match both branches of the scope).
    await logs.insertMany(
      Array.from({ length: 4000 }, (_, i) => {
        const own = i % 5 === 0;
        return {
          _id: new ObjectId(),
          n: i,
          organization_id: own ? null : orgs[i % 4],
          user_id: own ? (i % 10 === 0 ? me : someoneElse) : i % 7 === 0 ? me : null,
          // several entries share a timestamp, so the _id decides between them
          created_at: new Date(start + Math.floor(i / 3) * 2_600_000),
        };
      }),
    );
    await logs.createIndex({ organization_id: 1, created_at: -1, _id: -1 });
    await logs.createIndex({ user_id: 1, created_at: -1, _id: -1 });
  });

  after(async () => {
    await client?.close();
    await mongo?.stop();
  });

  /** The same query read in full and sorted, without any index. */
  async function expected(filter: Document, sort: Document, limit = 0): Promise<number[]> {
    const docs = await logs.find(filter).hint({ $natural: 1 }).sort(sort).limit(limit).toArray();
    return docs.map((d) => d.n as number);
  }

  const newestFirst = { created_at: -1, _id: -1 } as const;
  const since = new Date(start + 10 * DAY);

  it('merges the ranges of an $in in the sort order and reads only the keys it returns', async () => {
    const filter = { organization_id: { $in: [orgs[2], orgs[0], orgs[3]] }, created_at: { $gte: since } };
    const found = await logs.find(filter).sort(newestFirst).limit(40).toArray();
    expect(found.map((d) => d.n)).to.deep.equal(await expected(filter, newestFirst, 40));
    expect(found).to.have.length(40);

    const explained = await logs.find(filter).sort(newestFirst).limit(40).explain('executionStats');
    const stats = explained.executionStats as ExecutionStats;
    expect(stats.totalKeysExamined).to.equal(40);
    expect(stats.totalDocsExamined).to.equal(40);

    // ascending too, and every row of the range without a limit
    const oldestFirst = { created_at: 1, _id: 1 } as const;
    const ascending = await logs.find(filter).sort(oldestFirst).toArray();
    expect(ascending.map((d) => d.n)).to.deep.equal(await expected(filter, oldestFirst));
  });

  it('answers "my organizations or my own account events" newest first from two indexes, each entry once', async () => {
    const filter = {
      $and: [
        {
          $or: [{ organization_id: { $in: [orgs[0], orgs[1]] } }, { user_id: me, organization_id: null }],
        },
        { created_at: { $gte: since } },
      ],
    };
    const found = await logs.find(filter).sort(newestFirst).limit(100).toArray();
    expect(found.map((d) => d.n)).to.deep.equal(await expected(filter, newestFirst, 100));
    expect(new Set(found.map((d) => String(d._id))).size).to.equal(100);

    const explained = await logs.find(filter).sort(newestFirst).limit(100).explain('executionStats');
    const merge = (explained.queryPlanner.winningPlan as Document).inputStage as Document;
    expect(merge.stage).to.equal('SORT_MERGE');
    expect(merge.sortPattern).to.deep.equal(newestFirst);
    expect((merge.inputStages as Document[]).map((s) => [s.stage, s.indexName])).to.deep.equal([
      ['IXSCAN', 'organization_id_1_created_at_-1__id_-1'],
      ['IXSCAN', 'user_id_1_created_at_-1__id_-1'],
    ]);
    const stats = explained.executionStats as ExecutionStats;
    // not the whole period (3,000 entries): about what it returns
    expect(stats.totalDocsExamined).to.be.at.most(110);

    const all = await logs.find(filter).sort(newestFirst).toArray();
    expect(all.map((d) => d.n)).to.deep.equal(await expected(filter, newestFirst));
    expect(await logs.countDocuments(filter)).to.equal(all.length);
    // counted up to a limit, and the entries of someone else's account events left out
    expect(await logs.countDocuments(filter, { limit: 7 })).to.equal(7);
    const withOthers = { $or: [{ organization_id: { $in: [orgs[0], orgs[1]] } }, { organization_id: null }] };
    expect(await logs.countDocuments(withOthers)).to.equal((await expected(withOthers, { n: 1 })).length);
  });

  it('returns an entry matching both branches once, also without a sort', async () => {
    // my entries inside organization 0 match both branches
    const filter = { $or: [{ organization_id: orgs[0] }, { user_id: me }] };
    const both = await logs.countDocuments({ organization_id: orgs[0], user_id: me });
    expect(both).to.be.greaterThan(0);
    const found = await logs.find(filter).toArray();
    expect(await logs.countDocuments(filter)).to.equal(found.length);
    const ids = found.map((d) => String(d._id));
    expect(new Set(ids).size).to.equal(ids.length);
    expect([...found.map((d) => d.n as number)].sort((a, b) => a - b)).to.deep.equal(
      [...(await expected(filter, { n: 1 }))].sort((a, b) => a - b),
    );
    const explained = await logs.find(filter).explain('queryPlanner');
    expect(((explained.queryPlanner.winningPlan as Document).inputStage as Document).stage).to.equal('OR');
  });

  it('pages through the merged scope with keyset cursors: every entry once, in order', async () => {
    const scope = {
      $or: [{ organization_id: { $in: [orgs[1], orgs[3]] } }, { user_id: me, organization_id: null }],
    };
    const every = await expected({ $and: [scope, { created_at: { $gte: since } }] }, newestFirst);
    const pages: number[] = [];
    let cursor: { at: Date; id: ObjectId } | undefined;
    for (let page = 0; page < 100; page++) {
      const filter = cursor
        ? {
            $and: [
              scope,
              { created_at: { $gte: since } },
              { created_at: { $lte: cursor.at } },
              {
                $or: [{ created_at: { $lt: cursor.at } }, { created_at: cursor.at, _id: { $lt: cursor.id } }],
              },
            ],
          }
        : { $and: [scope, { created_at: { $gte: since } }] };
      const rows = await logs.find(filter).sort(newestFirst).limit(250).toArray();
      // the count of what is left from here on: branch counts added up, the cursor's $or applied to each
      expect(await logs.countDocuments(filter)).to.equal(every.length - pages.length);
      pages.push(...rows.map((d) => d.n as number));
      if (rows.length < 250) break;
      const last = rows[rows.length - 1]!;
      cursor = { at: last.created_at as Date, id: last._id as ObjectId };
    }
    expect(pages).to.deep.equal(every);
  });

  it('falls back to reading everything when a branch has no index, with the same answer', async () => {
    const filter = { $or: [{ organization_id: orgs[2] }, { n: { $lt: 30 } }] };
    const found = await logs.find(filter).sort(newestFirst).limit(50).toArray();
    expect(found.map((d) => d.n)).to.deep.equal(await expected(filter, newestFirst, 50));
    const explained = await logs.find(filter).sort(newestFirst).limit(50).explain('queryPlanner');
    expect((explained.queryPlanner.winningPlan as Document).stage).to.not.equal('FETCH');
  });

  it('merges strings in binary order, as mongod sorts them (accents, emoji, private-use characters)', async () => {
    const names = client.db('merged').collection<LooseDoc>('names');
    const values = ['b', 'a', 'é', 'z', '\uE000', '😀', 'ä', 'A', 'ab', '\uFFFD', '𝒳', 'e\u0301'];
    await names.insertMany(values.flatMap((name, i) => [0, 1, 2].map((group) => ({ group, name, i }))));
    await names.createIndex({ group: 1, name: 1 });
    const found = await names
      .find({ group: { $in: [2, 0, 1] } })
      .sort({ name: 1 })
      .toArray();
    const binary = [...values].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    const order = found.map((d) => d.name as string).filter((_, i) => i % 3 === 0);
    expect(order).to.deep.equal(binary);
  });
});
