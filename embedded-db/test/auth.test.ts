import { expect } from 'chai';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { MongoClient, MongoServerError } from 'mongodb';
import { startEmbeddedMongo, type EmbeddedMongo } from '../src/index.js';
import { tempDir, usingEmbedded } from './helpers.js';

/** The connection string without its credentials: what anyone else on the machine can dial. */
function anonymousUri(m: EmbeddedMongo): string {
  return `mongodb://127.0.0.1:${m.port}/`;
}

async function errorOf(p: Promise<unknown>): Promise<MongoServerError> {
  const result = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(result, 'expected the operation to fail').to.be.instanceOf(Error);
  return result as MongoServerError;
}

describe('db: authentication of the embedded server', function () {
  this.timeout(30000);
  before(function () {
    if (!usingEmbedded) this.skip();
  });

  describe('as the product store (with a data directory)', () => {
    const dir = tempDir('emb-auth');
    let mongo: EmbeddedMongo;

    before(async () => {
      mongo = await startEmbeddedMongo({ dataDir: dir.path });
      const owner = new MongoClient(mongo.uri);
      await owner
        .db('iam')
        .collection('signing_keys')
        .insertOne({ kid: 'k1', privateKey: 'secret-material' });
      await owner.close();
    });
    after(async () => {
      await mongo?.stop();
      dir.remove();
    });

    it('refuses a client without credentials with error 13 Unauthorized', async () => {
      const anon = new MongoClient(anonymousUri(mongo), { serverSelectionTimeoutMS: 3000 });
      try {
        // the handshake itself stays open, like mongod's
        expect((await anon.db('admin').command({ ping: 1 })).ok).to.equal(1);
        const find = await errorOf(anon.db('iam').collection('signing_keys').find({}).toArray());
        expect(find.code).to.equal(13);
        expect(find.codeName).to.equal('Unauthorized');
        expect(find.message).to.equal('Command find requires authentication');
        const list = await errorOf(anon.db('admin').admin().listDatabases());
        expect(list.code).to.equal(13);
        const insert = await errorOf(anon.db('iam').collection('x').insertOne({ planted: true }));
        expect(insert.code).to.equal(13);
      } finally {
        await anon.close();
      }
    });

    it('refuses a wrong password (AuthenticationFailed) and an unknown user alike', async () => {
      const user = mongo.auth?.username as string;
      for (const creds of [`${user}:not-the-password`, 'someone:else']) {
        const c = new MongoClient(`mongodb://${creds}@127.0.0.1:${mongo.port}/?authSource=admin`, {
          serverSelectionTimeoutMS: 3000,
        });
        try {
          const err = await errorOf(c.db('iam').collection('signing_keys').findOne({}));
          expect(err).to.be.instanceOf(MongoServerError);
          expect(err.code).to.equal(18);
          expect(err.codeName).to.equal('AuthenticationFailed');
        } finally {
          await c.close();
        }
      }
    });

    it('lets the driver and mongoose in with the generated credentials from the returned uri', async () => {
      expect(mongo.uri).to.match(/^mongodb:\/\/[^:]+:[^@]+@127\.0\.0\.1:\d+\/\?authSource=admin$/);
      const c = new MongoClient(mongo.uri);
      try {
        const doc = await c.db('iam').collection('signing_keys').findOne({ kid: 'k1' });
        expect(doc?.privateKey).to.equal('secret-material');
        const status = await c.db('admin').command({ connectionStatus: 1 });
        expect(status.authInfo.authenticatedUsers).to.deep.equal([
          { user: mongo.auth?.username, db: 'admin' },
        ]);
      } finally {
        await c.close();
      }
      const mongoose = (await import('mongoose')).default;
      const conn = mongoose.createConnection(mongo.uri, { dbName: 'iam' });
      try {
        await conn.asPromise();
        expect(await conn.db?.collection('signing_keys').countDocuments()).to.equal(1);
      } finally {
        await conn.close();
      }
    });

    it('keeps the credentials in the data directory, readable by the owner only, across restarts', async () => {
      const file = join(dir.path, 'credentials.json');
      expect(mongo.auth?.credentialsFile).to.equal(file);
      expect(statSync(file).mode & 0o777).to.equal(0o600);
      const stored = JSON.parse(readFileSync(file, 'utf8')) as { username: string; password: string };
      expect(mongo.uri).to.include(`${stored.username}:${encodeURIComponent(stored.password)}@`);
      expect(stored.password.length).to.be.at.least(32);
      const before = mongo.uri.replace(/:\d+\//, ':PORT/');
      await mongo.stop();
      mongo = await startEmbeddedMongo({ dataDir: dir.path });
      expect(mongo.uri.replace(/:\d+\//, ':PORT/')).to.equal(before);
      const c = new MongoClient(mongo.uri);
      try {
        expect(await c.db('iam').collection('signing_keys').countDocuments()).to.equal(1);
      } finally {
        await c.close();
      }
    });
  });

  describe('in memory', () => {
    it('stays open by default (test servers) and requires authentication with auth: "required"', async () => {
      const open = await startEmbeddedMongo();
      const closed = await startEmbeddedMongo({ auth: 'required' });
      try {
        expect(open.auth).to.equal(null);
        const a = new MongoClient(open.uri);
        expect(await a.db('t').collection('x').countDocuments()).to.equal(0);
        await a.close();

        expect(closed.auth?.credentialsFile).to.equal(null);
        const anon = new MongoClient(anonymousUri(closed));
        expect((await errorOf(anon.db('t').collection('x').countDocuments())).code).to.equal(13);
        await anon.close();
        const owner = new MongoClient(closed.uri);
        await owner.db('t').collection('x').insertOne({ ok: true });
        expect(await owner.db('t').collection('x').countDocuments()).to.equal(1);
        await owner.close();
      } finally {
        await Promise.all([open.stop(), closed.stop()]);
      }
    });
  });
});
