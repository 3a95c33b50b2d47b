import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import * as client from 'openid-client';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { bearer, signedInUser } from '../auth/helpers.js';
import { endUserLogin, registerEndUser, type EmbeddingSession, type EndUser } from '../helpers/end-users.js';
import { createApplication, createOrganization, createProject, type User } from '../projects/helpers.js';

/**
 * The OpenID provider's tests (issue #32): the real server on a loopback port whose address is the
 * PUBLIC_URL (so issuers are `http://127.0.0.1:{port}/oidc/{project}`), openid-client v6 as the
 * relying party, and the authorization request driven with fetch and a small cookie jar — the
 * hosted page's part (sign-in through the embedding API, POST …/interaction/{uid}/login) done by hand.
 */

export interface OidcTestServer {
  ctx: TestContext;
  /** `http://127.0.0.1:{port}` (= PUBLIC_URL). */
  baseUrl: string;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The app listening on 127.0.0.1 with PUBLIC_URL set to that address. */
export async function startOidcServer(env: Record<string, string> = {}): Promise<OidcTestServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const ctx = await createTestContext({
    env: {
      BCRYPT_COST: '4',
      RATE_LIMIT_PER_IP: '10000',
      RATE_LIMIT_PER_ACCOUNT: '1000',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      ...env,
    },
  });
  const server: Server = ctx.app.listen(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return {
    ctx,
    baseUrl,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await ctx.close();
    },
  };
}

export type ClientType = 'spa' | 'web' | 'native' | 'm2m';

export interface TestClient {
  client_id: string;
  type: ClientType;
  client_secret: string | null;
  redirect_uri: string;
  post_logout_redirect_uri: string;
}

export interface OidcTestPool {
  owner: User;
  organizationId: string;
  projectId: string;
  issuer: string;
  /** An application of the pool without OpenID settings: what end users sign in through. */
  applicationId: string;
}

/** A dashboard owner with an organization and a project (the pool) with one plain application. */
export async function createOidcPool(t: OidcTestServer, owner?: User): Promise<OidcTestPool> {
  const user = owner ?? (await signedInUser(t.ctx, 'oidc-owner'));
  const organizationId = await createOrganization(t.ctx, user);
  const project = await createProject(t.ctx, user, organizationId);
  const application = await createApplication(t.ctx, user, project.id, { name: 'Hosted sign-in' });
  return {
    owner: user,
    organizationId,
    projectId: project.id,
    issuer: `${t.baseUrl}/oidc/${project.id}`,
    applicationId: application.id as string,
  };
}

/** The `oidc` settings each client type gets unless overridden. */
function defaultsOf(type: ClientType, redirectUri: string, postLogout: string): Record<string, unknown> {
  switch (type) {
    case 'spa':
      return {
        client_type: 'spa',
        redirect_uris: [redirectUri],
        post_logout_redirect_uris: [postLogout],
        grant_types: ['authorization_code', 'refresh_token'],
      };
    case 'native':
      return {
        client_type: 'native',
        redirect_uris: ['com.example.app:/callback'],
        post_logout_redirect_uris: [],
        grant_types: ['authorization_code', 'refresh_token'],
      };
    case 'web':
      return {
        client_type: 'web',
        redirect_uris: [redirectUri],
        post_logout_redirect_uris: [postLogout],
        grant_types: ['authorization_code', 'refresh_token'],
        token_endpoint_auth_method: 'client_secret_basic',
      };
    case 'm2m':
      return {
        client_type: 'm2m',
        grant_types: ['client_credentials'],
        token_endpoint_auth_method: 'client_secret_basic',
      };
  }
}

/**
 * An application of the pool set up as a client of `type` through PATCH /api/v1/applications/{id}
 * (`oidc` overrides the defaults), with a client secret for web and m2m.
 */
