import { createHash } from 'node:crypto';
import { AppError } from '../../lib/errors.js';
import { safeEqual } from '../../lib/crypto.js';
import { z } from '../../lib/openapi.js';
import { authOf } from '../../core/auth-context.js';
import { requestContext } from '../../core/request-context.js';
import { RATE_LIMITED_RESPONSE, type AuthService } from '../auth/index.js';
import type { ApplicationDocument } from '../applications/index.js';
import { AnonymousIdSchema, InstallationIdSchema } from '../telemetry/index.js';
import { gatedApplicationOf, sameApplication } from './application-gate.js';
import { HostedCodeErrors } from './embedding.hosted.errors.js';
import { gated, session, type EmbeddingKit } from './embedding.kit.js';
import { EmbeddingSessionSchema } from './embedding.schemas.js';

/**
 * The hosted sign-in's way back to the partner's page (issue #31, docs/widget.md "Hosted mode"):
 * an authorization code with PKCE (RFC 7636, S256 only), like OAuth 2.0's code flow.
 *
 * 1. The widget keeps a random `code_verifier` in the partner page's session storage and sends the
 *    person to the hosted sign-in page (`/p/{project_id}/sign-in?…&code_challenge=…`).
 * 2. After the sign-in there, the page calls POST /hosted/code with the application session it got;
 *    the code is bound to that user, application, redirect_uri and challenge, valid 60 seconds, used
 *    once, only its SHA-256 stored (auth module, one-time tokens of purpose `hosted_code`).
 * 3. Back on the partner's page, the widget trades it with POST /hosted/token and the verifier for a
 *    new session of the application. Whoever only saw the URL (history, a log, a Referer) lacks
 *    the verifier; a code sent anywhere else than an allowed redirect URI is never issued.
 */

/** RFC 7636 §4.2: BASE64URL(SHA256(verifier)), 43 characters without padding. */
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** RFC 7636 §4.1: 43–128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const MAX_URI = 2000;

const RedirectUriSchema = z
  .string({ error: 'redirect_uri is required.' })
  .min(1, 'redirect_uri is required.')
  .max(MAX_URI)
  .openapi({ format: 'uri', example: 'https://shop.example.com/account' });

export const HostedCodeRequestSchema = z
  .object({
    redirect_uri: RedirectUriSchema.openapi({
      description:
        "Where the code goes: exactly one of the pool's redirect_urls, or any URL on one of the application's allowed_origins.",
    }),
    code_challenge: z
      .string()
      .regex(CHALLENGE, 'code_challenge must be an S256 challenge: 43 base64url characters.'),
    code_challenge_method: z.literal('S256').optional().openapi({ description: 'Only S256 is offered.' }),
    state: z.string().max(512).optional().openapi({
      description: 'Returned unchanged beside the code, for the page to check; empty or missing: none.',
    }),
  })
  .openapi('HostedCodeRequest');

export const HostedCodeResponseSchema = z
  .object({
    redirect_to: z.string().openapi({ description: 'redirect_uri with `code` (and `state`) added.' }),
  })
  .openapi('HostedCodeResponse');

export const HostedTokenRequestSchema = z
  .object({
    code: z.string({ error: 'code is required.' }).min(1, 'code is required.').max(200),
    code_verifier: z
      .string({ error: 'code_verifier is required.' })
      .regex(VERIFIER, 'code_verifier must be 43 to 128 characters of A–Z, a–z, 0–9 and -._~.'),
    redirect_uri: RedirectUriSchema.openapi({ description: 'The redirect_uri the code was issued for.' }),
    anonymous_id: AnonymousIdSchema.optional(),
    installation_id: InstallationIdSchema.optional(),
  })
  .openapi('HostedTokenRequest');

/**
 * What this needs of the pools module's settings (core/pools.ts PoolSettingsSource): the pool's
 * `redirect_urls`. A pool is addressed by its project id.
 */
export interface RedirectUrlSource {
  settingsOf(poolId: string): Promise<{ redirect_urls: readonly string[] }>;
}

/** What a code is bound to (stored as the one-time token's payload). */
interface Binding {
  application_id: string;
  redirect_uri: string;
  code_challenge: string;
  /** How the person signed in on the hosted page; the new session records the same. */
  method: SessionMethod;
}

type SessionMethod = Parameters<AuthService['startSession']>[1];

/** RFC 7636 §4.6: the S256 transformation of a verifier. */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** The URL, normalized (so `https://a.example` and `https://a.example/` compare equal), or null. */
function parsedUri(value: string): URL | null {
  try {
    const url = new URL(value);
    // No fragment (RFC 6749 §3.1.2) and no credentials; only web pages.
    if (!/^https?:$/.test(url.protocol) || url.username || url.password || value.includes('#')) return null;
    return url;
  } catch {
    return null;
  }
}

/**
 * Whether a code may be sent to `redirectUri`: exactly one of the pool's `redirect_urls`, or any
 * page on one of the application's `allowed_origins` (the origins its widget already runs on).
 */
export function redirectAllowed(
  redirectUri: string,
  application: Pick<ApplicationDocument, 'allowed_origins'>,
  poolRedirectUrls: readonly string[],
): boolean {
  const url = parsedUri(redirectUri);
  if (!url) return false;
  if (application.allowed_origins.includes(url.origin)) return true;
  return poolRedirectUrls.some((listed) => parsedUri(listed)?.href === url.href);
}

function invalidGrant(message: string): AppError {
  return new AppError(HostedCodeErrors.INVALID_GRANT, { message });
}

