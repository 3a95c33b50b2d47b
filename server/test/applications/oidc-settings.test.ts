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

/**
 * Applications as OpenID Connect clients (issue #32): the `oidc` settings on the application —
 * defaults, answers, the rules of each client type, checked as a whole after merging.
 */
describe('applications as OpenID clients: settings', function () {
  this.timeout(60_000);
  let ctx: TestContext;
  let admin: User;
  let projectId: string;

  const patch = (id: string, body: unknown) =>
    ctx.request
      .patch(`/api/v1/applications/${id}`)
      .set(bearer(admin.access_token))
      .send(body as object);
  const patchOidc = (id: string, oidc: Record<string, unknown>) => patch(id, { oidc });
  const get = (id: string) => ctx.request.get(`/api/v1/applications/${id}`).set(bearer(admin.access_token));
  const stored = (id: string) =>
    ctx.database.connection.collection('applications').findOne({ _id: new Types.ObjectId(id) });
  const newApp = async () => (await createApplication(ctx, admin, projectId)).id;

  /** 400 validation_failed, with the first problem's path in `error` and every problem in details. */
  async function refused(id: string, oidc: Record<string, unknown>, path: string, pattern: RegExp) {
    const before = await stored(id);
    const response = await patchOidc(id, oidc);
    expect(response.status, JSON.stringify(response.body)).to.equal(400);
    expect(response.body.code).to.equal('validation_failed');
    const detail = (response.body.details as Array<{ path: string; message: string }>).find(
      (entry) => entry.path === path,
    );
    expect(detail, `${path} in ${JSON.stringify(response.body.details)}`).to.not.equal(undefined);
    expect(detail!.message).to.match(pattern);
    // Every refusal names an example of a right value.
    expect(detail!.message, 'an example').to.match(/e\.g\.|send |: send|choose that method/);
    expect(await stored(id), 'nothing written').to.deep.equal(before);
    return response;
  }

  before(async () => {
    ctx = await createAuthContext({ PUBLIC_URL: 'https://iam.example.com' });
    admin = await signedInUser(ctx, 'oidcadmin');
    const organizationId = await createOrganization(ctx, admin);
    projectId = (await createProject(ctx, admin, organizationId)).id;
  });
  after(() => ctx.close());

  describe('defaults and answers', () => {
    it('a new application is no client: the defaults, client_id = its id, issuer of its project', async () => {
      const created = await createApplication(ctx, admin, projectId);
      const expected = {
        client_id: created.id,
        issuer: `https://iam.example.com/oidc/${projectId}`,
        client_type: null,
        redirect_uris: [],
        post_logout_redirect_uris: [],
        grant_types: [],
        first_party: true,
        token_endpoint_auth_method: 'none',
        jwks_uri: null,
        backchannel_logout_uri: null,
        access_token_ttl_s: null,
        refresh_token_ttl_s: null,
        api_identifier: null,
        api_scopes: [],
        client_secret_set: false,
        client_secret_created_at: null,
      };
      expect(created.oidc).to.deep.equal(expected);
      expect((await get(created.id).expect(200)).body.oidc).to.deep.equal(expected);
      const list = await ctx.request
        .get('/api/v1/applications')
        .query({ project_id: projectId })
        .set(bearer(admin.access_token))
        .expect(200);
      const listed = (list.body.data as Array<{ id: string; oidc: unknown }>).find(
        (application) => application.id === created.id,
      );
      expect(listed!.oidc).to.deep.equal(expected);
      expect(await ctx.services.applications.oidcClientOf(created.id)).to.equal(null);
    });

    it('answers the defaults for an application stored before the settings existed', async () => {
      const id = await newApp();
      await ctx.database.connection
        .collection('applications')
        .updateOne({ _id: new Types.ObjectId(id) }, { $unset: { oidc: '' } });
      const answer = (await get(id).expect(200)).body.oidc;
      expect(answer.client_type).to.equal(null);
      expect(answer.client_secret_set).to.equal(false);
      // And it can become a client.
      const changed = await patchOidc(id, { client_type: 'spa' }).expect(200);
      expect(changed.body.oidc.grant_types).to.deep.equal(['authorization_code', 'refresh_token']);
    });

    it('PATCH answers the merged settings; fields left out stay; GET’s answer may be sent back', async () => {
      const id = await newApp();
      const first = await patchOidc(id, {
        client_type: 'web',
        redirect_uris: ['https://shop.example.com/callback', 'http://localhost:3000/callback'],
        post_logout_redirect_uris: ['https://shop.example.com/'],
        first_party: false,
        backchannel_logout_uri: 'https://shop.example.com/backchannel',
        access_token_ttl_s: 600,
        refresh_token_ttl_s: 7200,
      }).expect(200);
      expect(first.body.oidc).to.deep.include({
        client_type: 'web',
        redirect_uris: ['https://shop.example.com/callback', 'http://localhost:3000/callback'],
        grant_types: ['authorization_code', 'refresh_token'],
        token_endpoint_auth_method: 'client_secret_basic',
        first_party: false,
        access_token_ttl_s: 600,
        refresh_token_ttl_s: 7200,
      });
      const second = await patchOidc(id, { first_party: true }).expect(200);
      expect(second.body.oidc).to.deep.equal({ ...first.body.oidc, first_party: true });
      // What GET answered goes back unchanged (client_id, issuer, client_secret_set are ignored).
      const again = await patchOidc(id, { ...second.body.oidc, client_id: 'x', issuer: 'y' }).expect(200);
      expect(again.body.oidc).to.deep.equal(second.body.oidc);
      // Other fields in the same PATCH are written with it.
      const both = await patch(id, { name: 'Shop', oidc: { refresh_token_ttl_s: null } }).expect(200);
      expect(both.body.name).to.equal('Shop');
      expect(both.body.oidc.refresh_token_ttl_s).to.equal(null);
    });

    it('stores redirect URIs exactly as written (no normalisation), each once', async () => {
      const id = await newApp();
      const uris = ['https://Shop.Example.com:443/cb?x=1', 'https://Shop.Example.com:443/cb?x=1'];
      const answer = await patchOidc(id, { client_type: 'spa', redirect_uris: uris }).expect(200);
      expect(answer.body.oidc.redirect_uris).to.deep.equal(['https://Shop.Example.com:443/cb?x=1']);
      expect((await stored(id))!.oidc.redirect_uris).to.deep.equal(['https://Shop.Example.com:443/cb?x=1']);
    });

    it('audits application.oidc_updated with the fields sent and their new values', async () => {
      const id = await newApp();
      await patchOidc(id, { client_type: 'spa', redirect_uris: ['https://a.example.com/cb'] }).expect(200);
      const entries = (await auditOf(ctx, id)).filter((entry) => entry.action === 'application.oidc_updated');
      expect(entries).to.have.length(1);
      expect(entries[0]!.metadata).to.deep.equal({
        fields: ['client_type', 'redirect_uris'],
        values: { client_type: 'spa', redirect_uris: ['https://a.example.com/cb'] },
      });
      expect(String(entries[0]!.user_id)).to.equal(admin.user.id);
      const updated = (await auditOf(ctx, id)).filter((entry) => entry.action === 'application.updated');
      expect(updated.at(-1)!.metadata).to.deep.equal({ fields: ['oidc'] });
    });
  });

  describe('client types', () => {
    it('switching gives each type its defaults for what the body leaves out', async () => {
      const id = await newApp();
      const spa = await patchOidc(id, { client_type: 'spa' }).expect(200);
      expect(spa.body.oidc).to.deep.include({
        grant_types: ['authorization_code', 'refresh_token'],
        token_endpoint_auth_method: 'none',
      });
      const web = await patchOidc(id, {
        client_type: 'web',
        redirect_uris: ['https://app.example.com/cb'],
      }).expect(200);
      expect(web.body.oidc).to.deep.include({
        grant_types: ['authorization_code', 'refresh_token'],
        token_endpoint_auth_method: 'client_secret_basic',
      });
      const m2m = await patchOidc(id, { client_type: 'm2m' }).expect(200);
      expect(m2m.body.oidc).to.deep.include({
        grant_types: ['client_credentials'],
        token_endpoint_auth_method: 'client_secret_basic',
        redirect_uris: [],
        post_logout_redirect_uris: [],
      });
      const native = await patchOidc(id, {
        client_type: 'native',
        redirect_uris: ['com.example.app:/callback'],
      }).expect(200);
      expect(native.body.oidc).to.deep.include({
        grant_types: ['authorization_code', 'refresh_token'],
        token_endpoint_auth_method: 'none',
        redirect_uris: ['com.example.app:/callback'],
      });
      // Not a client any more: the settings stay, the provider finds none.
      const none = await patchOidc(id, { client_type: null }).expect(200);
      expect(none.body.oidc.client_type).to.equal(null);
      expect(none.body.oidc.redirect_uris).to.deep.equal(['com.example.app:/callback']);
    });

    it('spa and native: only token_endpoint_auth_method none, grants within code and refresh', async () => {
      for (const type of ['spa', 'native']) {
        const id = await newApp();
        await patchOidc(id, { client_type: type }).expect(200);
        await refused(
          id,
          { token_endpoint_auth_method: 'client_secret_basic' },
          'body.oidc.token_endpoint_auth_method',
          /cannot keep a secret.*"none"/,
        );
        await refused(
          id,
          { grant_types: ['client_credentials'] },
          'body.oidc.grant_types',
          /client_credentials is not for/,
        );
        await refused(
          id,
          { client_type: type, token_endpoint_auth_method: 'private_key_jwt' },
          'body.oidc.token_endpoint_auth_method',
          /none/,
        );
      }
    });

    it('web: basic, post or private_key_jwt (with an https JWKS address); grants incl. client_credentials', async () => {
      const id = await newApp();
      await patchOidc(id, { client_type: 'web', redirect_uris: ['https://app.example.com/cb'] }).expect(200);
      await refused(
        id,
        { token_endpoint_auth_method: 'none' },
        'body.oidc.token_endpoint_auth_method',
        /client_secret_basic/,
      );
      await refused(id, { token_endpoint_auth_method: 'private_key_jwt' }, 'body.oidc.jwks_uri', /JWKS/);
      await refused(
        id,
        { token_endpoint_auth_method: 'private_key_jwt', jwks_uri: 'http://keys.example.com/jwks.json' },
        'body.oidc.jwks_uri',
        /must use https/,
      );
      await refused(
        id,
        { jwks_uri: 'https://keys.example.com/jwks.json' },
        'body.oidc.jwks_uri',
        /only for token_endpoint_auth_method "private_key_jwt"/,
      );
      const jwt = await patchOidc(id, {
        token_endpoint_auth_method: 'private_key_jwt',
        jwks_uri: 'https://keys.example.com/jwks.json',
        grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
      }).expect(200);
      expect(jwt.body.oidc.jwks_uri).to.equal('https://keys.example.com/jwks.json');
      // Another method drops the key set's address with it.
      const post = await patchOidc(id, { token_endpoint_auth_method: 'client_secret_post' }).expect(200);
      expect(post.body.oidc).to.deep.include({
        token_endpoint_auth_method: 'client_secret_post',
        jwks_uri: null,
      });
      await refused(
        id,
        { grant_types: ['refresh_token'] },
        'body.oidc.grant_types',
        /refresh_token needs authorization_code/,
      );
      await refused(id, { grant_types: [] }, 'body.oidc.grant_types', /at least one grant type/);
    });

    it('m2m: client_credentials only, no redirect or logout addresses', async () => {
      const id = await newApp();
      await patchOidc(id, { client_type: 'm2m' }).expect(200);
      await refused(
        id,
        { grant_types: ['authorization_code'] },
        'body.oidc.grant_types',
        /authorization_code is not for a machine-to-machine/,
      );
      await refused(
        id,
        { redirect_uris: ['https://app.example.com/cb'] },
        'body.oidc.redirect_uris',
        /no redirect addresses/,
      );
      await refused(
        id,
        { post_logout_redirect_uris: ['https://app.example.com/'] },
        'body.oidc.post_logout_redirect_uris',
        /send \[\]/,
      );
      await refused(
        id,
        { backchannel_logout_uri: 'https://app.example.com/bc' },
        'body.oidc.backchannel_logout_uri',
        /send null/,
      );
      await refused(
        id,
        { token_endpoint_auth_method: 'none' },
        'body.oidc.token_endpoint_auth_method',
        /client_secret_basic/,
      );
    });

    it('checks the stored settings too: a switch to a type they do not fit is refused', async () => {
      const id = await newApp();
      await patchOidc(id, { client_type: 'web', redirect_uris: ['https://app.example.com/cb'] }).expect(200);
      // The stored https redirect does not fit… nothing: https is fine for native (claimed https).
      await patchOidc(id, { client_type: 'native' }).expect(200);
      await patchOidc(id, { redirect_uris: ['com.example.app:/cb'] }).expect(200);
      // A spa cannot take the stored private-use scheme.
      await refused(id, { client_type: 'spa' }, 'body.oidc.redirect_uris.0', /must use https/);
    });

    it('refuses unknown types, grants and methods naming the choices', async () => {
      const id = await newApp();
      const type = await patchOidc(id, { client_type: 'desktop' }).expect(400);
      expect(type.body.error).to.match(/^body\.oidc\.client_type: .*spa, web, native, m2m.*e\.g\. "web"/);
      const grant = await patchOidc(id, { client_type: 'web', grant_types: ['implicit'] }).expect(400);
      expect(grant.body.error).to.match(/^body\.oidc\.grant_types\.0: .*authorization_code/);
      const method = await patchOidc(id, { token_endpoint_auth_method: 'tls_client_auth' }).expect(400);
      expect(method.body.error).to.match(/client_secret_basic/);
    });
  });

  describe('redirect URIs', () => {
    it('spa and web: https, http only on loopback hosts; no fragment, no user info', async () => {
      for (const type of ['spa', 'web']) {
        const id = await newApp();
        const ok = [
          'https://app.example.com/callback',
          'http://localhost:5173/callback',
          'http://127.0.0.1:8080/cb',
          'http://[::1]/cb',
        ];
        await patchOidc(id, { client_type: type, redirect_uris: ok, post_logout_redirect_uris: ok }).expect(
          200,
        );
        await refused(
          id,
          { redirect_uris: ['http://app.example.com/cb'] },
          'body.oidc.redirect_uris.0',
          /must use https .*e\.g\. https:\/\/app\.example\.com\/callback/,
        );
        await refused(
          id,
          { redirect_uris: ['https://app.example.com/cb#x'] },
          'body.oidc.redirect_uris.0',
          /fragment/,
        );
        await refused(
          id,
          { redirect_uris: ['https://user:pw@app.example.com/cb'] },
          'body.oidc.redirect_uris.0',
          /user name or password/,
        );
        await refused(
          id,
          { redirect_uris: ['/callback'] },
          'body.oidc.redirect_uris.0',
          /not an absolute URI/,
        );
        await refused(
          id,
          { redirect_uris: ['javascript:alert(1)'] },
          'body.oidc.redirect_uris.0',
          /must use https/,
        );
        await refused(
          id,
          { redirect_uris: ['com.example.app:/cb'] },
          'body.oidc.redirect_uris.0',
          /must use https/,
        );
        await refused(
          id,
          { post_logout_redirect_uris: ['http://evil.example.com/'] },
          'body.oidc.post_logout_redirect_uris.0',
          /must use https/,
        );
      }
    });

    it('native: private-use scheme with a dot, http on 127.0.0.1 / [::1], claimed https; never javascript:, data:, file:', async () => {
      const id = await newApp();
      const ok = [
        'com.example.app:/callback',
        'com.example.app://oauth/callback',
        'http://127.0.0.1/callback',
        'http://127.0.0.1:51004/callback',
        'http://[::1]:8080/callback',
        'https://app.example.com/callback',
      ];
      const answer = await patchOidc(id, { client_type: 'native', redirect_uris: ok }).expect(200);
      expect(answer.body.oidc.redirect_uris).to.deep.equal(ok);
      for (const bad of [
        'javascript:alert(1)',
        'data:text/html,x',
        'file:///etc/passwd',
        'myapp:/callback',
        'about:blank',
      ]) {
        await refused(
          id,
          { redirect_uris: [bad] },
          'body.oidc.redirect_uris.0',
          /private-use scheme .*e\.g\. com\.example\.app:\/callback/,
        );
      }
      await refused(
        id,
        { redirect_uris: ['http://localhost:8080/cb'] },
        'body.oidc.redirect_uris.0',
        /127\.0\.0\.1 or \[::1\]/,
      );
      await refused(
        id,
        { redirect_uris: ['http://app.example.com/cb'] },
        'body.oidc.redirect_uris.0',
        /loopback/,
      );
      await refused(
        id,
        { redirect_uris: ['https://localhost/cb'] },
        'body.oidc.redirect_uris.0',
        /not a loopback host/,
      );
      await refused(
        id,
        { redirect_uris: ['com.example.app:/cb#frag'] },
        'body.oidc.redirect_uris.0',
        /fragment/,
      );
    });

    it('at most 20, each at most 500 characters', async () => {
      const id = await newApp();
      await patchOidc(id, { client_type: 'spa' }).expect(200);
      const many = Array.from({ length: 21 }, (_, index) => `https://app.example.com/cb${index}`);
      const tooMany = await patchOidc(id, { redirect_uris: many }).expect(400);
      expect(tooMany.body.error).to.match(/^body\.oidc\.redirect_uris: At most 20/);
      await patchOidc(id, { redirect_uris: many.slice(0, 20) }).expect(200);
      const long = `https://app.example.com/${'a'.repeat(480)}`;
      const tooLong = await patchOidc(id, { redirect_uris: [long] }).expect(400);
      expect(tooLong.body.error).to.match(/^body\.oidc\.redirect_uris\.0: At most 500 characters/);
    });

    it('back-channel logout: https (http on loopback), no fragment', async () => {
      const id = await newApp();
      await patchOidc(id, {
        client_type: 'web',
        backchannel_logout_uri: 'https://app.example.com/bc',
      }).expect(200);
      await patchOidc(id, { backchannel_logout_uri: 'http://localhost:4000/bc' }).expect(200);
      await refused(
        id,
        { backchannel_logout_uri: 'http://app.example.com/bc' },
        'body.oidc.backchannel_logout_uri',
        /must use https/,
      );
      await refused(
        id,
        { backchannel_logout_uri: 'https://app.example.com/bc#x' },
        'body.oidc.backchannel_logout_uri',
        /fragment/,
      );
      const cleared = await patchOidc(id, { backchannel_logout_uri: '' }).expect(200);
      expect(cleared.body.oidc.backchannel_logout_uri).to.equal(null);
    });
  });

  describe('the application as an API', () => {
    it('api_identifier: an https URL or urn:, at most 200 characters, without a client type too', async () => {
      const id = await newApp();
      const api = await patchOidc(id, {
        api_identifier: 'https://api.example.com/invoices',
        api_scopes: ['invoice:read', 'invoice:write', 'invoice:read'],
      }).expect(200);
      expect(api.body.oidc).to.deep.include({
        client_type: null,
        api_identifier: 'https://api.example.com/invoices',
        api_scopes: ['invoice:read', 'invoice:write'],
      });
      await patchOidc(id, { api_identifier: 'urn:example:invoices' }).expect(200);
      await refused(
        id,
        { api_identifier: 'http://api.example.com' },
        'body.oidc.api_identifier',
        /https URL or a urn:/,
      );
      await refused(id, { api_identifier: 'invoices' }, 'body.oidc.api_identifier', /not an absolute URI/);
      await refused(
        id,
        { api_identifier: 'https://api.example.com/#x' },
        'body.oidc.api_identifier',
        /fragment/,
      );
      const long = await patchOidc(id, {
        api_identifier: `https://api.example.com/${'a'.repeat(190)}`,
      }).expect(400);
      expect(long.body.error).to.match(/^body\.oidc\.api_identifier: At most 200/);
    });

    it('api_scopes: up to 50 names, not the scopes of OpenID Connect itself', async () => {
      const id = await newApp();
      for (const scope of ['openid', 'profile', 'email', 'offline_access']) {
        const response = await patchOidc(id, { api_scopes: ['invoice:read', scope] }).expect(400);
        expect(response.body.error).to.match(
          /^body\.oidc\.api_scopes\.1: .*OpenID Connect itself.*e\.g\. invoice:read/,
        );
      }
      for (const scope of ['Invoice:read', ':read', 'a b', 'x'.repeat(65), '']) {
        const response = await patchOidc(id, { api_scopes: [scope] }).expect(400);
        expect(response.body.error, scope).to.match(/not a scope name.*e\.g\. invoice:read/);
      }
      await patchOidc(id, { api_scopes: ['a', '9.x_y-z:w'] }).expect(200);
      const fifty = Array.from({ length: 51 }, (_, index) => `s${index}`);
      const tooMany = await patchOidc(id, { api_scopes: fifty }).expect(400);
      expect(tooMany.body.error).to.match(/At most 50/);
      await patchOidc(id, { api_scopes: fifty.slice(0, 50) }).expect(200);
    });

    it('api_identifier is unique among the project’s active applications (409), free again once deleted', async () => {
      const first = await newApp();
      const second = await newApp();
      await patchOidc(first, { api_identifier: 'https://api.example.com/shared' }).expect(200);
      const taken = await patchOidc(second, { api_identifier: 'https://api.example.com/shared' }).expect(409);
      expect(taken.body.code).to.equal('api_identifier_taken');
      expect(taken.body.error).to.match(/e\.g\. https:\/\/api\.example\.com/);
      // The same application may send its own identifier again.
      await patchOidc(first, { api_identifier: 'https://api.example.com/shared', api_scopes: ['x'] }).expect(
        200,
      );
      // Another project may use it.
      const organizationId = (await get(first).expect(200)).body.organization_id as string;
      const otherProject = (await createProject(ctx, admin, organizationId)).id;
      const other = (await createApplication(ctx, admin, otherProject)).id;
      await patchOidc(other, { api_identifier: 'https://api.example.com/shared' }).expect(200);
      await ctx.request.delete(`/api/v1/applications/${first}`).set(bearer(admin.access_token)).expect(204);
      await patchOidc(second, { api_identifier: 'https://api.example.com/shared' }).expect(200);
    });

    it('the unique index decides when the check is passed by two at once', async () => {
      const [a, b] = [await newApp(), await newApp()];
      const answers = await Promise.all([
        patchOidc(a, { api_identifier: 'urn:example:race' }),
        patchOidc(b, { api_identifier: 'urn:example:race' }),
      ]);
      expect(answers.map((response) => response.status).sort()).to.deep.equal([200, 409]);
      expect(answers.find((response) => response.status === 409)!.body.code).to.equal('api_identifier_taken');
    });
  });

  describe('lifetimes', () => {
    it('access 60…86400 s, refresh 3600…31536000 s, or null', async () => {
      const id = await newApp();
      await patchOidc(id, { access_token_ttl_s: 60, refresh_token_ttl_s: 31_536_000 }).expect(200);
      await patchOidc(id, { access_token_ttl_s: 86_400, refresh_token_ttl_s: 3600 }).expect(200);
      await patchOidc(id, { access_token_ttl_s: null, refresh_token_ttl_s: null }).expect(200);
      for (const [field, value] of [
        ['access_token_ttl_s', 59],
        ['access_token_ttl_s', 86_401],
        ['access_token_ttl_s', 90.5],
        ['refresh_token_ttl_s', 3599],
        ['refresh_token_ttl_s', 31_536_001],
        ['refresh_token_ttl_s', '3600'],
      ] as const) {
        const response = await patchOidc(id, { [field]: value }).expect(400);
        expect(response.body.error, `${field} ${value}`).to.match(
          new RegExp(`^body\\.oidc\\.${field}: ${field} must be a whole number of seconds from .* e\\.g\\.`),
        );
      }
    });
  });

  describe('concurrent changes', () => {
    it('changes at once of different fields are all kept (each written over the revision it checked)', async () => {
      const id = await newApp();
      await patchOidc(id, { client_type: 'web', redirect_uris: ['https://app.example.com/cb'] }).expect(200);
      const changes = [
        { first_party: false },
        { access_token_ttl_s: 600 },
        { refresh_token_ttl_s: 7200 },
        { post_logout_redirect_uris: ['https://app.example.com/'] },
        { backchannel_logout_uri: 'https://app.example.com/bc' },
      ];
      const answers = await Promise.all(changes.map((change) => patchOidc(id, change)));
      expect(answers.map((response) => response.status)).to.deep.equal([200, 200, 200, 200, 200]);
      const final = (await get(id).expect(200)).body.oidc;
      for (const change of changes) expect(final).to.deep.include(change);
      expect((await stored(id))!.oidc.revision).to.equal(6);
    });
  });
});
