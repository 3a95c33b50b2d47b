import { expect } from 'chai';
import { Types } from 'mongoose';
import { authModels } from '../../src/modules/auth/auth.model.js';
import type { TestContext } from '../helpers/context.js';
import { createAuthContext, login, registerConfirmed } from './helpers.js';

/** The BSON-level kind of a stored value, so `null`, dates, ids, strings and numbers are told apart. */
function kind(value: unknown): string {
  if (value === null) return 'null';
  if (value instanceof Date) return 'date';
  if (value instanceof Types.ObjectId) return 'objectId';
  return typeof value;
}

/**
 * A sign-in writes its session through the driver, not through mongoose (issue #38: less request
 * thread CPU per sign-in). What is stored must stay what the schema would store for the same session:
 * the same fields, defaults, types and values.
 */
describe('sign-in: the stored session document', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createAuthContext();
  });
  after(() => ctx.close());

  it('holds every field, default and type that mongoose would store for the same session', async () => {
    const { email } = await registerConfirmed(ctx);
    const tokens = await login(ctx, email);
    const sessions = ctx.database.connection.collection('auth_sessions');
    // A refresh token names its session: <session id>.<secret>.<tag>.
    const stored = await sessions.findOne({ _id: new Types.ObjectId(tokens.refresh_token.split('.')[0]) });
    expect(stored, 'the session of the sign-in').to.exist;

    // What the sign-in handed mongoose before (no defaults, no timestamps), through the model.
    const given = [
      'user_id',
      'last_used_at',
      'expires_at',
      'ip_address',
      'user_agent',
      'method',
      'auth_time',
      'application_id',
      'organization_id',
      'pool_id',
      'enrollment_only',
      'access_token_ttl_s',
      'second_factor',
      'refresh_secret_hash',
      'refresh_family_key',
    ];
    const { Sessions } = authModels(ctx.database.connection);
    const made = await Sessions.create(Object.fromEntries(given.map((key) => [key, stored![key]])));
    const viaMongoose = (await sessions.findOne({ _id: made._id }))!;

    expect(Object.keys(stored!).sort()).to.deep.equal(Object.keys(viaMongoose).sort());
    for (const key of Object.keys(viaMongoose)) {
      expect(kind(stored![key]), key).to.equal(kind(viaMongoose[key]));
    }
    const comparable = (doc: Record<string, unknown>) => ({ ...doc, _id: null, created_at: null });
    expect(comparable(stored!)).to.deep.equal(comparable(viaMongoose));
    expect(stored!.created_at, 'created at the sign-in').to.deep.equal(stored!.auth_time);
    expect(stored).to.include({ revoked_at: null, revoke_reason: null, method: 'password', __v: 0 });
  });
});
