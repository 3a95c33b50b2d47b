import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, signedInUser } from '../auth/helpers.js';
import {
  auditOf,
  createApplication,
  createOrganization,
  createProject,
  type User,
} from '../projects/helpers.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Client secrets of web and m2m clients (issue #32): shown once, stored as SHA-256 only, rotated
 * with an overlap; and the look-ups the provider uses (oidcClientOf, oidcResourceServer).
 */
describe('applications as OpenID clients: secrets and look-ups', function () {
  this.timeout(60_000);
  let ctx: TestContext;
  let admin: User;
  let organizationId: string;
  let projectId: string;

  const patchOidc = (id: string, oidc: object) =>
    ctx.request.patch(`/api/v1/applications/${id}`).set(bearer(admin.access_token)).send({ oidc });
  const rotate = (id: string, body: object = {}) =>
    ctx.request.post(`/api/v1/applications/${id}/oidc/secret`).set(bearer(admin.access_token)).send(body);
  const get = (id: string) => ctx.request.get(`/api/v1/applications/${id}`).set(bearer(admin.access_token));
  const stored = (id: string) =>
    ctx.database.connection.collection('applications').findOne({ _id: new Types.ObjectId(id) });
  async function client(type: string, fields: object = {}) {
    const id = (
      await createApplication(ctx, admin, projectId, { allowed_origins: ['https://shop.example.com'] })
    ).id;
    const redirects = type === 'm2m' ? {} : { redirect_uris: ['https://shop.example.com/cb'] };
    if (type === 'native') Object.assign(redirects, { redirect_uris: ['com.example.shop:/cb'] });
    await patchOidc(id, { client_type: type, ...redirects, ...fields }).expect(200);
    return id;
  }

  before(async () => {
    ctx = await createAuthContext();
    admin = await signedInUser(ctx, 'oidcsecrets');
    organizationId = await createOrganization(ctx, admin);
    projectId = (await createProject(ctx, admin, organizationId)).id;
  });
  after(() => ctx.close());

  describe('secrets', () => {
    it('a first secret: 43 characters base64url, shown once, only its SHA-256 stored', async () => {
      const id = await client('web');
      const answer = await rotate(id).expect(201);
      const { client_secret: secret, created_at: createdAt } = answer.body;
      expect(answer.body).to.have.all.keys('client_secret', 'created_at', 'previous_secret_expires_at');
      expect(secret).to.match(/^[A-Za-z0-9_-]{43}$/);
      expect(answer.body.previous_secret_expires_at).to.equal(null);

      const document = (await stored(id))!;
      expect(document.oidc.secrets).to.deep.equal([
        { hash: sha256(secret), created_at: new Date(createdAt), expires_at: null },
      ]);
      expect(JSON.stringify(document), 'the secret itself is stored nowhere').not.to.include(secret);

      const read = await get(id).expect(200);
      expect(read.body.oidc).to.deep.include({
        client_secret_set: true,
        client_secret_created_at: createdAt,
      });
      const text = JSON.stringify(read.body);
      expect(text).not.to.include(secret);
      expect(text, 'nor its hash').not.to.include(sha256(secret));
      expect(read.body.oidc).not.to.have.property('secrets');
      // Nor the list, nor a PATCH's answer.
      const list = await ctx.request
        .get('/api/v1/applications')
        .query({ project_id: projectId })
        .set(bearer(admin.access_token))
        .expect(200);
      expect(JSON.stringify(list.body)).not.to.include(sha256(secret));
      const patched = await patchOidc(id, { first_party: false }).expect(200);
      expect(JSON.stringify(patched.body)).not.to.include(sha256(secret));
    });

    it('rotation keeps the previous secret for the overlap, at most one previous, and a new one each time', async () => {
      const id = await client('m2m');
      const first = (await rotate(id).expect(201)).body;
      const asked = Date.now();
      const second = (await rotate(id, { overlap_seconds: 3600 }).expect(201)).body;
      expect(second.client_secret).not.to.equal(first.client_secret);
      const expiresAt = new Date(second.previous_secret_expires_at).getTime();
      expect(expiresAt).to.be.within(asked + 3600_000 - 5_000, Date.now() + 3600_000 + 1_000);
      let secrets = (await stored(id))!.oidc.secrets as Array<{ hash: string; expires_at: Date | null }>;
      expect(secrets.map((secret) => secret.hash)).to.deep.equal([
        sha256(second.client_secret),
        sha256(first.client_secret),
      ]);
      expect(secrets[0]!.expires_at).to.equal(null);
      expect(secrets[1]!.expires_at!.toISOString()).to.equal(second.previous_secret_expires_at);

      // A third: the first is gone at once, the second keeps the default overlap (one day).
      const third = (await rotate(id).expect(201)).body;
      secrets = (await stored(id))!.oidc.secrets;
      expect(secrets.map((secret) => secret.hash)).to.deep.equal([
        sha256(third.client_secret),
        sha256(second.client_secret),
      ]);
      const day = new Date(third.previous_secret_expires_at).getTime() - new Date(third.created_at).getTime();
      expect(day).to.equal(86_400_000);
      expect((await get(id).expect(200)).body.oidc.client_secret_created_at).to.equal(third.created_at);

      // Overlap 0: the previous stops at once.
      const fourth = (await rotate(id, { overlap_seconds: 0 }).expect(201)).body;
      expect(fourth.previous_secret_expires_at).to.equal(fourth.created_at);
      secrets = (await stored(id))!.oidc.secrets;
      expect(secrets.map((secret) => secret.hash)).to.deep.equal([sha256(fourth.client_secret)]);
    });

    it('overlap_seconds: 0 to 604800, whole seconds', async () => {
      const id = await client('web');
      for (const overlap of [-1, 604_801, 1.5, '60']) {
        const response = await rotate(id, { overlap_seconds: overlap }).expect(400);
        expect(response.body.code).to.equal('validation_failed');
        expect(response.body.error).to.match(/^body\.overlap_seconds: .*e\.g\. 86400/);
      }
      expect((await stored(id))!.oidc.secrets).to.deep.equal([]);
      await rotate(id, { overlap_seconds: 604_800 }).expect(201);
    });

    it('only web and m2m have secrets: 400 oidc_secret_not_applicable says why', async () => {
      for (const type of ['spa', 'native']) {
        const id = await client(type);
        const response = await rotate(id).expect(400);
        expect(response.body.code).to.equal('oidc_secret_not_applicable');
        expect(response.body.error).to.match(new RegExp(`is a (single-page|native) app \\(${type}\\).*PKCE`));
        expect((await stored(id))!.oidc.secrets).to.deep.equal([]);
      }
      const none = (await createApplication(ctx, admin, projectId)).id;
      const response = await rotate(none).expect(400);
      expect(response.body.error).to.match(/no OpenID client yet.*web or m2m/);
    });

    it('a switch to a public client or to no client drops the secrets', async () => {
      const id = await client('web');
      await rotate(id).expect(201);
      await rotate(id).expect(201);
      const spa = await patchOidc(id, { client_type: 'spa' }).expect(200);
      expect(spa.body.oidc).to.deep.include({ client_secret_set: false, client_secret_created_at: null });
      expect((await stored(id))!.oidc.secrets).to.deep.equal([]);
      const web = await patchOidc(id, { client_type: 'web' }).expect(200);
      expect(web.body.oidc.client_secret_set, 'no old secret comes back').to.equal(false);
      // No client any more: no secret either.
      await rotate(id).expect(201);
      const none = await patchOidc(id, { client_type: null }).expect(200);
      expect(none.body.oidc.client_secret_set).to.equal(false);
      expect((await stored(id))!.oidc.secrets).to.deep.equal([]);
      const audit = (await auditOf(ctx, id)).filter((entry) => entry.action === 'application.oidc_updated');
      expect(audit.map((entry) => entry.metadata.client_secrets_removed)).to.deep.equal([
        undefined,
        true,
        undefined,
        true,
      ]);
    });

    it('audits application.oidc_secret_rotated without the secret or its hash', async () => {
      const id = await client('web');
      const first = (await rotate(id).expect(201)).body;
      const second = (await rotate(id, { overlap_seconds: 60 }).expect(201)).body;
      const entries = (await auditOf(ctx, id)).filter(
        (entry) => entry.action === 'application.oidc_secret_rotated',
      );
      expect(entries.map((entry) => entry.metadata)).to.deep.equal([
        { first_secret: true, overlap_seconds: 86_400, previous_secret_expires_at: null },
        {
          first_secret: false,
          overlap_seconds: 60,
          previous_secret_expires_at: second.previous_secret_expires_at,
        },
      ]);
      expect(entries.map((entry) => entry.status_code)).to.deep.equal([201, 201]);
      const everything = JSON.stringify(await auditOf(ctx, id));
      for (const secret of [first.client_secret, second.client_secret]) {
        expect(everything).not.to.include(secret);
        expect(everything).not.to.include(sha256(secret));
      }
    });

    it('two rotations at once: both secrets answered are the two kept', async () => {
      const id = await client('web');
      const [a, b] = await Promise.all([rotate(id), rotate(id)]);
      expect([a.status, b.status]).to.deep.equal([201, 201]);
      const hashes = ((await stored(id))!.oidc.secrets as Array<{ hash: string }>).map(
        (secret) => secret.hash,
      );
      expect(hashes).to.have.members([sha256(a.body.client_secret), sha256(b.body.client_secret)]);
    });
  });

  describe('oidcClientOf', () => {
    it('answers an active client with its settings and the secrets’ hashes', async () => {
      const id = await client('web', {
        post_logout_redirect_uris: ['https://shop.example.com/'],
        access_token_ttl_s: 900,
        api_identifier: 'https://api.example.com/shop',
        api_scopes: ['order:read'],
      });
      const secret = (await rotate(id).expect(201)).body.client_secret as string;
      const record = await ctx.services.applications.oidcClientOf(id);
      expect(record).to.deep.equal({
        application_id: id,
        project_id: projectId,
        organization_id: organizationId,
        name: 'Storefront',
        cors_origins: ['https://shop.example.com'],
        oidc: {
          client_type: 'web',
          redirect_uris: ['https://shop.example.com/cb'],
          post_logout_redirect_uris: ['https://shop.example.com/'],
          grant_types: ['authorization_code', 'refresh_token'],
          first_party: true,
          token_endpoint_auth_method: 'client_secret_basic',
          jwks_uri: null,
          backchannel_logout_uri: null,
          access_token_ttl_s: 900,
          refresh_token_ttl_s: null,
          api_identifier: 'https://api.example.com/shop',
          api_scopes: ['order:read'],
          secrets: [{ hash: sha256(secret), expires_at: null }],
        },
      });
    });

    it('null for no client type, a deleted application, unknown and malformed ids', async () => {
      const plain = (await createApplication(ctx, admin, projectId)).id;
      expect(await ctx.services.applications.oidcClientOf(plain)).to.equal(null);
      const spa = await client('spa');
      expect((await ctx.services.applications.oidcClientOf(spa))!.oidc.client_type).to.equal('spa');
      await patchOidc(spa, { client_type: null }).expect(200);
      expect(await ctx.services.applications.oidcClientOf(spa), 'type back to null').to.equal(null);
      const deleted = await client('native');
      expect(await ctx.services.applications.oidcClientOf(deleted)).not.to.equal(null);
      await ctx.request.delete(`/api/v1/applications/${deleted}`).set(bearer(admin.access_token)).expect(204);
      expect(await ctx.services.applications.oidcClientOf(deleted), 'inactive').to.equal(null);
      for (const id of [new Types.ObjectId().toHexString(), 'not-an-id', 'aaaaaaaaaaaa', '', `${spa} `]) {
        expect(await ctx.services.applications.oidcClientOf(id), JSON.stringify(id)).to.equal(null);
      }
    });
  });

  describe('oidcResourceServer', () => {
    it('answers the project’s active API with that identifier, else null', async () => {
      const id = (await createApplication(ctx, admin, projectId)).id;
      await patchOidc(id, {
        api_identifier: 'urn:example:invoices',
        api_scopes: ['invoice:read', 'invoice:write'],
        access_token_ttl_s: 300,
      }).expect(200);
      const { applications } = ctx.services;
      expect(await applications.oidcResourceServer(projectId, 'urn:example:invoices')).to.deep.equal({
        application_id: id,
        identifier: 'urn:example:invoices',
        scopes: ['invoice:read', 'invoice:write'],
        access_token_ttl_s: 300,
      });
      const otherProject = (await createProject(ctx, admin, organizationId)).id;
      expect(
        await applications.oidcResourceServer(otherProject, 'urn:example:invoices'),
        'other project',
      ).to.equal(null);
      expect(await applications.oidcResourceServer(projectId, 'urn:example:other')).to.equal(null);
      expect(await applications.oidcResourceServer(projectId, 'URN:EXAMPLE:INVOICES'), 'exact').to.equal(
        null,
      );
      expect(await applications.oidcResourceServer('nope', 'urn:example:invoices')).to.equal(null);
      expect(await applications.oidcResourceServer(projectId, '')).to.equal(null);
      await ctx.request.delete(`/api/v1/applications/${id}`).set(bearer(admin.access_token)).expect(204);
      expect(await applications.oidcResourceServer(projectId, 'urn:example:invoices'), 'deleted').to.equal(
        null,
      );
    });

    it('each look-up is one read, on an index that names what it looks for', async () => {
      const id = await client('web', { api_identifier: 'urn:example:plan' });
      const reads: Array<{ collection: string; method: string; query: object }> = [];
      const { connection } = ctx.database;
      connection.set('debug', (collection: string, method: string, query: object) => {
        reads.push({ collection, method, query });
      });
      try {
        expect(await ctx.services.applications.oidcClientOf(id)).not.to.equal(null);
        expect(
          await ctx.services.applications.oidcResourceServer(projectId, 'urn:example:plan'),
        ).not.to.equal(null);
      } finally {
        connection.set('debug', false);
      }
      expect(reads.map((read) => `${read.collection}.${read.method}`)).to.deep.equal([
        'applications.findOne',
        'applications.findOne',
      ]);
      const planOf = async (query: object) => {
        const explained = (await connection.collection('applications').find(query).limit(1).explain()) as {
          queryPlanner: { winningPlan: { inputStage?: { stage: string; keyPattern: object } } };
        };
        return explained.queryPlanner.winningPlan.inputStage;
      };
      expect(await planOf(reads[0]!.query)).to.deep.include({ stage: 'IXSCAN', keyPattern: { _id: 1 } });
      // The look-up index (the embedded engine's choice); MongoDB may pick the unique one, as precise.
      const resourcePlan = await planOf(reads[1]!.query);
      expect(resourcePlan!.stage).to.equal('IXSCAN');
      expect(resourcePlan!.keyPattern).to.include({ project_id: 1, 'oidc.api_identifier': 1 });
      // The unique index behind api_identifier_taken: per project, active applications with one.
      const indexes = await connection.collection('applications').indexes();
      expect(indexes.find((index) => index.unique && 'oidc.api_identifier' in index.key)).to.deep.include({
        key: { project_id: 1, 'oidc.api_identifier': 1 },
        partialFilterExpression: { is_active: true, 'oidc.api_identifier': { $type: 'string' } },
      });
    });
  });
});