function bindingOf(payload: string): Binding | null {
  try {
    const binding = JSON.parse(payload) as Partial<Binding>;
    return typeof binding.application_id === 'string' &&
      typeof binding.redirect_uri === 'string' &&
      typeof binding.code_challenge === 'string' &&
      typeof binding.method === 'string'
      ? (binding as Binding)
      : null;
  } catch {
    return null;
  }
}

/**
 * POST /hosted/code and POST /hosted/token. `pools` answers the pool's `redirect_urls`; without it
 * (until the pools module is wired in) only the application's allowed origins are redirect targets.
 */
export function registerHostedRoutes(kit: EmbeddingKit, pools?: RedirectUrlSource): void {
  const { api, deps, perIp } = kit;
  const { auth } = deps;

  async function poolRedirectUrls(application: ApplicationDocument): Promise<readonly string[]> {
    if (!pools) return [];
    return (await pools.settingsOf(String(application.project_id))).redirect_urls;
  }

  api.route(
    gated({
      method: 'post',
      path: '/hosted/code',
      summary: 'Hosted sign-in: a single-use code for the partner’s page',
      description:
        "Called by the hosted sign-in page (/p/{project_id}/sign-in) with the end user's access token of this application (like POST /verify: another application's or the dashboard's token gets 401 token_audience_mismatch). Issues a code valid 60 seconds, used once, bound to the user, the application, redirect_uri and the PKCE S256 code_challenge, and answers redirect_uri with `code` and `state` added, for the page to go to. redirect_uri must be exactly one of the pool's redirect_urls, or on one of the application's allowed_origins (400 redirect_uri_not_allowed otherwise).",
      authenticated: true,
      applicationSessions: 'only',
      body: HostedCodeRequestSchema,
      responses: {
        200: { description: 'The code, in the URL to go to', schema: HostedCodeResponseSchema },
        400: { description: 'Invalid body, or redirect_uri not allowed (redirect_uri_not_allowed)' },
        401: { description: 'Missing, invalid or another application’s token' },
        ...RATE_LIMITED_RESPONSE,
      },
    }),
    sameApplication,
    perIp('hosted-code-ip', deps.config.auth.rateLimit.perIp * 10),
    async (req, res) => {
      const application = gatedApplicationOf(res);
      const caller = authOf(req);
      const { redirect_uri, code_challenge, state } = req.valid.body;
      if (!redirectAllowed(redirect_uri, application, await poolRedirectUrls(application)))
        throw new AppError(HostedCodeErrors.REDIRECT_URI_NOT_ALLOWED);
      // The session this token belongs to is live (authentication checked it); its method carries over.
      const current = caller.sessionId ? await auth.sessions.findActive(caller.sessionId) : null;
      const binding: Binding = {
        application_id: String(application._id),
        redirect_uri,
        code_challenge,
        method: current?.method ?? 'password',
      };
      const code = await auth.hostedCodes.issue(caller.userId, JSON.stringify(binding));
      const target = new URL(redirect_uri);
      target.searchParams.set('code', code);
      if (state) target.searchParams.set('state', state);
      res.json({ redirect_to: target.href });
    },
  );

  api.route(
    gated({
      method: 'post',
      path: '/hosted/token',
      summary: 'Hosted sign-in: trade the code for a session',
      description:
        'The partner’s page (the widget’s hosted mode) trades the code from POST /hosted/code, with the PKCE code_verifier it kept and the same redirect_uri, for a new session of this application: the same body as POST /login. A code is used once; an unknown, expired or used code, one of another application, another redirect_uri or a verifier that does not match the challenge answers 400 invalid_grant and changes nothing (the code stays usable until it expires).',
      body: HostedTokenRequestSchema,
      responses: {
        200: { description: 'Signed in', schema: EmbeddingSessionSchema },
        400: { description: 'Invalid body, or the code does not fit (invalid_grant)' },
        ...RATE_LIMITED_RESPONSE,
      },
    }),
    perIp('hosted-token-ip', deps.config.auth.rateLimit.perIp * 10),
    async (req, res) => {
      const context = requestContext(req);
      const application = gatedApplicationOf(res);
      const { code, code_verifier, redirect_uri, anonymous_id, installation_id } = req.valid.body;
      // Every check before the code is spent: a refused exchange leaves it as it was.
      const pending = await auth.hostedCodes.peek(code);
      const binding = pending ? bindingOf(pending.binding) : null;
      if (!pending || !binding) throw new AppError(HostedCodeErrors.INVALID_GRANT);
      if (binding.application_id !== String(application._id))
        throw invalidGrant('This sign-in code was issued for another application.');
      if (binding.redirect_uri !== redirect_uri)
        throw invalidGrant('redirect_uri is not the one this sign-in code was issued for.');
      if (!safeEqual(s256(code_verifier), binding.code_challenge))
        throw invalidGrant("code_verifier does not match the sign-in code's code_challenge.");
      const user = await auth.getUser(pending.userId);
      if (!user) throw invalidGrant('The account of this sign-in code no longer exists.');
      // Atomic: of two exchanges of one code, one wins; the other finds it used.
      if (!(await auth.hostedCodes.consume(code))) throw new AppError(HostedCodeErrors.INVALID_GRANT);
      // As the embedding login's kit.signedIn, with the hosted page's sign-in method. startSession
      // refuses an account blocked since (403 account_blocked) or of another pool.
      const started = await auth.startSession(user, binding.method, context, {
        applicationId: String(application._id),
        organizationId: String(application.organization_id),
      });
      await deps.tracking.linkQuietly(application, String(user._id), { anonymous_id, installation_id });
      res.json(session(started));
    },
  );
}