export async function createClient(
  t: OidcTestServer,
  pool: OidcTestPool,
  type: ClientType,
  oidc: Record<string, unknown> = {},
  fields: Record<string, unknown> = {},
): Promise<TestClient> {
  const application = await createApplication(t.ctx, pool.owner, pool.projectId, {
    name: `RP ${type}`,
    ...fields,
  });
  const id = application.id as string;
  const redirectUri = `http://127.0.0.1:9/${type}/callback`;
  const postLogout = `http://127.0.0.1:9/${type}/signed-out`;
  const settings = { ...defaultsOf(type, redirectUri, postLogout), ...oidc };
  const patched = await t.ctx.request
    .patch(`/api/v1/applications/${id}`)
    .set(bearer(pool.owner.access_token))
    .send({ oidc: settings });
  expect(patched.status, JSON.stringify(patched.body)).to.equal(200);
  let secret: string | null = null;
  if (type === 'web' || type === 'm2m') {
    const created = await t.ctx.request
      .post(`/api/v1/applications/${id}/oidc/secret`)
      .set(bearer(pool.owner.access_token))
      .send({});
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    secret = created.body.client_secret as string;
  }
  return {
    client_id: id,
    type,
    client_secret: secret,
    redirect_uri: (settings.redirect_uris as string[] | undefined)?.[0] ?? '',
    post_logout_redirect_uri: (settings.post_logout_redirect_uris as string[] | undefined)?.[0] ?? '',
  };
}

/** openid-client's configuration of a test client (discovery over http). */
export async function discover(pool: OidcTestPool, testClient: TestClient): Promise<client.Configuration> {
  const options = { execute: [client.allowInsecureRequests] };
  if (testClient.client_secret)
    return client.discovery(
      new URL(pool.issuer),
      testClient.client_id,
      testClient.client_secret,
      client.ClientSecretBasic(testClient.client_secret),
      options,
    );
  return client.discovery(new URL(pool.issuer), testClient.client_id, undefined, client.None(), options);
}

/** An end user of the pool, registered, confirmed and signed in through the embedding API. */
export async function signInEndUser(
  t: OidcTestServer,
  pool: OidcTestPool,
  options: { email?: string; display_name?: string } = {},
): Promise<EndUser & EmbeddingSession> {
  const user = await registerEndUser(t.ctx, pool.applicationId, options);
  return { ...user, ...(await endUserLogin(t.ctx, pool.applicationId, user.email, user.password)) };
}

/** A minimal cookie jar for one browser (names are unique per pool, so paths are not tracked). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  names(): string[] {
    return [...this.cookies.keys()];
  }
}

/** GET with the jar's cookies, without following redirects. */
export async function browse(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (jar.header()) headers.set('cookie', jar.header());
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(response);
  return response;
}

/** Follows redirects inside the provider's origin until one leaves it (or a page answers). */
export async function followWithin(jar: CookieJar, start: string, origin: string): Promise<Response> {
  let response = await browse(jar, start);
  for (let hops = 0; hops < 10; hops += 1) {
    const location = response.headers.get('location');
    if (!location || response.status < 300 || response.status >= 400) return response;
    const next = new URL(location, start);
    if (next.origin !== origin || next.pathname.startsWith('/p/')) return response;
    response = await browse(jar, next.href);
    start = next.href;
  }
  return response;
}

export interface AuthorizationRun {
  /** The URL the provider finally sent the browser to (the client's redirect URI with code or error). */
  callback: URL;
  codeVerifier: string;
  state: string;
  nonce: string;
  jar: CookieJar;
}

export interface AuthorizeOptions {
  scope?: string;
  /** Further authorization parameters (prompt, max_age, acr_values, resource, login_hint …). */
  params?: Record<string, string>;
  /** The browser (cookies) to use: a second authorization in the same browser reuses its session. */
  jar?: CookieJar;
  /** The end user's application session handed to POST …/login; omitted: the flow stops at the hosted page. */
  session?: { token: string };
}

/** Where the provider sent the browser for a sign-in: the hosted page URL and the interaction uid. */
export async function startAuthorization(
  t: OidcTestServer,
  config: client.Configuration,
  testClient: TestClient,
  options: AuthorizeOptions = {},
) {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: testClient.redirect_uri,
    scope: options.scope ?? 'openid profile email',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...options.params,
  });
  const jar = options.jar ?? new CookieJar();
  const response = await followWithin(jar, url.href, t.baseUrl);
  return { response, codeVerifier, state, nonce, jar };
}

