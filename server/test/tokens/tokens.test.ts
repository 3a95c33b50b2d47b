import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { addMember } from '../projects/helpers.js';
import { bearer, createAuthContext, signedInUser } from '../auth/helpers.js';
import { createApplication, createTenant, createToken, storedToken, type Tenant } from './helpers.js';

describe('API tokens: issue, list, get, revoke', () => {
  let ctx: TestContext;
  let owner: Tenant;
  let stranger: Tenant;

  before(async () => {
    ctx = await createAuthContext();
    owner = await createTenant(ctx, 'owner');
    stranger = await createTenant(ctx, 'stranger');
  });
  after(() => ctx.close());

  describe('POST /tokens', () => {
    it('answers 201 with the token (cs_ + 64 hex) once, and its 8-character prefix', async () => {
      const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
      const response = await ctx.request
        .post('/api/v1/tokens')
        .set(bearer(owner.user.access_token))
        .send({
          name: '  Deploy bot ',
          scopes: ['read', 'write'],
          application_id: owner.applicationId,
          expires_at: expiresAt,
        })
        .expect(201);
      const body = response.body;
      expect(response.headers['cache-control']).to.equal('no-store');
      expect(body.token).to.match(/^cs_[0-9a-f]{64}$/);
      expect(body).to.include({
        name: 'Deploy bot',
        prefix: body.token.slice(0, 8),
        is_active: true,
        status: 'active',
        application_id: owner.applicationId,
        expires_at: expiresAt,
        last_used_at: null,
        revoked_at: null,
      });
      expect(body.scopes).to.deep.equal(['read', 'write']);
      expect(body).not.to.have.any.keys('token_hash', '_id', '__v', 'user_id');
    });

    it('issues a different token every time', async () => {
      const a = await createToken(ctx, owner.user, owner.applicationId);
      const b = await createToken(ctx, owner.user, owner.applicationId);
      expect(a.token).not.to.equal(b.token);
    });

    it('stores only the SHA-256 hex and the prefix, never the token, anywhere in the database', async () => {
      const created = await createToken(ctx, owner.user, owner.applicationId, { name: 'Stored check' });
      const stored = await storedToken(ctx, created.id);
      expect(stored).to.include({
        prefix: created.token.slice(0, 8),
        token_hash: createHash('sha256').update(created.token).digest('hex'),
      });
      const secret = created.token.slice(3);
      const connection = ctx.database.connection;
      const collections = await connection.db!.listCollections().toArray();
      expect(collections.map((c) => c.name)).to.include.members(['api_tokens', 'activity_logs']);
      for (const { name } of collections) {
        const everything = JSON.stringify(await connection.collection(name).find({}).toArray());
        expect(everything, `collection ${name}`).not.to.include(secret);
      }
    });

    it('audits the creation without the token or its hash', async () => {
      const created = await createToken(ctx, owner.user, owner.applicationId, {
        name: 'Audited',
        scopes: ['analytics'],
      });
      const entry = await ctx.database.connection
        .collection('activity_logs')
        .findOne({ action: 'token.created', resource_id: created.id });
      expect(entry).to.include({ resource_type: 'token', status_code: 201 });
      expect(String(entry!.user_id)).to.equal(owner.user.user.id);
      expect(String(entry!.organization_id)).to.equal(owner.organizationId);
      expect(entry!.metadata).to.deep.include({
        name: 'Audited',
        scopes: ['analytics'],
        prefix: created.prefix,
      });
      const stored = await storedToken(ctx, created.id);
      expect(JSON.stringify(entry)).not.to.include(stored!.token_hash).and.not.to.include(created.token);
    });

    describe('refuses invalid input with 400 and field errors', () => {
      const cases: Array<[string, Record<string, unknown>, string]> = [
        ['a missing name', { name: undefined }, 'body.name'],
        ['a blank name', { name: '   ' }, 'body.name'],
        ['no scopes', { scopes: [] }, 'body.scopes'],
        ['missing scopes', { scopes: undefined }, 'body.scopes'],
        ['an unknown scope', { scopes: ['read', 'superuser'] }, 'body.scopes.1'],
        ['a repeated scope', { scopes: ['read', 'read'] }, 'body.scopes'],
        ['a missing application', { application_id: undefined }, 'body.application_id'],
        ['an application id that is not an id', { application_id: 'abc' }, 'body.application_id'],
        ['an operator as application id', { application_id: { $ne: null } }, 'body.application_id'],
        ['an expiry in the past', { expires_at: '2020-01-01T00:00:00Z' }, 'body.expires_at'],
        ['an expiry that is not a date', { expires_at: 'tomorrow' }, 'body.expires_at'],
      ];
      for (const [label, override, path] of cases) {
        it(label, async () => {
          const before = await ctx.database.connection.collection('api_tokens').countDocuments();
          const body = { name: 'Token', scopes: ['read'], application_id: owner.applicationId, ...override };
          const response = await ctx.request
            .post('/api/v1/tokens')
            .set(bearer(owner.user.access_token))
            .send(body)
            .expect(400);
          expect(response.body.code).to.equal('validation_failed');
          expect(response.body.details.map((d: { path: string }) => d.path)).to.include(path);
          expect(await ctx.database.connection.collection('api_tokens').countDocuments()).to.equal(before);
        });
      }

      it('all at once, naming each field', async () => {
        const response = await ctx.request
          .post('/api/v1/tokens')
          .set(bearer(owner.user.access_token))
          .send({})
          .expect(400);
        const paths = response.body.details.map((d: { path: string }) => d.path);
        expect(paths).to.include.members(['body.name', 'body.scopes', 'body.application_id']);
      });
    });

    it("answers 404 for another tenant's application and for one that does not exist, creating nothing", async () => {
      const before = await ctx.database.connection.collection('api_tokens').countDocuments();
      for (const applicationId of [stranger.applicationId, new Types.ObjectId().toHexString()]) {
        const response = await ctx.request
          .post('/api/v1/tokens')
          .set(bearer(owner.user.access_token))
          .send({ name: 'Sneaky', scopes: ['admin'], application_id: applicationId })
          .expect(404);
        expect(response.body.code).to.equal('application_not_found');
      }
      expect(await ctx.database.connection.collection('api_tokens').countDocuments()).to.equal(before);
    });

    it('requires sign-in', async () => {
      await ctx.request
        .post('/api/v1/tokens')
        .send({ name: 'x', scopes: ['read'], application_id: owner.applicationId })
        .expect(401);
    });
  });

  describe('GET /tokens and /tokens/:id', () => {
    let lister: Tenant;
    let otherApplicationId: string;
    const ids: string[] = [];

    before(async () => {
      lister = await createTenant(ctx, 'lister');
      otherApplicationId = await createApplication(ctx, lister.user, lister.projectId, 'Second app');
      ids.push((await createToken(ctx, lister.user, lister.applicationId, { name: 'first' })).id);
      ids.push((await createToken(ctx, lister.user, otherApplicationId, { name: 'second' })).id);
      ids.push((await createToken(ctx, lister.user, lister.applicationId, { name: 'third' })).id);
    });

    it("lists only the caller's tokens, newest first, without the token itself", async () => {
      const response = await ctx.request
        .get('/api/v1/tokens')
        .set(bearer(lister.user.access_token))
        .expect(200);
      expect(response.body.data.map((t: { name: string }) => t.name)).to.deep.equal([
        'third',
        'second',
        'first',
      ]);
      expect(response.body.next_cursor).to.equal(null);
      for (const token of response.body.data) {
        expect(token).to.have.all.keys(
          'id',
          'name',
          'prefix',
          'scopes',
          'is_active',
          'status',
          'expires_at',
          'last_used_at',
          'revoked_at',
          'application_id',
          'created_at',
        );
      }
    });

    it('filters by application', async () => {
      const response = await ctx.request
        .get('/api/v1/tokens')
        .query({ application_id: otherApplicationId })
        .set(bearer(lister.user.access_token))
        .expect(200);
      expect(response.body.data.map((t: { id: string }) => t.id)).to.deep.equal([ids[1]]);
    });

    it('pages with limit and cursor', async () => {
      const first = await ctx.request
        .get('/api/v1/tokens')
        .query({ limit: 2 })
        .set(bearer(lister.user.access_token))
        .expect(200);
      expect(first.body.data.map((t: { name: string }) => t.name)).to.deep.equal(['third', 'second']);
      expect(first.body.next_cursor).to.be.a('string');
      const second = await ctx.request
        .get('/api/v1/tokens')
        .query({ limit: 2, cursor: first.body.next_cursor })
        .set(bearer(lister.user.access_token))
        .expect(200);
      expect(second.body.data.map((t: { name: string }) => t.name)).to.deep.equal(['first']);
      expect(second.body.next_cursor).to.equal(null);
    });

    it('gets one own token', async () => {
      const response = await ctx.request
        .get(`/api/v1/tokens/${ids[0]}`)
        .set(bearer(lister.user.access_token))
        .expect(200);
      expect(response.body).to.include({ id: ids[0], name: 'first', status: 'active' });
      expect(response.body).not.to.have.property('token');
    });

    it("hides other users' tokens: not listed, 404 on get", async () => {
      const list = await ctx.request
        .get('/api/v1/tokens')
        .set(bearer(stranger.user.access_token))
        .expect(200);
      expect(list.body.data.map((t: { id: string }) => t.id)).not.to.include.members(ids);
      const filtered = await ctx.request
        .get('/api/v1/tokens')
        .query({ application_id: lister.applicationId })
        .set(bearer(stranger.user.access_token))
        .expect(200);
      expect(filtered.body.data).to.deep.equal([]);
      const get = await ctx.request
        .get(`/api/v1/tokens/${ids[0]}`)
        .set(bearer(stranger.user.access_token))
        .expect(404);
      expect(get.body.code).to.equal('token_not_found');
    });

    it('reports expired tokens as expired', async () => {
      const created = await createToken(ctx, lister.user, lister.applicationId, { name: 'expiring' });
      await ctx.database.connection
        .collection('api_tokens')
        .updateOne(
          { _id: new Types.ObjectId(created.id) },
          { $set: { expires_at: new Date(Date.now() - 1000) } },
        );
      const response = await ctx.request
        .get(`/api/v1/tokens/${created.id}`)
        .set(bearer(lister.user.access_token))
        .expect(200);
      expect(response.body).to.include({ status: 'expired', is_active: true });
    });

    it('answers 400 for a malformed id and 404 for an unknown one', async () => {
      await ctx.request.get('/api/v1/tokens/not-an-id').set(bearer(lister.user.access_token)).expect(400);
      await ctx.request
        .get(`/api/v1/tokens/${new Types.ObjectId().toHexString()}`)
        .set(bearer(lister.user.access_token))
        .expect(404);
    });
  });

  describe('POST /tokens/:id/revoke', () => {
    it('blocks the token for good and audits it once; revoking again answers 200 and changes nothing', async () => {
      const created = await createToken(ctx, owner.user, owner.applicationId, { name: 'To revoke' });
      const first = await ctx.request
        .post(`/api/v1/tokens/${created.id}/revoke`)
        .set(bearer(owner.user.access_token))
        .expect(200);
      expect(first.body).to.include({ id: created.id, is_active: false, status: 'revoked' });
      expect(first.body.revoked_at).to.be.a('string');
      const again = await ctx.request
        .post(`/api/v1/tokens/${created.id}/revoke`)
        .set(bearer(owner.user.access_token))
        .expect(200);
      expect(again.body).to.deep.equal(first.body);
      const entries = await ctx.database.connection
        .collection('activity_logs')
        .find({ action: 'token.revoked', resource_id: created.id })
        .toArray();
      expect(entries).to.have.length(1);
      expect(entries[0]).to.include({ resource_type: 'token', status_code: 200 });
      expect(JSON.stringify(entries[0])).not.to.include(created.token);
    });

    it("answers 404 for another user's token and leaves it working", async () => {
      const created = await createToken(ctx, owner.user, owner.applicationId, { name: 'Not yours' });
      const response = await ctx.request
        .post(`/api/v1/tokens/${created.id}/revoke`)
        .set(bearer(stranger.user.access_token))
        .expect(404);
      expect(response.body.code).to.equal('token_not_found');
      expect(await storedToken(ctx, created.id)).to.include({ is_active: true });
      await ctx.request.get('/api/v1/auth/me').set(bearer(created.token)).expect(200);
    });

    it('a member of the same organization cannot revoke the owner’s token either', async () => {
      const colleague = await signedInUser(ctx, 'colleague');
      await addMember(ctx, owner.user, owner.organizationId, colleague, 'admin');
      const created = await createToken(ctx, owner.user, owner.applicationId, { name: 'Mine' });
      await ctx.request
        .post(`/api/v1/tokens/${created.id}/revoke`)
        .set(bearer(colleague.access_token))
        .expect(404);
      await ctx.request.get(`/api/v1/tokens/${created.id}`).set(bearer(colleague.access_token)).expect(404);
      expect(await storedToken(ctx, created.id)).to.include({ is_active: true });
    });
  });

  describe('TokensService.revokeAllOfUser (used by password reset and change)', () => {
    it("revokes every working token of the user, audits each with the reason, and leaves others' tokens alone", async () => {
      const victim = await createTenant(ctx, 'victim');
      const secondApplicationId = await createApplication(ctx, victim.user, victim.projectId, 'Other app');
      const a = await createToken(ctx, victim.user, victim.applicationId, { name: 'a', scopes: ['admin'] });
      const b = await createToken(ctx, victim.user, secondApplicationId, { name: 'b' });
      const earlier = await createToken(ctx, victim.user, victim.applicationId, { name: 'revoked before' });
      await ctx.request
        .post(`/api/v1/tokens/${earlier.id}/revoke`)
        .set(bearer(victim.user.access_token))
        .expect(200);
      const strangers = await createToken(ctx, stranger.user, stranger.applicationId, { name: 'unrelated' });
      for (const token of [a, b])
        await ctx.request.get('/api/v1/auth/me').set(bearer(token.token)).expect(200);

      const count = await ctx.services.tokens.revokeAllOfUser(victim.user.user.id, 'password_reset');
      expect(count).to.equal(2);

      for (const token of [a, b]) {
        const response = await ctx.request.get('/api/v1/auth/me').set(bearer(token.token)).expect(401);
        expect(response.body.code).to.equal('api_token_revoked');
      }
      const listed = await ctx.request
        .get('/api/v1/tokens')
        .set(bearer(victim.user.access_token))
        .expect(200);
      expect(listed.body.data.map((t: { status: string }) => t.status)).to.deep.equal([
        'revoked',
        'revoked',
        'revoked',
      ]);
      const entries = await ctx.database.connection
        .collection('activity_logs')
        .find({ action: 'token.revoked', resource_id: { $in: [a.id, b.id, earlier.id] } })
        .toArray();
      expect(entries).to.have.length(3);
      for (const id of [a.id, b.id]) {
        const entry = entries.find((e) => e.resource_id === id);
        expect(entry!.metadata).to.include({ reason: 'password_reset' });
        expect(String(entry!.user_id)).to.equal(victim.user.user.id);
      }
      await ctx.request.get('/api/v1/auth/me').set(bearer(strangers.token)).expect(200);

      expect(await ctx.services.tokens.revokeAllOfUser(victim.user.user.id, 'password_reset')).to.equal(0);
    });
  });

  it('are in the OpenAPI document with their schemas', async () => {
    const document = (await ctx.request.get('/api/v1/openapi.json').expect(200)).body;
    expect(document.paths['/api/v1/tokens']).to.have.keys('get', 'post');
    expect(document.paths['/api/v1/tokens/{id}']).to.have.keys('get');
    expect(document.paths['/api/v1/tokens/{id}/revoke']).to.have.keys('post');
    expect(document.paths['/api/v1/permissions']).to.have.keys('post');
    expect(document.components.schemas).to.include.keys(
      'ApiToken',
      'CreatedApiToken',
      'CreateApiTokenRequest',
      'ApiTokenList',
      'PermissionsResponse',
    );
    expect(document.paths['/api/v1/tokens'].post['x-token-scope']).to.equal(null);
  });
});
