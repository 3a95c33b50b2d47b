import { expect } from 'chai';
import { createServer } from 'node:net';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from '../src/index.js';
import { usingEmbedded } from './helpers.js';

describe('db: embedded server startup', () => {
  before(function () {
    if (!usingEmbedded) this.skip();
  });

  it('runs independent in-memory instances on free ports and stops idempotently', async () => {
    const [a, b] = await Promise.all([startEmbeddedMongo(), startEmbeddedMongo()]);
    try {
      expect(a.port).to.not.equal(b.port);
      expect(a.uri).to.equal(`mongodb://127.0.0.1:${a.port}/`);
      const ca = new MongoClient(a.uri);
      const cb = new MongoClient(b.uri);
      await ca.db('x').collection('y').insertOne({ only: 'a' });
      expect(await cb.db('x').collection('y').countDocuments()).to.equal(0);
      await Promise.all([ca.close(), cb.close()]);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    await a.stop();
    const refused = await new MongoClient(a.uri, { serverSelectionTimeoutMS: 300 })
      .connect()
      .then((c) => c.close().then(() => false))
      .catch(() => true);
    expect(refused).to.equal(true);
  });

  it('listens on an explicit port and rejects a port that is already in use', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const addr = blocker.address();
    const port = typeof addr === 'object' && addr ? addr.port : 0;
    try {
      let err: Error | undefined;
      try {
        await startEmbeddedMongo({ port });
      } catch (e) {
        err = e as Error;
      }
      expect(err?.message).to.match(/EADDRINUSE/);
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
    const m = await startEmbeddedMongo({ port });
    try {
      expect(m.port).to.equal(port);
      const c = new MongoClient(m.uri);
      expect((await c.db('admin').command({ ping: 1 })).ok).to.equal(1);
      await c.close();
    } finally {
      await m.stop();
    }
  });
});
