import { expect } from 'chai';
import { chmodSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo, type EmbeddedMongo } from '../src/index.js';
import { tempDir, usingEmbedded } from './helpers.js';

const mode = (path: string): string => (statSync(path).mode & 0o777).toString(8);

/** Mode of the data directory and of every file in it, e.g. `{ '.': '700', 'journal.bson': '600' }`. */
function modes(dir: string): Record<string, string> {
  const out: Record<string, string> = { '.': mode(dir) };
  for (const name of readdirSync(dir)) out[name] = mode(join(dir, name));
  return out;
}

async function write(m: EmbeddedMongo, n: number): Promise<void> {
  const c = new MongoClient(m.uri);
  try {
    const coll = c.db('iam').collection('users');
    for (let i = 0; i < n; i++) await coll.insertOne({ email: `u${i}@example.com`, hash: 'x'.repeat(200) });
  } finally {
    await c.close();
  }
}

describe('db: file permissions of the data directory', function () {
  this.timeout(30000);
  before(function () {
    if (!usingEmbedded) this.skip();
  });

  it('creates the directory 0700 and the data file, lock files and credentials 0600 even with umask 000', async () => {
    const root = tempDir('emb-perm');
    const dir = join(root.path, 'data', 'db'); // does not exist yet
    const umask = process.umask(0o000);
    let m: EmbeddedMongo | undefined;
    try {
      m = await startEmbeddedMongo({ dataDir: dir });
      await write(m, 60);
      expect(modes(dir)).to.deep.equal({
        '.': '700',
        'credentials.json': '600',
        'mongod.lock': '600',
        'storage.mdb': '600',
        'storage.mdb-lock': '600',
      });
      await m.stop();
      m = undefined;
      expect(modes(dir)).to.deep.equal({
        '.': '700',
        'credentials.json': '600',
        'storage.mdb': '600',
        'storage.mdb-lock': '600',
      });
    } finally {
      process.umask(umask);
      await m?.stop();
      root.remove();
    }
  });

  it('tightens a data directory left world-readable by an older version when it opens it', async () => {
    const root = tempDir('emb-perm-old');
    const dir = join(root.path, 'db');
    try {
      let m = await startEmbeddedMongo({ dataDir: dir });
      await write(m, 3);
      await m.stop();
      chmodSync(dir, 0o755);
      for (const name of readdirSync(dir)) chmodSync(join(dir, name), 0o644);
      m = await startEmbeddedMongo({ dataDir: dir });
      try {
        const found = modes(dir);
        expect(found['.']).to.equal('700');
        for (const [name, m2] of Object.entries(found)) if (name !== '.') expect(m2, name).to.equal('600');
        const c = new MongoClient(m.uri);
        expect(await c.db('iam').collection('users').countDocuments()).to.equal(3);
        await c.close();
      } finally {
        await m.stop();
      }
    } finally {
      root.remove();
    }
  });
});
