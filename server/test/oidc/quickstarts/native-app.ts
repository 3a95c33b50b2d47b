// Quick start: a native app (desktop, CLI, Electron) signs its user in with AppAuth-JS
// (@openid/appauth) as a public client: code + PKCE (S256), the system browser, and a loopback
// redirect on a port chosen when signing in (RFC 8252 §7.3).
//
//   npm install @openid/appauth
//   ISSUER=https://iam.example.com/oidc/<project id> CLIENT_ID=<application id> npx tsx native-app.ts
//
// Register on the application's "OpenID Connect" tab: client type "native", redirect URI
// http://127.0.0.1/callback (any port matches it), grant types authorization_code and refresh_token.
//
// AppAuth-JS 1.4.0 is ESM with extensionless imports inside: it runs under tsx or a bundler
// (Electron, Vite), not plain `node`, and TypeScript sees its types only through the files below.
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { AuthorizationRequest } from '@openid/appauth/built/src/authorization_request.js';
import {
  AuthorizationNotifier,
  AuthorizationRequestHandler,
  type AuthorizationRequestResponse,
} from '@openid/appauth/built/src/authorization_request_handler.js';
import {
  AuthorizationError,
  AuthorizationResponse,
} from '@openid/appauth/built/src/authorization_response.js';
import { AuthorizationServiceConfiguration } from '@openid/appauth/built/src/authorization_service_configuration.js';
import { setFlag } from '@openid/appauth/built/src/flags.js';
import { NodeCrypto } from '@openid/appauth/built/src/node_support/crypto_utils.js';
import { NodeRequestor } from '@openid/appauth/built/src/node_support/node_requestor.js';
import { BasicQueryStringUtils } from '@openid/appauth/built/src/query_string_utils.js';
import { RevokeTokenRequest } from '@openid/appauth/built/src/revoke_token_request.js';
import {
  GRANT_TYPE_AUTHORIZATION_CODE,
  GRANT_TYPE_REFRESH_TOKEN,
  TokenRequest,
} from '@openid/appauth/built/src/token_request.js';
import { BaseTokenRequestHandler } from '@openid/appauth/built/src/token_request_handler.js';
import type { TokenResponse } from '@openid/appauth/built/src/token_response.js';

setFlag('IS_LOG', false); // AppAuth-JS logs every step to the console unless told not to

/**
 * AppAuth's authorization handler for a loopback redirect: listens on 127.0.0.1 only, on a port
 * the system picks, and takes the one redirect to /callback. (AppAuth's own NodeBasedHandler
 * listens on all interfaces on a fixed port and always starts a browser itself.)
 */
class LoopbackRedirectHandler extends AuthorizationRequestHandler {
  private result: Promise<AuthorizationRequestResponse> | null = null;

  private constructor(
    private readonly server: Server,
    private readonly openBrowser: (url: string) => unknown,
  ) {
    super(new BasicQueryStringUtils(), new NodeCrypto());
  }

