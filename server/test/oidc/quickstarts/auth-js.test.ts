import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect } from 'chai';
import {
  createClient,
  createOidcPool,
  signInEndUser,
  startOidcServer,
  type OidcTestPool,
  type OidcTestServer,
  type TestClient,
} from '../helpers.js';
import { authConfig } from './auth.config.js';
import { Browser, hostedSignIn } from './browser.js';
import { listenOnLoopback, type LoopbackApp } from './loopback.js';

/**
 * The Auth.js quick start (server/test/oidc/quickstarts/auth.config.ts) run as written through
 * @auth/core's `Auth(request, config)` — the handler Next.js's `handlers.GET/POST` call — mounted
 * at /api/auth on a loopback port, against our provider: a sign-in through the hosted page ends in
 * an Auth.js session with the account's e-mail and name.
 */

/**
 * @auth/core's handler, typed here: its own types load preact's JSX types, which add the DOM
 * library to the server's typecheck (and break Node's ReadableStream and performance types there).
 */
type AuthConfig = ReturnType<typeof authConfig> & { secret: string; trustHost: boolean; basePath: string };
const authCore = '@auth/core';
const { Auth } = (await import(authCore)) as {
  Auth: (request: Request, config: AuthConfig) => Promise<Response>;
};

/** Node's request as a fetch Request, Auth.js's Response written back (each Set-Cookie kept). */
function authHandler(config: AuthConfig, origin: string) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url!, origin);
    if (!url.pathname.startsWith('/api/auth/')) {
      res.end('home');
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string') headers.set(name, value);
    const request = new Request(url, {
      method: req.method,
      headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks),
    });
    const response = await Auth(request, config);
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') res.setHeader(name, value);
    });
    res.setHeader('set-cookie', response.headers.getSetCookie());
    res.statusCode = response.status;
    res.end(Buffer.from(await response.arrayBuffer()));
  };
}

describe('OIDC quick start: Auth.js (@auth/core) (issue #32)', function () {
  this.timeout(60_000);
  let t: OidcTestServer;
  let pool: OidcTestPool;
  let app: LoopbackApp;
  let web: TestClient;

  before(async () => {
    t = await startOidcServer();
    pool = await createOidcPool(t);
    app = await listenOnLoopback();
    web = await createClient(t, pool, 'web', {
      redirect_uris: [`${app.url}/api/auth/callback/iam-platform`],
      post_logout_redirect_uris: [],
    });
    const config: AuthConfig = {
      ...authConfig({
        AUTH_IAM_PLATFORM_ISSUER: pool.issuer,
        AUTH_IAM_PLATFORM_ID: web.client_id,
        AUTH_IAM_PLATFORM_SECRET: web.client_secret!,
      }),
      // What Next.js sets from AUTH_SECRET, AUTH_URL / the request, and its route.
      secret: 'quick-start-auth-js-secret-0123456789',
      trustHost: true,
      basePath: '/api/auth',
    };
    app.serve(authHandler(config, app.url));
  });
  after(async () => {
    await app?.close();
    await t?.close();
  });

  /** What Auth.js's "Sign in with IAM Platform" button does: POST /api/auth/signin/iam-platform. */
  async function signIn(browser: Browser) {
    const csrf = await browser.request(new URL(`${app.url}/api/auth/csrf`));
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    return browser.navigate(`${app.url}/api/auth/signin/iam-platform`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, callbackUrl: `${app.url}/dashboard` }),
    });
  }

  async function session(browser: Browser) {
    const response = await browser.request(new URL(`${app.url}/api/auth/session`));
    return (await response.json()) as { user?: { email?: string; name?: string } } | null;
  }

  it('signs in through the hosted page to a session with the account’s e-mail and name', async () => {
    const user = await signInEndUser(t, pool, { display_name: 'Erika Muster' });
    const browser = new Browser(hostedSignIn(user));
    expect(await session(browser)).to.equal(null);

    const page = await signIn(browser);
    expect(page.url.href).to.equal(`${app.url}/dashboard`);
    const authorization = page.trail.find((url) => url.pathname === `/oidc/${pool.projectId}/auth`);
    expect(authorization, 'the authorization request').to.exist;
    expect(authorization!.searchParams.get('code_challenge_method')).to.equal('S256');
    expect(authorization!.searchParams.get('nonce')).to.be.a('string');
    expect(authorization!.searchParams.get('state')).to.be.a('string');
    expect(page.trail.some((url) => url.pathname === `/p/${pool.projectId}/sign-in`)).to.equal(true);

    const signedIn = await session(browser);
    expect(signedIn?.user).to.include({ email: user.email, name: 'Erika Muster' });
  });

  it('ends the Auth.js session on sign-out', async () => {
    const user = await signInEndUser(t, pool);
    const browser = new Browser(hostedSignIn(user));
    await signIn(browser);
    expect((await session(browser))?.user?.email).to.equal(user.email);
    const csrf = await browser.request(new URL(`${app.url}/api/auth/csrf`));
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    await browser.navigate(`${app.url}/api/auth/signout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken }),
    });
    expect(await session(browser)).to.equal(null);
  });

  it('is an Auth.js AuthConfig (the config type-checks against @auth/core, as in a Next.js app)', () => {
    // A virtual file beside the quick start, compiled with the DOM library a Next.js app has.
    const file = join(dirname(fileURLToPath(import.meta.url)), 'authjs-typecheck.virtual.ts');
    const source = [
      "import type { AuthConfig } from '@auth/core';",
      "import { authConfig } from './auth.config.js';",
      'export const config: AuthConfig = { ...authConfig(), secret: "s" };',
    ].join('\n');
    const options: ts.CompilerOptions = {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: ['node'],
      strict: true,
      skipLibCheck: true,
      noEmit: true,
    };
    const host = ts.createCompilerHost(options);
    const { getSourceFile, fileExists, readFile } = host;
    host.fileExists = (name) => name === file || fileExists.call(host, name);
    host.readFile = (name) => (name === file ? source : readFile.call(host, name));
    host.getSourceFile = (name, language, ...rest) =>
      name === file
        ? ts.createSourceFile(name, source, language)
        : getSourceFile.call(host, name, language, ...rest);
    const program = ts.createProgram([file], options, host);
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).to.deep.equal([]);
  });
});
