import { parse as parseCookies } from 'cookie';
import type { Request, Response } from 'express';
import { randomToken, safeEqual, sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { z } from '../../lib/openapi.js';
import { requestContext } from '../../core/request-context.js';
import { AuthErrors, MfaRequiredSchema, RATE_LIMITED_RESPONSE, type AuthService } from '../auth/index.js';
import { AnonymousIdSchema, InstallationIdSchema } from '../telemetry/index.js';
import { gatedApplicationOf } from './application-gate.js';
import { gated, type EmbeddingKit } from './embedding.kit.js';
import { EmbeddingSessionSchema } from './embedding.schemas.js';

/**
 * The last step of a user pool's Google sign-in (embedding.google.ts): the hosted page trades the
 * `google_code` it came back with for a session. The codes are the auth module's hosted codes
 * (single use, 60 seconds, only their SHA-256 stored) with a binding of their own kind, so that
 * neither this exchange nor POST /hosted/token (which needs a redirect URI and a PKCE challenge in
 * the binding) takes the other's codes.
 *
 * A code is bound to the browser that came back from Google, like the state: by a secret in an
 * HttpOnly cookie that only this route receives. A `google_code` link that an attacker got for
 * their own Google account and hands to a victim (login CSRF) arrives without it and is refused,
 * as is a code read from a URL elsewhere. The hosted page's same-origin fetch sends the cookie; a
 * partner's page (cross-origin, no credentials) cannot use this route, nor needs to.
 */

export const EXCHANGE_PATH = '/google/exchange';
/** The browser's half of an exchange code; sent only to EXCHANGE_PATH. */
export const POOL_GOOGLE_CODE_COOKIE = 'iam_pool_google_code';
const CODE_COOKIE_MAX_AGE_MS = 60_000;

/** The discriminator of this flow's exchange codes among the auth module's hosted codes. */
const EXCHANGE_KIND = 'google_sign_in';

/** What an exchange code is bound to: a hosted code whose binding has this shape and kind. */
interface ExchangeBinding {
  kind: typeof EXCHANGE_KIND;
  application_id: string;
  pool_id: string;
  /** SHA-256 of the browser's cookie secret. */
  browser: string;
}

const ExchangeBodySchema = z
  .object({
    code: z
      .string({ error: 'code is required.' })
      .min(1, 'code is required.')
      .max(200)
      .openapi({ description: 'The `google_code` the hosted page was sent back with.' }),
    anonymous_id: AnonymousIdSchema.optional(),
    installation_id: InstallationIdSchema.optional(),
  })
  .openapi('EmbeddingGoogleExchangeRequest');

function exchangeBindingOf(json: string): ExchangeBinding | null {
  try {
    const value = JSON.parse(json) as Partial<ExchangeBinding> | null;
    return value?.kind === EXCHANGE_KIND &&
      typeof value.application_id === 'string' &&
      typeof value.pool_id === 'string' &&
      typeof value.browser === 'string'
      ? (value as ExchangeBinding)
      : null;
  } catch {
    return null;
  }
}

/**
 * Issues the callback's exchange code for the user: bound to the application, its pool and this
 * browser (the cookie set on `res`, which goes back to the hosted page).
 */
export async function issueGoogleExchangeCode(
  auth: Pick<AuthService, 'hostedCodes'>,
  res: Response,
  target: { userId: string; applicationId: string; poolId: string },
  cookie: { path: string; secure: boolean },
): Promise<string> {
  const browserSecret = randomToken(24);
  const binding: ExchangeBinding = {
    kind: EXCHANGE_KIND,
    application_id: target.applicationId,
    pool_id: target.poolId,
    browser: sha256Hex(browserSecret),
  };
  const code = await auth.hostedCodes.issue(target.userId, JSON.stringify(binding));
  res.cookie(POOL_GOOGLE_CODE_COOKIE, browserSecret, {
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    path: cookie.path,
    maxAge: CODE_COOKIE_MAX_AGE_MS,
  });
  return code;
}

function sameBrowser(req: Request, binding: ExchangeBinding): boolean {
  const secret = parseCookies(req.get('cookie') ?? '')[POOL_GOOGLE_CODE_COOKIE];
  return typeof secret === 'string' && safeEqual(sha256Hex(secret), binding.browser);
}

/** POST /google/exchange (registered by registerPoolGoogleRoutes); `cookiePath`: its full path. */
export function registerGoogleExchange(kit: EmbeddingKit, cookiePath: string): void {
  const { api, deps, perIp } = kit;
  const { auth } = deps;

  api.route(
    gated({
      method: 'post',
      path: EXCHANGE_PATH,
      summary: 'Trade a Google sign-in’s code for a session',
      description:
        'The hosted sign-in page trades the `google_code` it came back with from GET /api/auth/google/callback, with the X-Application-ID of the application the sign-in was started for, for what POST /api/auth/login answers: the session, or for an account with two-factor `mfa_required` with an mfa_token for POST /api/auth/mfa/challenge (Google is the first factor only). A code is used once, only by its application, and only by the browser that came back from Google (an HttpOnly cookie set by the callback for this path, which a same-origin fetch sends): an unknown, expired or used code, one of another application or without that browser’s cookie answers 400 invalid_code and leaves the code as it was. Meant for the hosted pages on this origin; a partner’s page uses the hosted mode’s POST /api/auth/hosted/token. A blocked account answers 403 account_blocked.',
      body: ExchangeBodySchema,
      responses: {
        200: {
          description:
            'Signed in; or, for an account with two-factor, `mfa_required` with an mfa_token for POST /api/auth/mfa/challenge (no session yet)',
          schema: z.union([EmbeddingSessionSchema, MfaRequiredSchema]),
        },
        400: {
          description:
            'Invalid body, or the code is unknown, expired, used, another application’s or another browser’s (invalid_code)',
        },
        403: { description: 'Origin not allowed, account_blocked, or second_factor_unavailable' },
        ...RATE_LIMITED_RESPONSE,
      },
    }),
    // The limiter of the dashboard's POST /api/v1/auth/exchange: one budget for guessing codes.
    perIp('exchange-ip'),
    async (req, res) => {
      const context = requestContext(req);
      const application = gatedApplicationOf(res);
      const { code, anonymous_id, installation_id } = req.valid.body;
      // Checked before the code is spent: another application's or browser's attempt leaves it usable.
      const pending = await auth.hostedCodes.peek(code);
      const binding = pending ? exchangeBindingOf(pending.binding) : null;
      if (
        !pending ||
        !binding ||
        binding.application_id !== String(application._id) ||
        binding.pool_id !== context.pool ||
        !sameBrowser(req, binding)
      )
        throw new AppError(AuthErrors.INVALID_EXCHANGE_CODE);
      // Atomic: of two exchanges of one code, one wins; the other finds it used.
      if (!(await auth.hostedCodes.consume(code))) throw new AppError(AuthErrors.INVALID_EXCHANGE_CODE);
      res.clearCookie(POOL_GOOGLE_CODE_COOKIE, { path: cookiePath });
      const user = await auth.getUser(pending.userId);
      if (!user || user.pool_id !== context.pool) throw new AppError(AuthErrors.INVALID_EXCHANGE_CODE);
      // Blocked since the callback: no second step either.
      if (user.blocked_at) throw new AppError(AuthErrors.ACCOUNT_BLOCKED);
      // As at POST /login: an account with two-factor gets the second step, bound to this application.
      res.json(
        await kit.afterFirstFactor(req.get('origin'), application, user, 'google', context, {
          anonymous_id,
          installation_id,
        }),
      );
    },
  );
}
