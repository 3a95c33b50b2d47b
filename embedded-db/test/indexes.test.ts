import { expect } from 'chai';
import { MongoBulkWriteError, MongoServerError } from 'mongodb';
import { openDbFixture, usingEmbedded, type DbFixture } from './helpers.js';

async function rejection(p: Promise<unknown>): Promise<MongoServerError> {
  try {
    await p;
  } catch (e) {
    return e as MongoServerError;
  }
  throw new Error('expected the operation to fail');
}

describe('db: indexes', () => {
  let fx: DbFixture;
  before(async () => {
    fx = await openDbFixture('indexes', { ttlMonitorIntervalMs: 200 });
  });
  after(async () => {
    await fx.close();
  });

  it("rejects unique violations with mongod's E11000 error, keyPattern and keyValue", async () => {
    const c = fx.db.collection('users');
    expect(await c.createIndex({ email: 1 }, { unique: true })).to.equal('email_1');
    await c.insertOne({ email: 'a@b.c' });
    const err = await rejection(c.insertOne({ email: 'a@b.c' }));
    expect(err).to.be.instanceOf(MongoServerError);
    expect(err.code).to.equal(11000);
    expect(err.message).to.equal(
      `E11000 duplicate key error collection: ${fx.dbName}.users index: email_1 dup key: { email: "a@b.c" }`,
    );
    expect(err.keyPattern).to.deep.equal({ email: 1 });
    expect(err.keyValue).to.deep.equal({ email: 'a@b.c' });
    const upd = await c.insertOne({ email: 'other@b.c' });
    const err2 = await rejection(c.updateOne({ _id: upd.insertedId }, { $set: { email: 'a@b.c' } }));
    expect(err2.code).to.equal(11000);
    expect(await c.findOne({ _id: upd.insertedId })).to.include({ email: 'other@b.c' });
  });

  it('reports duplicate _id values', async () => {
    const c = fx.db.collection('ids');
    await c.insertOne({ _id: 7 } as never);
    const err = await rejection(c.insertOne({ _id: 7 } as never));
    expect(err.code).to.equal(11000);
    expect(err.message).to.equal(
      `E11000 duplicate key error collection: ${fx.dbName}.ids index: _id_ dup key: { _id: 7 }`,
    );
    expect(err.keyValue).to.deep.equal({ _id: 7 });
  });

  it('reports per-document write errors for ordered and unordered insertMany', async () => {
    const c = fx.db.collection('bulk');
    await c.createIndex({ k: 1 }, { unique: true });
    const ordered = (await rejection(
      c.insertMany([{ k: 1 }, { k: 1 }, { k: 2 }]),
    )) as unknown as MongoBulkWriteError;
    expect(ordered).to.be.instanceOf(MongoBulkWriteError);
    expect(ordered.insertedCount).to.equal(1);
    expect(ordered.writeErrors).to.have.length(1);
    const we = Array.isArray(ordered.writeErrors) ? ordered.writeErrors[0] : ordered.writeErrors;
    expect(we?.index).to.equal(1);
    expect(we?.code).to.equal(11000);
    expect(await c.countDocuments()).to.equal(1);
    const unordered = (await rejection(
      c.insertMany([{ k: 1 }, { k: 3 }, { k: 3 }, { k: 4 }], { ordered: false }),
    )) as unknown as MongoBulkWriteError;
    expect(unordered.insertedCount).to.equal(2);
    const errs = Array.isArray(unordered.writeErrors) ? unordered.writeErrors : [unordered.writeErrors];
    expect(errs.map((e) => e.index)).to.deep.equal([0, 2]);
    expect(await c.countDocuments()).to.equal(3);
  });

  it('enforces compound, sparse and partial unique indexes', async () => {
    const c = fx.db.collection('combo');
    await c.createIndex({ org: 1, slug: 1 }, { unique: true });
    await c.insertMany([
      { org: 1, slug: 'a' },
      { org: 2, slug: 'a' },
    ]);
    const err = await rejection(c.insertOne({ org: 1, slug: 'a' }));
    expect(err.message).to.equal(
      `E11000 duplicate key error collection: ${fx.dbName}.combo index: org_1_slug_1 dup key: { org: 1, slug: "a" }`,
    );
    expect(err.keyPattern).to.deep.equal({ org: 1, slug: 1 });
    expect(err.keyValue).to.deep.equal({ org: 1, slug: 'a' });

    const s = fx.db.collection('sparse');
    await s.createIndex({ phone: 1 }, { unique: true, sparse: true });
    await s.insertMany([{ name: 'no phone 1' }, { name: 'no phone 2' }, { phone: '1' }]);
    expect((await rejection(s.insertOne({ phone: '1' }))).code).to.equal(11000);

    const p = fx.db.collection('partial');
    await p.createIndex({ email: 1 }, { unique: true, partialFilterExpression: { deleted: false } });
    await p.insertMany([
      { email: 'x', deleted: true },
      { email: 'x', deleted: true },
      { email: 'x', deleted: false },
    ]);
    expect((await rejection(p.insertOne({ email: 'x', deleted: false }))).code).to.equal(11000);

    const nonUnique = fx.db.collection('missing');
    await nonUnique.createIndex({ m: 1 }, { unique: true });
    await nonUnique.insertOne({ a: 1 });
    const nullErr = await rejection(nonUnique.insertOne({ a: 2 }));
    expect(nullErr.message).to.match(/dup key: \{ m: null \}$/);
  });

  it('keeps a unique field optional with a {field: {$exists: true}} partial index, null counting as present', async () => {
    const c = fx.db.collection('optional_unique');
    await c.createIndex(
      { tenant: 1, ref: 1 },
      { unique: true, partialFilterExpression: { ref: { $exists: true } } },
    );
    await c.insertMany([
      { tenant: 1 },
      { tenant: 1 },
      { tenant: 1, ref: 'a' },
      { tenant: 2, ref: 'a' },
      { tenant: 1, ref: null },
    ]);
    const dup = await rejection(c.insertOne({ tenant: 1, ref: 'a' }));
    expect(dup.message).to.match(/index: tenant_1_ref_1 dup key: \{ tenant: 1, ref: "a" \}$/);
    expect((await rejection(c.insertOne({ tenant: 1, ref: null }))).code).to.equal(11000);
    // A filter the partial index answers finds what a collection scan finds.
    const viaIndex = await c
      .find({ tenant: 1, ref: { $exists: true } })
      .hint('tenant_1_ref_1')
      .toArray();
    expect(viaIndex.map((d) => d.ref).sort()).to.deep.equal([null, 'a'].sort());
    expect(await c.countDocuments({ tenant: 1 })).to.equal(4);
  });

  it('refuses every duplicate of a unique index whatever order the keys of an insert come in', async () => {
    // An insert skips the lookup for keys above the greatest stored key of their prefix: mix keys above,
    // below and between stored ones, repeats inside a batch, prefixes of other keys, numbers and strings.
    const c = fx.db.collection('unique_orders');
    await c.createIndex({ tenant: 1, ref: 1 }, { unique: true });
    await c.createIndex({ code: 1 }, { unique: true, partialFilterExpression: { code: { $exists: true } } });
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const refs = (i: number): unknown[] => [
      `evt_${String(i).padStart(6, '0')}`, // growing, like the SDKs' ids
      `evt_${String(999_999 - i).padStart(6, '0')}`, // shrinking
      `evt_${String(random(i + 1)).padStart(6, '0')}`, // an earlier one, often taken
      'a'.repeat(1 + random(4)), // prefixes of each other
      random(50) - 25, // numbers
      String(random(50) - 25), // the same as strings (other keys)
      undefined, // missing: keyed as null
    ];
    const taken = new Set<string>();
    const key = (v: unknown) => (v === undefined ? 'null' : `${typeof v}:${String(v)}`);
    for (let batch = 0; batch < 12; batch++) {
      const docs: Array<Record<string, unknown>> = [];
      const refused: number[] = [];
      for (let i = 0; i < 40; i++) {
        const n = batch * 40 + i;
        const forms = refs(n);
        const doc: Record<string, unknown> = { tenant: random(3), n };
        const ref = forms[random(forms.length)];
        if (ref !== undefined) doc.ref = ref;
        if (random(4) === 0) doc.code = random(200);
        const tenantKey = `${String(doc.tenant)}|${key(doc.ref)}`;
        const codeKey = doc.code === undefined ? undefined : `code|${String(doc.code)}`;
        if (taken.has(tenantKey) || (codeKey && taken.has(codeKey))) refused.push(i);
        else {
          taken.add(tenantKey);
          if (codeKey) taken.add(codeKey);
        }
        docs.push(doc);
      }
      const result = await c.insertMany(docs, { ordered: false }).then(
        () => [] as number[],
        (e: MongoBulkWriteError) => [e.writeErrors].flat().map((w) => w.index),
      );
      expect(result, `batch ${batch}`).to.deep.equal(refused);
    }
    expect(await c.countDocuments()).to.equal([...taken].filter((k) => !k.startsWith('code|')).length);
  });

  it('fails to build a unique index over existing duplicates', async () => {
    const c = fx.db.collection('predup');
    await c.insertMany([{ e: 'same' }, { e: 'same' }]);
    const err = await rejection(c.createIndex({ e: 1 }, { unique: true }));
    expect(err.code).to.equal(11000);
    expect(err.message).to.include('E11000 duplicate key error collection');
    expect(err.message).to.include('dup key: { e: "same" }');
    const names = (await c.listIndexes().toArray()).map((i) => i.name);
    expect(names).to.deep.equal(['_id_']);
  });

  it('lists, re-creates idempotently and drops indexes', async () => {
    const c = fx.db.collection('listing');
    await c.insertOne({ a: 1 });
    await c.createIndexes([
      { key: { a: 1 }, name: 'a_1' },
      { key: { b: -1, c: 1 }, unique: true },
    ]);
    expect(await c.createIndex({ a: 1 })).to.equal('a_1');
    const specs = await c.listIndexes().toArray();
    expect(specs.map((s) => s.name)).to.deep.equal(['_id_', 'a_1', 'b_-1_c_1']);
    expect(specs[0]).to.deep.include({ v: 2, key: { _id: 1 }, name: '_id_' });
    expect(specs[2]).to.deep.include({ key: { b: -1, c: 1 }, unique: true });
    const conflict = await rejection(c.createIndex({ a: 1 }, { name: 'a_1', unique: true }));
    expect(conflict.code).to.be.oneOf([85, 86]);
    await c.dropIndex('a_1');
    const missing = await rejection(c.dropIndex('a_1'));
    expect(missing.code).to.equal(27);
    expect(missing.codeName).to.equal('IndexNotFound');
    const idErr = await rejection(c.dropIndex('_id_'));
    expect(idErr.code).to.equal(72);
    await c.dropIndexes();
    expect((await c.listIndexes().toArray()).map((s) => s.name)).to.deep.equal(['_id_']);
    const noNs = await rejection(fx.db.collection('does_not_exist').listIndexes().toArray());
    expect(noNs.code).to.equal(26);
    expect(noNs.codeName).to.equal('NamespaceNotFound');
  });

  it('finds by unique key quickly on a large collection (equality lookups use the index)', async function () {
    if (!usingEmbedded) this.skip();
    const c = fx.db.collection('big');
    await c.createIndex({ key: 1 }, { unique: true });
    const N = 30000;
    for (let off = 0; off < N; off += 10000)
      await c.insertMany(
        Array.from({ length: 10000 }, (_, i) => ({ key: `k${off + i}`, n: off + i, group: (off + i) % 10 })),
      );
    const t0 = performance.now();
    for (let i = 0; i < 300; i++) {
      const d = await c.findOne({ key: `k${(i * 97) % N}` });
      expect(d?.n).to.equal((i * 97) % N);
    }
    const indexed = performance.now() - t0;
    const t1 = performance.now();
    for (let i = 0; i < 10; i++) await c.findOne({ n: -1 });
    const scanned = (performance.now() - t1) / 10;
    // 300 indexed lookups must cost less than ~20 full scans would.
    expect(indexed).to.be.lessThan(Math.max(20 * scanned, 1500));
    const byId = await c.findOne({ key: 'k123' });
    expect(await c.findOne({ _id: byId?._id })).to.deep.equal(byId);
    expect(await c.countDocuments({ key: { $in: ['k1', 'k2', 'nope'] } })).to.equal(2);
  });

  it('removes expired documents with a TTL index', async function () {
    if (!usingEmbedded) this.skip(); // mongod's TTL monitor runs every 60 s
    const c = fx.db.collection('sessions');
    await c.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    await c.createIndex({ createdAt: 1 }, { expireAfterSeconds: 3600 });
    const ttl = (await c.listIndexes().toArray()).find((i) => i.name === 'expiresAt_1');
    expect(ttl?.expireAfterSeconds).to.equal(0);
    await c.insertMany([
      { name: 'expired', expiresAt: new Date(Date.now() - 1000) },
      { name: 'future', expiresAt: new Date(Date.now() + 3_600_000) },
      { name: 'old-created', createdAt: new Date(Date.now() - 7_200_000) },
      { name: 'recent-created', createdAt: new Date() },
      { name: 'no-date', expiresAt: 'not a date' },
    ]);
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && (await c.countDocuments()) > 3)
      await new Promise((r) => setTimeout(r, 50));
    const names = (await c.find().toArray()).map((d) => d.name).sort();
    expect(names).to.deep.equal(['future', 'no-date', 'recent-created']);
  });
});
