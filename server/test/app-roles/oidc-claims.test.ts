import { expect } from 'chai';
import * as client from 'openid-client';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import {
  authorize,
  createClient,
  createOidcPool,
  discover,
  signInEndUser,
  signInWithCode,
  startOidcServer,
  type OidcTestPool,
  type OidcTestServer,
  type TestClient,
} from '../oidc/helpers.js';
import { assignRoles, definePermission, defineRole } from './helpers.js';

/**
 * An end user's application roles in the OpenID provider's tokens (issue #33, part R2), read with
 * openid-client: the `roles` scope puts `roles` and `permissions` into the ID token and userinfo;
 * JWT access tokens for an API of the project always carry them.
 */
describe('application roles: claims of the OpenID provider (roles scope)', function () {
  this.timeout(90_000);
  let t: OidcTestServer;
  let pool: OidcTestPool;
  let spa: TestClient;
  let token: string;

  before(async () => {
    t = await startOidcServer();
    pool = await createOidcPool(t);
    spa = await createClient(t, pool, 'spa');
    token = pool.owner.access_token;
    await definePermission(t.ctx, token, pool.projectId, 'invoice:read');
    await definePermission(t.ctx, token, pool.projectId, 'invoice:write');
    await defineRole(t.ctx, token, pool.projectId, { name: 'viewer', permissions: ['invoice:read'] });
    await defineRole(t.ctx, token, pool.projectId, {
      name: 'accountant',
      permissions: ['invoice:write', 'invoice:read'],
    });
  });
  after(async () => {
    await t?.close();
  });

  it('discovery offers the roles scope and the roles and permissions claims', async () => {
    const doc = (await (await fetch(`${pool.issuer}/.well-known/openid-configuration`)).json()) as {
      scopes_supported: string[];
      claims_supported: string[];
    };
    expect(doc.scopes_supported).to.include('roles');
    expect(doc.claims_supported).to.include.members(['roles', 'permissions']);
  });

  it('with the roles scope, the ID token and userinfo carry roles and permissions', async () => {
    const user = await signInEndUser(t, pool);
    await assignRoles(t.ctx, token, pool.projectId, user.id, ['viewer', 'accountant']);
    const config = await discover(pool, spa);
    const { tokens } = await signInWithCode(t, config, spa, { session: user, scope: 'openid email roles' });
    const claims = tokens.claims()!;
    expect(claims.sub).to.equal(user.id);
    expect(claims.roles).to.deep.equal(['accountant', 'viewer']);
    expect(claims.permissions).to.deep.equal(['invoice:read', 'invoice:write']);
    const info = await client.fetchUserInfo(config, tokens.access_token, user.id);
    expect(info).to.deep.include({
      sub: user.id,
      email: user.email,
      roles: ['accountant', 'viewer'],
      permissions: ['invoice:read', 'invoice:write'],
    });
    // The roles scope's access token shows them through introspection too.
    const introspected = await fetch(`${pool.issuer}/token/introspection`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.access_token, client_id: spa.client_id }),
    });
    expect(await introspected.json()).to.deep.include({
      active: true,
      roles: ['accountant', 'viewer'],
      permissions: ['invoice:read', 'invoice:write'],
    });
  });

  it('without the roles scope, neither the ID token nor userinfo has them', async () => {
    const user = await signInEndUser(t, pool);
    await assignRoles(t.ctx, token, pool.projectId, user.id, ['viewer']);
    const config = await discover(pool, spa);
    const { tokens } = await signInWithCode(t, config, spa, { session: user, scope: 'openid profile email' });
    expect(tokens.claims()).not.to.have.any.keys('roles', 'permissions');
    const info = await client.fetchUserInfo(config, tokens.access_token, user.id);
    expect(info).not.to.have.any.keys('roles', 'permissions');
  });

  it('an end user without roles gets empty lists; a change shows in the next tokens', async () => {
    const user = await signInEndUser(t, pool);
    const config = await discover(pool, spa);
    const first = await signInWithCode(t, config, spa, {
      session: user,
      scope: 'openid roles offline_access',
      params: { prompt: 'consent' },
    });
    expect(first.tokens.claims()).to.deep.include({ roles: [], permissions: [] });
    await assignRoles(t.ctx, token, pool.projectId, user.id, ['viewer']);
    const refreshed = await client.refreshTokenGrant(config, first.tokens.refresh_token!);
    expect(refreshed.claims()).to.deep.include({ roles: ['viewer'], permissions: ['invoice:read'] });
    const info = await client.fetchUserInfo(config, refreshed.access_token, user.id);
    expect(info).to.deep.include({ roles: ['viewer'], permissions: ['invoice:read'] });
  });

  it('a JWT access token for an API of the project carries the end user’s roles and permissions', async () => {
    const identifier = `https://api-${Date.now()}.example.com`;
    await createClient(t, pool, 'web', {
      redirect_uris: ['https://api.example.com/unused'],
      api_identifier: identifier,
      api_scopes: ['invoice:read'],
    });
    const user = await signInEndUser(t, pool);
    await assignRoles(t.ctx, token, pool.projectId, user.id, ['accountant']);
    const config = await discover(pool, spa);
    const run = await authorize(t, config, spa, {
      session: user,
      scope: 'openid invoice:read',
      params: { resource: identifier },
    });
    const tokens = await client.authorizationCodeGrant(
      config,
      run.callback,
      { pkceCodeVerifier: run.codeVerifier, expectedState: run.state, expectedNonce: run.nonce },
      { resource: identifier },
    );
    const { payload } = await jwtVerify(
      tokens.access_token,
      createRemoteJWKSet(new URL(`${pool.issuer}/jwks`)),
      {
        issuer: pool.issuer,
        audience: identifier,
      },
    );
    expect(payload).to.deep.include({
      sub: user.id,
      scope: 'invoice:read',
      roles: ['accountant'],
      permissions: ['invoice:read', 'invoice:write'],
    });
  });
});