/**
 * Runs an authorization request up to the code: the browser goes to the provider, on to the hosted
 * page (`/p/{pool}/sign-in?interaction=…`), the page hands the end user's session to POST
 * …/interaction/{uid}/login, and the browser follows `redirect_to` until the provider redirects to
 * the client. Answers that final URL (code or error) and what the token exchange needs.
 */
export async function authorize(
  t: OidcTestServer,
  config: client.Configuration,
  testClient: TestClient,
  options: AuthorizeOptions = {},
): Promise<AuthorizationRun> {
  const started = await startAuthorization(t, config, testClient, options);
  const { jar } = started;
  let response = started.response;
  let location = response.headers.get('location');
  expect(location, `a redirect (status ${response.status}: ${await response.clone().text()})`).to.be.a(
    'string',
  );
  let target = new URL(location!, t.baseUrl);
  if (target.origin === t.baseUrl && target.pathname.startsWith('/p/')) {
    const uid = target.searchParams.get('interaction');
    expect(uid, 'the hosted page gets the interaction').to.be.a('string');
    const poolId = target.pathname.split('/')[2];
    const login = await fetch(`${t.baseUrl}/oidc/${poolId}/interaction/${uid}/login`, {
      method: 'POST',
      headers: {
        cookie: jar.header(),
        'content-type': 'application/json',
        ...(options.session ? bearer(options.session.token) : {}),
      },
      body: '{}',
    });
    const body = (await login.json()) as { redirect_to?: string };
    expect(login.status, JSON.stringify(body)).to.equal(200);
    response = await followWithin(jar, body.redirect_to!, t.baseUrl);
    location = response.headers.get('location');
    expect(location, `a redirect to the client (status ${response.status})`).to.be.a('string');
    target = new URL(location!, t.baseUrl);
  }
  return {
    callback: target,
    codeVerifier: started.codeVerifier,
    state: started.state,
    nonce: started.nonce,
    jar,
  };
}

/** authorize, then the token exchange with openid-client (state, nonce and PKCE checked). */
export async function signInWithCode(
  t: OidcTestServer,
  config: client.Configuration,
  testClient: TestClient,
  options: AuthorizeOptions = {},
) {
  const run = await authorize(t, config, testClient, options);
  const tokens = await client.authorizationCodeGrant(config, run.callback, {
    pkceCodeVerifier: run.codeVerifier,
    expectedState: run.state,
    expectedNonce: run.nonce,
  });
  return { run, tokens };
}

/** The parts of a hosted-page URL the provider sent the browser to (`/p/{pool}/{page}?interaction=…`). */
export function hostedPageOf(location: string | URL, baseUrl: string) {
  const url = new URL(location, baseUrl);
  const [, , poolId = '', page = ''] = url.pathname.split('/');
  return { url, poolId, page, uid: url.searchParams.get('interaction') ?? '' };
}

/**
 * What the hosted page does: POST /oidc/{pool}/interaction/{uid}/{login|consent|abort} from the
 * browser (its cookies), with the end user's application session when given.
 */
export async function interactionPost(
  t: OidcTestServer,
  jar: CookieJar,
  hosted: { poolId: string; uid: string },
  action: 'login' | 'consent' | 'abort',
  options: { token?: string; body?: unknown } = {},
): Promise<Response> {
  return fetch(`${t.baseUrl}/oidc/${hosted.poolId}/interaction/${hosted.uid}/${action}`, {
    method: 'POST',
    headers: {
      cookie: jar.header(),
      'content-type': 'application/json',
      ...(options.token ? bearer(options.token) : {}),
    },
    body: JSON.stringify(options.body ?? {}),
  });
}

/** GET …/interaction/{uid}/details from the browser. */
export async function interactionDetails(
  t: OidcTestServer,
  jar: CookieJar,
  hosted: { poolId: string; uid: string },
): Promise<Response> {
  return fetch(`${t.baseUrl}/oidc/${hosted.poolId}/interaction/${hosted.uid}/details`, {
    headers: { cookie: jar.header() },
  });
}

/** The error a promise rejects with (fails the test when it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('expected a refusal, but the request succeeded');
}