  static async listen(openBrowser: (url: string) => unknown): Promise<LoopbackRedirectHandler> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    return new LoopbackRedirectHandler(server, openBrowser);
  }

  get redirectUri(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/callback`;
  }

  async performAuthorizationRequest(
    configuration: AuthorizationServiceConfiguration,
    request: AuthorizationRequest,
  ): Promise<void> {
    this.result = new Promise((resolve) => {
      this.server.on('request', (req, res) => {
        const url = new URL(req.url ?? '/', this.redirectUri);
        if (url.pathname !== '/callback') {
          res.writeHead(404).end();
          return;
        }
        const params = Object.fromEntries(url.searchParams) as Record<string, string>;
        resolve({
          request,
          response: params.code
            ? new AuthorizationResponse({ code: params.code, state: params.state! })
            : null,
          error: params.code ? null : new AuthorizationError({ ...params, error: params.error ?? 'no_code' }),
        });
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end('<p>Signed in. You can close this window and return to the app.</p>');
      });
    });
    await request.setupCodeVerifier(); // PKCE: code_challenge (S256) in the request's extras
    await this.openBrowser(this.buildRequestUrl(configuration, request));
  }

  protected completeAuthorizationRequest(): Promise<AuthorizationRequestResponse | null> {
    return this.result ?? Promise.resolve(null);
  }

  close(): void {
    this.server.closeAllConnections();
    this.server.close();
  }
}

export interface NativeSession {
  configuration: AuthorizationServiceConfiguration;
  clientId: string;
  redirectUri: string;
  tokens: TokenResponse;
  /** The userinfo answer: sub, email, email_verified, name, locale. */
  user: Record<string, unknown>;
}

const requestor = new NodeRequestor();
const tokenHandler = new BaseTokenRequestHandler(requestor);

export async function signIn(options: {
  issuer: string;
  clientId: string;
  /** Opens the system browser, e.g. `(url) => open(url)` with the `open` package. */
  openBrowser: (url: string) => unknown;
}): Promise<NativeSession> {
  const configuration = await AuthorizationServiceConfiguration.fetchFromIssuer(options.issuer, requestor);
  const handler = await LoopbackRedirectHandler.listen(options.openBrowser);
  const redirectUri = handler.redirectUri;
  try {
    const request = new AuthorizationRequest(
      {
        client_id: options.clientId,
        redirect_uri: redirectUri,
        // offline_access: a refresh token, so the app stays signed in (asked for with prompt=consent,
        // OpenID Connect Core §11; a first-party application shows no consent screen).
        scope: 'openid profile email offline_access',
        response_type: AuthorizationRequest.RESPONSE_TYPE_CODE,
        extras: { prompt: 'consent' },
      },
      new NodeCrypto(),
      true, // PKCE
    );
    const notifier = new AuthorizationNotifier();
    const completed = new Promise<AuthorizationRequestResponse>((resolve) =>
      notifier.setAuthorizationListener((req, response, error) => resolve({ request: req, response, error })),
    );
    handler.setAuthorizationNotifier(notifier);
    await handler.performAuthorizationRequest(configuration, request);
    await handler.completeAuthorizationRequestIfPossible();
    const { response, error } = await completed;
    if (!response) throw new Error(`Sign-in failed: ${error?.error} ${error?.errorDescription ?? ''}`);
    if (response.state !== request.state) throw new Error('Sign-in failed: the state does not match');

    const tokens = await tokenHandler.performTokenRequest(
      configuration,
      new TokenRequest({
        client_id: options.clientId,
        redirect_uri: redirectUri,
        grant_type: GRANT_TYPE_AUTHORIZATION_CODE,
        code: response.code,
        extras: { code_verifier: request.internal!.code_verifier! },
      }),
    );
    return {
      configuration,
      clientId: options.clientId,
      redirectUri,
      tokens,
      user: await userinfo(configuration, tokens),
    };
  } finally {
    handler.close();
  }
}

/** The signed-in user's claims from the userinfo endpoint (with the access token). */
async function userinfo(configuration: AuthorizationServiceConfiguration, tokens: TokenResponse) {
  return requestor.xhr<Record<string, unknown>>({
    url: configuration.userInfoEndpoint!,
    method: 'GET',
    dataType: 'json',
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
  });
}

/** New tokens with the refresh token (which is replaced by a new one each time). */
export async function refresh(session: NativeSession): Promise<NativeSession> {
  const tokens = await tokenHandler.performTokenRequest(
    session.configuration,
    new TokenRequest({
      client_id: session.clientId,
      redirect_uri: session.redirectUri,
      grant_type: GRANT_TYPE_REFRESH_TOKEN,
      refresh_token: session.tokens.refreshToken!,
    }),
  );
  return { ...session, tokens };
}

/** Signing out of the app: the refresh token (and with it the grant's tokens) is revoked. */
export async function signOut(session: NativeSession): Promise<void> {
  await tokenHandler.performRevokeTokenRequest(
    session.configuration,
    new RevokeTokenRequest({
      token: session.tokens.refreshToken!,
      token_type_hint: 'refresh_token',
      client_id: session.clientId,
    }),
  );
}

// `npx tsx native-app.ts`: signs in with the system browser and prints who signed in.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const session = await signIn({
    issuer: process.env.ISSUER!,
    clientId: process.env.CLIENT_ID!,
    openBrowser: (url) => {
      console.log(`Opening the browser. If it does not open, visit:\n${url}`);
      const command =
        process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer.exe' : 'xdg-open';
      execFile(command, [url], () => {});
    },
  });
  console.log('Signed in as', session.user);
}
