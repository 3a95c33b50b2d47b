import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseForm } from 'node:querystring';
import { noVSCHAR } from 'oidc-provider/lib/consts/client_attributes.js';
import { findToken } from 'oidc-provider/lib/helpers/token_find.js';
import { introspectionAllowed, type IntrospectingClient } from './oidc.configuration.js';
import type { OidcPool } from './oidc.provider.js';

/**
 * `POST {issuer}/token/introspection` in its common form answered without oidc-provider's Koa
 * stack (issue #32: introspection ≥ 40 % of hello-world; docs/performance.md, "OpenID
 * introspection"). The Koa application alone (context, AsyncLocalStorage, CORS, error handler,
 * router, body reader, client-auth middleware chain) cost more per request than the goal allows.
 *
 * Only the request every resource server sends takes this path: HTTP Basic client credentials, a
 * form body of `token` (and `token_type_hint`), no `Origin` (CORS), no client attestation. It
 * uses the library's own pieces — `provider.Client.find` (the cached client, see clientOf), the client's
 * `checkClientSecretExpiration` and `compareClientSecret`, the library's `findToken` (the models'
 * `find`, i.e. our adapter and its token cache: a revoked token is inactive at once) and
 * `provider.Grant.find` — and answers exactly what its introspection action answers (same fields,
 * same order, same headers). Anything else — another auth method, a wrong secret, a missing token,
 * a JWT, a duplicate or extra parameter, pairwise subjects, sender-constrained tokens, an error —
 * goes to the library, which answers it as before (the tests compare both paths' answers).
 */

const ROUTE = '/token/introspection';
/** Larger bodies (never a plain token) go to the library, which has its own limit. */
const BODY_LIMIT = 4096;
const FORM_TYPES = new Set([
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded;charset=utf-8',
]);
/** With Basic credentials the library accepts clients registered for either secret method. */
const SECRET_METHODS = new Set(['client_secret_basic', 'client_secret_post']);
const INTROSPECTABLE = new Set(['AccessToken', 'ClientCredentials', 'RefreshToken']);
const PARAMETERS = new Set(['token', 'token_type_hint']);

/** Answers given by this path in this process (the tests tell the two paths apart by it). */
export const fastIntrospections = { answered: 0 };

/** The oidc-provider client fields read here. */
interface FastClient extends IntrospectingClient {
  subjectType?: string;
  checkClientSecretExpiration(message: string): void;
  compareClientSecret(secret: string): Promise<boolean> | boolean;
}

/** The oidc-provider token fields its introspection action reads. */
interface IntrospectedToken {
  kind: string;
  isValid: boolean;
  jti: string;
  clientId?: string;
  accountId?: string;
  grantId?: string;
  extra?: Record<string, unknown>;
  exp?: number;
  iat?: number;
  sid?: string;
  aud?: unknown;
  rar?: unknown;
  scope?: string;
  tokenType?: string;
  jkt?: string;
  'x5t#S256'?: string;
  isSenderConstrained(): boolean;
}

/**
 * oidc-provider's clients by the metadata object our adapter answered for them. The adapter hands
 * out one object per application record (`memoizedClientMetadata`, renewed whenever the record is
 * re-read or changed), so the same object means the same client: what `Client.find` would answer
 * after hashing the metadata's JSON (its own cache is keyed by that hash), without the hashing.
 */
const clientsByMetadata = new WeakMap<object, FastClient>();

async function clientOf(provider: OidcPool['provider'], clientId: string): Promise<FastClient | undefined> {
  const metadata = await provider.Client.adapter.find(clientId);
  if (!metadata) return undefined;
  const known = clientsByMetadata.get(metadata);
  if (known) return known;
  const client = (await provider.Client.find(clientId)) as FastClient | undefined;
  if (client) clientsByMetadata.set(metadata, client);
  return client;
}

/** Whether the request has the one shape this path answers (headers only; the body is unread). */
export function isPlainIntrospection(req: IncomingMessage): boolean {
  const { headers } = req;
  if (req.method !== 'POST' || req.url !== ROUTE) return false;
  const length = Number(headers['content-length']);
  return (
    length > 0 &&
    length <= BODY_LIMIT &&
    FORM_TYPES.has((headers['content-type'] ?? '').toLowerCase().replace(/\s+/g, '')) &&
    headers.authorization?.startsWith('Basic ') === true &&
    headers.origin === undefined &&
    headers['content-encoding'] === undefined &&
    headers['oauth-client-attestation'] === undefined &&
    headers['oauth-client-attestation-pop'] === undefined
  );
}

/** oidc-provider's check of a Basic header's base64 (shared/client_auth.js). */
function isValidBase64(input: string): boolean {
  const match = /^([A-Za-z0-9+/]*)(={0,2})$/u.exec(input);
  if (!match?.[1]) return false;
  const remainder = match[1].length % 4;
  if (!match[2]) return remainder !== 1;
  return (match[1].length + match[2].length) % 4 === 0 && match[2].length === 4 - remainder;
}

/** oidc-provider's decoding of the Basic header's parts (form-encoded, visible ASCII only). */
function decodeAuthToken(token: string): string | null {
  try {
    const decoded = decodeURIComponent(token.replace(/\+/g, '%20'));
    return noVSCHAR.test(decoded) ? null : decoded;
  } catch {
    return null;
  }
}

