import { expect } from 'chai';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from '../../src/db/embedded/index.js';
import { tempDir, usingEmbedded } from './helpers.js';

describe('db: journal compaction as the store grows (embedded server)', function () {
  this.timeout(30000);
  before(function () {
    if (!usingEmbedded) this.skip();
  });

  it('lets the journal grow to the last snapshot’s size before rewriting everything again', async () => {
    const dir = tempDir('emb-compaction');
    const compactJournalBytes = 16 * 1024;
    const m = await startEmbeddedMongo({ dataDir: dir.path, compactJournalBytes });
    const client = new MongoClient(m.uri);
    try {
      await client.connect();
      const coll = client.db('app').collection<{ _id: number; pad: string }>('big');
      const size = (file: string) => statSync(join(dir.path, file)).size;
      // A store much larger than compactJournalBytes: its snapshot is ~400 KB.
      await coll.insertMany(Array.from({ length: 400 }, (_, i) => ({ _id: i, pad: 'x'.repeat(1000) })));
      await coll.insertOne({ _id: 1000, pad: 'trigger' });
      const snapshot = size('snapshot.bson');
      expect(snapshot).to.be.above(300 * 1024);
      expect(size('journal.bson')).to.be.below(compactJournalBytes);

      // Ten times compactJournalBytes of writes, still less than the snapshot: no rewrite yet.
      for (let i = 0; i < 160; i++) await coll.insertOne({ _id: 2000 + i, pad: 'y'.repeat(1000) });
      expect(size('journal.bson')).to.be.above(10 * compactJournalBytes);
      expect(size('snapshot.bson')).to.equal(snapshot);

      // Past the snapshot's size: compacted into a new, larger snapshot.
      for (let i = 0; i < 400; i++) await coll.insertOne({ _id: 3000 + i, pad: 'z'.repeat(1000) });
      expect(size('snapshot.bson')).to.be.above(snapshot);
      expect(size('journal.bson')).to.be.below(size('snapshot.bson'));
      await client.close();
      await m.stop();

      const again = await startEmbeddedMongo({ dataDir: dir.path });
      const check = new MongoClient(again.uri);
      try {
        await check.connect();
        expect(await check.db('app').collection('big').countDocuments()).to.equal(961);
      } finally {
        await check.close();
        await again.stop();
      }
    } finally {
      await client.close().catch(() => {});
      await m.stop().catch(() => {});
      dir.remove();
    }
  });
});
