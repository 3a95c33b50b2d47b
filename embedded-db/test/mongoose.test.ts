import { expect } from 'chai';
import mongoose, { Schema, type Connection, type Types } from 'mongoose';
import { startTestMongo, uniqueDbName, usingEmbedded, type TestMongo } from './helpers.js';

describe('db: mongoose models', () => {
  let mongo: TestMongo;
  let conn: Connection;

  interface User {
    email: string;
    display_name: string;
    age?: number;
    roles: string[];
    org?: Types.ObjectId;
    profile?: { bio?: string; links?: string[] };
    logins: number;
    created_at?: Date;
    updated_at?: Date;
  }
  interface Org {
    name: string;
    slug?: string;
  }
  interface Token {
    token?: string;
    expires_at?: Date;
  }
  const userSchema = new Schema<User>(
    {
      email: { type: String, required: true, unique: true, lowercase: true, trim: true },
      display_name: { type: String, required: true },
      age: { type: Number, min: 0 },
      roles: { type: [String], default: [] },
      org: { type: Schema.Types.ObjectId, ref: 'Org' },
      profile: { bio: String, links: [String] },
      logins: { type: Number, default: 0 },
    },
    { timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } },
  );
  userSchema.index({ org: 1, display_name: 1 });
  const orgSchema = new Schema<Org>({
    name: { type: String, required: true },
    slug: { type: String, unique: true },
  });
  const tokenSchema = new Schema<Token>({ token: String, expires_at: { type: Date, expires: 0 } });

  before(async () => {
    mongo = await startTestMongo({ ttlMonitorIntervalMs: 200 });
    conn = await mongoose
      .createConnection(mongo.uri, { dbName: uniqueDbName('mongoose'), serverSelectionTimeoutMS: 5000 })
      .asPromise();
  });
  after(async () => {
    await conn.dropDatabase().catch(() => {});
    await conn.close();
    await mongo.stop();
  });

  it('creates, reads, updates and deletes documents with validation and timestamps', async () => {
    const User = conn.model<User>('User', userSchema);
    await User.init();
    const u = await User.create({ email: '  Ann@Example.com ', display_name: 'Ann', age: 30 });
    expect(u.email).to.equal('ann@example.com');
    expect(u.created_at).to.be.instanceOf(Date);
    const found = await User.findById(u._id).lean();
    expect(found?.display_name).to.equal('Ann');
    expect(found?.roles).to.deep.equal([]);
    expect(String(found?._id)).to.equal(String(u._id));
    u.display_name = 'Ann B';
    u.roles.push('admin');
    await u.save();
    const reloaded = await User.findOne({ email: 'ann@example.com' });
    expect(reloaded?.display_name).to.equal('Ann B');
    expect(reloaded?.roles).to.deep.equal(['admin']);
    expect(reloaded?.updated_at?.getTime()).to.be.at.least(reloaded?.created_at?.getTime() ?? 0);
    const upd = await User.updateOne({ _id: u._id }, { $inc: { logins: 1 }, $addToSet: { roles: 'admin' } });
    expect(upd.matchedCount).to.equal(1);
    const after = await User.findOneAndUpdate(
      { _id: u._id },
      { $inc: { logins: 2 } },
      { returnDocument: 'after' },
    ).lean();
    expect(after?.logins).to.equal(3);
    expect(await User.countDocuments({ roles: 'admin' })).to.equal(1);
    const del = await User.deleteOne({ _id: u._id });
    expect(del.deletedCount).to.equal(1);
    expect(await User.findById(u._id)).to.equal(null);
  });

  it('rejects invalid documents before they reach the database', async () => {
    const User = conn.model<User>('User', userSchema);
    let err: unknown;
    try {
      await User.create({ email: 'x@y.z', display_name: 'X', age: -5 });
    } catch (e) {
      err = e;
    }
    expect(err).to.be.instanceOf(mongoose.Error.ValidationError);
  });

  it("raises mongoose's usual duplicate key error from unique indexes", async () => {
    const User = conn.model<User>('User', userSchema);
    await User.init();
    await User.create({ email: 'dup@x.y', display_name: 'One' });
    let err: (Error & { code?: number; keyValue?: unknown; keyPattern?: unknown }) | undefined;
    try {
      await User.create({ email: 'DUP@x.y', display_name: 'Two' });
    } catch (e) {
      err = e as typeof err;
    }
    expect(err?.name).to.equal('MongoServerError');
    expect(err?.code).to.equal(11000);
    expect(err?.keyValue).to.deep.equal({ email: 'dup@x.y' });
    expect(err?.keyPattern).to.deep.equal({ email: 1 });
    expect(err?.message).to.match(
      /^E11000 duplicate key error collection: [\w.]+users index: email_1 dup key: \{ email: "dup@x\.y" \}$/,
    );
    let bulkErr: (Error & { code?: number; insertedDocs?: unknown[] }) | undefined;
    try {
      await User.insertMany(
        [
          { email: 'm1@x.y', display_name: 'm1' },
          { email: 'dup@x.y', display_name: 'm2' },
        ],
        { ordered: false },
      );
    } catch (e) {
      bulkErr = e as typeof bulkErr;
    }
    expect(bulkErr?.code).to.equal(11000);
    expect(await User.countDocuments({ email: 'm1@x.y' })).to.equal(1);
  });

  it('syncs indexes and lists them', async () => {
    const User = conn.model<User>('User', userSchema);
    await User.syncIndexes();
    const idx = await User.listIndexes();
    const names = idx.map((i: { name: string }) => i.name).sort();
    expect(names).to.include.members(['_id_', 'email_1', 'org_1_display_name_1']);
    const diff = await User.diffIndexes();
    expect(diff.toCreate).to.deep.equal([]);
    expect(diff.toDrop).to.deep.equal([]);
  });

  it('populates references and aggregates', async () => {
    const Org = conn.model<Org>('Org', orgSchema);
    const User = conn.model<User>('User', userSchema);
    await Org.init();
    const org = await Org.create({ name: 'Acme', slug: 'acme' });
    await User.create([
      { email: 'p1@acme.io', display_name: 'P1', org: org._id, age: 20 },
      { email: 'p2@acme.io', display_name: 'P2', org: org._id, age: 40 },
    ]);
    const withOrg = await User.findOne({ email: 'p1@acme.io' })
      .populate<{ org: { name: string } }>('org')
      .lean();
    expect(withOrg?.org?.name).to.equal('Acme');
    const stats = await User.aggregate<{ _id: unknown; avg: number; n: number }>([
      { $match: { org: org._id } },
      { $group: { _id: '$org', avg: { $avg: '$age' }, n: { $sum: 1 } } },
    ]);
    expect(stats).to.have.length(1);
    expect(stats[0]?.avg).to.equal(30);
    expect(String(stats[0]?._id)).to.equal(String(org._id));
    const page = await User.find({ org: org._id })
      .sort({ age: -1 })
      .skip(1)
      .limit(1)
      .select('display_name -_id')
      .lean();
    expect(page).to.deep.equal([{ display_name: 'P1' }]);
    expect(await User.exists({ email: 'p2@acme.io' })).to.not.equal(null);
    expect(await User.distinct('display_name', { org: org._id })).to.have.members(['P1', 'P2']);
  });

  it('expires documents through a schema TTL index', async function () {
    if (!usingEmbedded) this.skip();
    const Token = conn.model<Token>('Token', tokenSchema);
    await Token.init();
    await Token.create([
      { token: 'old', expires_at: new Date(Date.now() - 1000) },
      { token: 'new', expires_at: new Date(Date.now() + 60_000) },
    ]);
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && (await Token.countDocuments()) > 1)
      await new Promise((r) => setTimeout(r, 50));
    expect((await Token.find().lean()).map((t) => t.token)).to.deep.equal(['new']);
  });
});