function basicCredentials(header: string): { clientId: string; secret: string } | null {
  const parts = header.split(' ');
  if (parts.length !== 2 || !isValidBase64(parts[1]!)) return null;
  const basic = Buffer.from(parts[1]!, 'base64').toString('utf8');
  const colon = basic.indexOf(':');
  if (colon === -1) return null;
  const clientId = decodeAuthToken(basic.slice(0, colon));
  const secret = decodeAuthToken(basic.slice(colon + 1));
  return clientId && secret ? { clientId, secret } : null;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      chunks.push(chunk);
    });
    req.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received)));
    req.once('error', reject);
  });
}

/** `token=` an opaque token (base64url), optionally `&token_type_hint=` a hint: nothing to decode. */
const SIMPLE_BODY = /^token=([A-Za-z0-9_-]+)(?:&token_type_hint=([a-z_]+))?$/;

/** The `token` (and hint) of a body with nothing else in it, else null. */
function plainParameters(body: Buffer): { token: string; hint: string | undefined } | null {
  const text = body.toString();
  // What querystring.parse makes of it, without its general machinery.
  const simple = SIMPLE_BODY.exec(text);
  if (simple) return { token: simple[1]!, hint: simple[2] || undefined };
  const form = parseForm(text);
  for (const name of Object.keys(form)) if (!PARAMETERS.has(name)) return null;
  const { token, token_type_hint: hint } = form;
  // Empty, duplicated, or a JWT (the library refuses structured tokens): the library answers.
  if (typeof token !== 'string' || !token || token.includes('.') || Array.isArray(hint)) return null;
  return { token, hint: hint || undefined };
}

/** The body oidc-provider's renderTokenResponse builds, or null where the library must answer. */
async function introspectionBody(
  pool: OidcPool,
  client: FastClient,
  value: string,
  hint: string | undefined,
): Promise<Record<string, unknown> | null> {
  const { provider } = pool;
  const inactive = { active: false };
  const token = (await findToken(provider, value, hint)) as IntrospectedToken | undefined;
  if (!token?.isValid) return inactive;
  if (token.grantId) {
    const grant = (await provider.Grant.find(token.grantId, { ignoreExpiration: true })) as
      { isExpired: boolean; clientId: string; accountId: string } | undefined;
    if (!grant || grant.isExpired) return inactive;
    if (grant.clientId !== token.clientId || grant.accountId !== token.accountId) return inactive;
  }
  if (!INTROSPECTABLE.has(token.kind)) return inactive;
  if (token.rar !== undefined || token.isSenderConstrained() || token.jkt || token['x5t#S256']) return null;
  if (!introspectionAllowed(client, token)) return inactive;
  const body: Record<string, unknown> = { active: false };
  if (token.accountId) {
    const owner =
      token.clientId === client.clientId ? client : await clientOf(provider, token.clientId ?? '');
    if (!owner || owner.subjectType === 'pairwise') return null;
    body.sub = token.accountId;
  }
  return Object.assign(body, {
    ...token.extra,
    active: true,
    client_id: token.clientId,
    exp: token.exp,
    iat: token.iat,
    sid: token.sid,
    iss: provider.issuer,
    jti: token.jti !== value ? token.jti : undefined,
    aud: token.aud,
    authorization_details: undefined,
    scope: token.scope || undefined,
    cnf: undefined,
    token_type: token.kind !== 'RefreshToken' ? token.tokenType : undefined,
  });
}

/** The headers oidc-provider's stack adds (CORS without an Origin, no-store) and the JSON. */
function send(res: ServerResponse, body: Record<string, unknown>): void {
  const json = JSON.stringify(body);
  const vary = res.getHeader('vary');
  res.statusCode = 200;
  res.setHeader('Vary', vary ? `${String(vary)}, Origin` : 'Origin');
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', 'WWW-Authenticate');
  res.setHeader('cache-control', 'no-store');
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(json));
  res.end(json);
}

/**
 * Answers a request `isPlainIntrospection` accepted; whatever it does not answer itself goes to
 * the library (with the body it read as `req.body`, which oidc-provider then parses).
 */
export async function introspect(pool: OidcPool, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let body: Buffer | undefined;
  const toLibrary = () => {
    if (body !== undefined) (req as IncomingMessage & { body?: Buffer }).body = body;
    pool.callback(req, res);
  };
  try {
    // Client authentication first: a refused client reaches the library with its body unread.
    const credentials = basicCredentials(req.headers.authorization!);
    if (!credentials) return toLibrary();
    const client = await clientOf(pool.provider, credentials.clientId);
    if (!client || !SECRET_METHODS.has(client.clientAuthMethod)) return toLibrary();
    client.checkClientSecretExpiration('expired');
    if (!(await client.compareClientSecret(credentials.secret))) return toLibrary();
    body = await readBody(req);
    const parameters = plainParameters(body);
    if (!parameters) return toLibrary();
    const answer = await introspectionBody(pool, client, parameters.token, parameters.hint);
    if (!answer) return toLibrary();
    send(res, answer);
    fastIntrospections.answered += 1;
  } catch {
    // An expired secret, a database error …: the library answers (and reports) it.
    if (!res.headersSent) toLibrary();
  }
}
