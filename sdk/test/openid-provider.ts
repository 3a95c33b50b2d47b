import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** The single-page app the tests play: its origin and the URIs registered with its clients. */
export const APP_ORIGIN = 'https://app.example';
export const REDIRECT_URI = `${APP_ORIGIN}/callback`;
export const AFTER_LOGOUT_URI = `${APP_ORIGIN}/`;
/** Client ids: one signing ID tokens with RS256 (the default), one with ES256. */
export const SPA_CLIENT = 'spa-rs256';
export const ES256_CLIENT = 'spa-es256';
export const ACCOUNT = {
  sub: 'user-ada',
  email: 'ada@example.com',
  email_verified: true,
  name: 'Ada Lovelace',
  locale: 'en',
};

const signingKey = (type: 'rsa' | 'ec', alg: string) => ({
  ...(type === 'rsa'
    ? generateKeyPairSync('rsa', { modulusLength: 2048 })
    : generateKeyPairSync('ec', { namedCurve: 'P-256' })
  ).privateKey.export({ format: 'jwk' }),
  kid: `${alg.toLowerCase()}-1`,
  use: 'sig',
  alg,
});
const KEYS = [signingKey('rsa', 'RS256'), signingKey('ec', 'ES256')];

const client = (client_id: string, extra: Record<string, unknown> = {}) => ({
  client_id,
  token_endpoint_auth_method: 'none',
  redirect_uris: [REDIRECT_URI],
  post_logout_redirect_uris: [AFTER_LOGOUT_URI],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  ...extra,
});

/**
 * A real OpenID provider (panva's oidc-provider, the server's version) on 127.0.0.1, minimally
 * configured: public clients with PKCE (S256, required for public clients), refresh tokens with
 * rotation, revocation, RP-initiated logout, and an interaction that signs in ACCOUNT and grants
 * what is asked (no pages). The issuer has a path, like ours: `http://127.0.0.1:{port}/oidc/project-1`.
 */
export class TestProvider {
  issuer = '';
  provider!: InstanceType<typeof Provider>;
  #server: Server | undefined;

  async start(): Promise<this> {
    this.#server = createServer((req, res) => void this.#handle(req, res));
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.#server.address() as AddressInfo;
    this.issuer = `http://127.0.0.1:${port}/oidc/project-1`;
    this.provider = new Provider(this.issuer, {
      clients: [client(SPA_CLIENT), client(ES256_CLIENT, { id_token_signed_response_alg: 'ES256' })],
      jwks: { keys: KEYS },
      cookies: { keys: ['sdk-oidc-test-cookie-key'] },
      findAccount: (_ctx: unknown, id: string) =>
        id === ACCOUNT.sub ? { accountId: id, claims: () => ({ ...ACCOUNT }) } : undefined,
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'locale'] },
      scopes: ['openid', 'profile', 'email', 'offline_access'],
      features: {
        devInteractions: { enabled: false },
        revocation: { enabled: true },
        rpInitiatedLogout: { enabled: true },
      },
      enabledJWA: { idTokenSigningAlgValues: ['RS256', 'ES256'] },
      interactions: {
        url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
      },
      rotateRefreshToken: true,
      ttl: { AccessToken: 600, IdToken: 600, RefreshToken: 86_400, Session: 86_400, Grant: 86_400 },
    });
    return this;
  }

  async stop(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const prefix = new URL(this.issuer).pathname;
    try {
      if (req.url?.startsWith('/interaction/')) return await this.#interaction(req, res);
      if (req.url?.startsWith(prefix)) {
        // As Express's app.use(prefix, provider.callback()) hands it over.
        (req as IncomingMessage & { originalUrl?: string }).originalUrl = req.url;
        req.url = req.url.slice(prefix.length) || '/';
        return await this.provider.callback()(req, res);
      }
      res.writeHead(404).end();
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String((error as Error)?.stack ?? error));
    }
  }

  /** Signs ACCOUNT in at the login prompt and grants what the client asks at the consent prompt. */
  async #interaction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await this.provider.interactionDetails(req, res);
    if (details.prompt.name === 'login')
      return this.provider.interactionFinished(req, res, { login: { accountId: ACCOUNT.sub } });
    const { Grant } = this.provider;
    const grant = details.grantId
      ? await Grant.find(details.grantId)
      : new Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
    const missing = details.prompt.details;
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
      grant.addResourceScope(indicator, (scopes as string[]).join(' '));
    const grantId = await grant.save();
    return this.provider.interactionFinished(
      req,
      res,
      { consent: details.grantId ? {} : { grantId } },
      { mergeWithLastSubmission: true },
    );
  }

  /** POSTs to the token endpoint as the public client, e.g. to replay an old refresh token. */
  async token(params: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${this.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
}

/**
 * The browser's part outside the page: follows the provider's redirects with fetch and a cookie jar
 * (the provider's session lives in its cookies) until it reaches the app's origin, and answers that URL.
 */
export class BrowserAgent {
  readonly cookies = new Map<string, string>();

  async navigate(url: string, init: RequestInit = {}): Promise<string> {
    let next = url;
    let request = init;
    for (let hop = 0; hop < 12; hop++) {
      if (next.startsWith(APP_ORIGIN)) return next;
      const response = await fetch(next, {
        ...request,
        redirect: 'manual',
        headers: { ...(request.headers as Record<string, string>), cookie: this.#cookieHeader() },
      });
      this.#store(response.headers.getSetCookie());
      const location = response.headers.get('location');
      if (!location) {
        const body = await response.text();
        // A form to submit: oidc-provider's logout confirmation ("Yes, sign me out").
        const form = /<form[^>]*action="([^"]+)"/.exec(body);
        if (response.status === 200 && form && /method="post"/i.test(body)) {
          next = new URL(form[1]!.replace(/&amp;/g, '&'), next).href;
          request = { method: 'POST', body: new URLSearchParams(formFields(body)) };
          continue;
        }
        throw new Error(`The provider stopped at ${next}: ${response.status} ${body.slice(0, 300)}`);
      }
      next = new URL(location, next).href;
      request = {};
    }
    throw new Error(`Too many redirects from ${url}`);
  }

  #cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  #store(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expires = attributes.find((attribute) => /^\s*expires=/i.test(attribute));
      const expired = expires && Date.parse(expires.split('=')[1]!) < Date.now();
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** What submitting an HTML form sends: its hidden inputs, and the autofocused button (the user's click). */
export function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g))
    fields[match[1]!] = match[2]!;
  const button = /<button autofocus[^>]*value="([^"]*)" name="([^"]+)"/.exec(html);
  if (button) fields[button[2]!] = button[1]!;
  return fields;
}
