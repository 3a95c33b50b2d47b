import type { Request, Response } from 'express';
import type { InteractionDetails } from 'oidc-provider';
import { authOf } from '../../core/auth-context.js';
import type { ApiRouter } from '../../lib/api-router.js';
import { AppError } from '../../lib/errors.js';
import { OidcErrors } from './oidc.errors.js';
import {
  ConsentSchema,
  DetailsSchema,
  EmptyBodySchema,
  ParamsSchema,
  RedirectSchema,
} from './oidc.interaction-schemas.js';
import {
  amrOf,
  beganAfterInteraction,
  HANDOVER_KEY,
  HANDOVER_REVOKE_REASON,
  handedOverBefore,
} from './oidc.handover.js';
import { ACR_1FA, ACR_2FA, asksForSecondFactor } from './oidc.configuration.js';
import type { OidcPool, OidcProviders } from './oidc.provider.js';

/**
 * The interactions of an authorization request (issue #32, docs/oidc.md): oidc-provider sends the
 * browser to GET /oidc/{pool}/interaction/{uid}, which sends it on to the pool's hosted pages; those
 * sign the person in with every method the pool offers and hand the resulting application session
 * to POST …/login. The `_interaction` cookie oidc-provider set binds all of these to the browser
 * that started the request: another browser finds no interaction (404).
 */

const TAGS = ['OpenID Connect'];

/** What the interaction routes need of the session store and the account's factors. */
export interface OidcInteractionDependencies {
  providers: OidcProviders;
  publicUrl: string;
  /** The live session of an access token (for auth_time, method, second_factor and when it began). */
  findSession(sessionId: string): Promise<{
    created_at: Date;
    auth_time: Date | null;
    method: string;
    second_factor?: 'totp' | 'recovery_code' | 'passkey' | null;
  } | null>;
  /**
   * Ends an application session (revoked with `reason`): the session handover below. Optional so
   * that a wiring without it keeps working (the session then stays, as before the handover).
   */
  endSession?(sessionId: string, userId: string, reason: string): Promise<unknown>;
  /** How many second factors (TOTP, passkeys) the account has. */
  secondFactorCount(userId: string): Promise<number>;
}

/** Whether the request asks for two factors (acr_values, or an essential acr in `claims`). */
function wantsSecondFactor(details: InteractionDetails): boolean {
  return asksForSecondFactor(details.params);
}

function wantsFreshSignIn(details: InteractionDetails): boolean {
  const prompts = (details.params.prompt ?? '').split(' ');
  return prompts.includes('login') || details.params.max_age !== undefined;
}

type InteractionKit = ReturnType<typeof interactionKit>;

export function registerOidcInteractionRoutes(root: ApiRouter, deps: OidcInteractionDependencies): void {
  const kit = interactionKit(deps);
  registerNavigationRoutes(root, deps, kit);
  registerLoginRoute(root, deps, kit);
  registerConsentRoutes(root, deps, kit);
}

/** Finding the pool, this browser's interaction and its client; answering with the redirect. */
function interactionKit(deps: OidcInteractionDependencies) {
  async function poolOf(poolId: string): Promise<OidcPool> {
    const pool = await deps.providers.providerFor(poolId);
    if (!pool) throw new AppError(OidcErrors.ISSUER_NOT_FOUND);
    return pool;
  }

  /** The interaction of this browser (its cookie) with that uid, else 404. */
  async function interactionOf(
    req: Request,
    res: Response,
  ): Promise<{ pool: OidcPool; details: InteractionDetails }> {
    const { pool: poolId, uid } = req.params as { pool: string; uid: string };
    const pool = await poolOf(poolId);
    let details: InteractionDetails;
    try {
      details = await pool.provider.interactionDetails(req, res);
    } catch {
      throw new AppError(OidcErrors.INTERACTION_NOT_FOUND);
    }
    if (details.uid !== uid) throw new AppError(OidcErrors.INTERACTION_NOT_FOUND);
    return { pool, details };
  }

  async function clientOf(pool: OidcPool, details: InteractionDetails) {
    const clientId = details.params.client_id ?? '';
    const client = (await pool.provider.Client.find(clientId)) as Record<string, unknown> | undefined;
    if (!client) throw new AppError(OidcErrors.INTERACTION_NOT_FOUND);
    return {
      client_id: clientId,
      name: (client.clientName as string | undefined) ?? clientId,
      first_party: client.first_party !== false,
    };
  }

  /**
   * Hands the result to the provider, then ends `endAfter` (the handover) once the provider has
   * it — a refused result ends nothing — and answers the page where to go.
   */
  const finish = async (
    pool: OidcPool,
    req: Request,
    res: Response,
    result: Record<string, unknown>,
    endAfter?: { sessionId: string; userId: string } | null,
  ) => {
    const redirectTo = await pool.provider.interactionResult(req, res, result, {
      mergeWithLastSubmission: false,
    });
    let sessionEnded = false;
    if (endAfter && deps.endSession) {
      await deps.endSession(endAfter.sessionId, endAfter.userId, HANDOVER_REVOKE_REASON);
      sessionEnded = true;
    }
    res.set('Cache-Control', 'no-store').json({ redirect_to: redirectTo, session_ended: sessionEnded });
  };

  return { interactionOf, clientOf, finish };
}

function registerNavigationRoutes(root: ApiRouter, deps: OidcInteractionDependencies, kit: InteractionKit) {
  const { interactionOf, clientOf } = kit;
  root.route(
    {
      method: 'get',
      path: '/oidc/:pool/interaction/:uid',
      summary: 'OpenID interaction: on to the hosted sign-in or consent page',
      description:
        'Where the provider sends the browser during an authorization request. Redirects (303) to `/p/{pool}/sign-in?interaction={uid}&client_id=…` (with `login_hint`) when a sign-in is needed, or to `/p/{pool}/consent?interaction={uid}&client_id=…` for a third-party client’s consent; a first-party client’s consent is given at once (303 back to the provider). Bound to the browser by the provider’s interaction cookie: without it (expired, finished, another browser) a browser navigation (Accept: text/html) is sent (303) to `/p/{pool}/sign-in?interaction={uid}`, which says the sign-in has expired; other requests get 404 interaction_not_found.',
      tags: TAGS,
      params: ParamsSchema,
      responses: {
        303: {
          description:
            'To the hosted page, or back to the provider; a browser without the interaction: to the hosted sign-in page’s "expired" state',
        },
        404: {
          description:
            'No issuer (issuer_not_found) or no such interaction in this browser (interaction_not_found)',
        },
      },
    },
    async (req, res) => {
      let found: {
        pool: OidcPool;
        details: InteractionDetails;
        client: { client_id: string; first_party: boolean };
      };
      try {
        const { pool, details } = await interactionOf(req, res);
        found = { pool, details, client: await clientOf(pool, details) };
      } catch (error) {
        // A browser without the interaction cookie (expired, finished, another browser) gets a
        // page: the hosted sign-in page, which says "Anmeldung abgelaufen" (its details call 404s).
        if (!(error instanceof AppError && error.code === OidcErrors.INTERACTION_NOT_FOUND.code)) throw error;
        if (req.accepts(['json', 'html']) !== 'html') throw error;
        const { pool: poolId, uid } = req.params as { pool: string; uid: string };
        res.set('Cache-Control', 'no-store');
        res.redirect(
          303,
          `${deps.publicUrl}/p/${poolId}/sign-in?${new URLSearchParams({ interaction: uid })}`,
        );
        return;
      }
      const { pool, details, client } = found;
      if (details.prompt.name === 'consent' && client.first_party) {
        const redirectTo = await pool.provider.interactionResult(
          req,
          res,
          { consent: {} },
          { mergeWithLastSubmission: true },
        );
        res.redirect(303, redirectTo);
        return;
      }
      const query = new URLSearchParams({ interaction: details.uid, client_id: client.client_id });
      if (details.prompt.name === 'login' && details.params.login_hint)
        query.set('login_hint', details.params.login_hint);
      const page = details.prompt.name === 'login' ? 'sign-in' : 'consent';
      res.redirect(303, `${deps.publicUrl}/p/${pool.poolId}/${page}?${query.toString()}`);
    },
  );

  root.route(
    {
      method: 'get',
      path: '/oidc/:pool/interaction/:uid/details',
      summary: 'OpenID interaction: what the hosted page shows',
      description:
        'For the hosted pages (same origin, the interaction cookie): the pending step, the client, the requested scopes and `login_hint`; `fresh_sign_in_required` when the request asks for a new proof of identity (`prompt=login` or `max_age`: do not offer the tab’s session), `second_factor_required` when `acr_values` asks for two factors.',
      tags: TAGS,
      params: ParamsSchema,
      responses: {
        200: { description: 'The interaction', schema: DetailsSchema },
        404: { description: 'issuer_not_found or interaction_not_found' },
      },
    },
    async (req, res) => {
      const { pool, details } = await interactionOf(req, res);
      const scopes = (details.params.scope ?? '').split(' ').filter(Boolean);
      res.set('Cache-Control', 'no-store').json({
        uid: details.uid,
        prompt: details.prompt.name === 'consent' ? 'consent' : 'login',
        client: await clientOf(pool, details),
        scopes,
        login_hint: details.params.login_hint ?? null,
        fresh_sign_in_required: wantsFreshSignIn(details),
        second_factor_required: wantsSecondFactor(details),
      });
    },
  );
}

function registerLoginRoute(root: ApiRouter, deps: OidcInteractionDependencies, kit: InteractionKit) {
  const { interactionOf, clientOf, finish } = kit;
  root.route(
    {
      method: 'post',
      path: '/oidc/:pool/interaction/:uid/login',
      summary: 'OpenID interaction: complete the sign-in with the page’s session',
      description:
        'The hosted page, after signing the person in, hands over its application session (`Authorization: Bearer`, an end user of this pool; any active application of the pool). Answers `{redirect_to}` back to the provider. 403 fresh_sign_in_required when `prompt=login` asks for a sign-in newer than the interaction or `max_age` is exceeded; 403 second_factor_required when `acr_values` asks for two factors, the account has one and this session did not use it (an account without a second factor completes with `unmet_authentication_requirements` to the client). For a first-party client the requested scopes are granted here. Session handover: a session that began after the interaction started served only this sign-in and is ended once the provider has it (revoke reason `oidc_handover`, `session_ended: true`; for a third-party client after its consent); a session that existed before stays.',
      tags: TAGS,
      params: ParamsSchema,
      body: EmptyBodySchema,
      authenticated: true,
      applicationSessions: 'only',
      responses: {
        200: { description: 'Back to the provider', schema: RedirectSchema },
        403: {
          description:
            'Not an application session (token_audience_mismatch, token_not_allowed), of another pool (wrong_pool), enrollment-only, fresh_sign_in_required or second_factor_required',
        },
        404: { description: 'issuer_not_found or interaction_not_found' },
      },
    },
    async (req, res) => {
      const { pool, details } = await interactionOf(req, res);
      const caller = authOf(req);
      if (caller.poolId !== pool.poolId) throw new AppError(OidcErrors.WRONG_POOL);
      const session = caller.sessionId ? await deps.findSession(caller.sessionId) : null;
      if (!session) throw new AppError(OidcErrors.INTERACTION_NOT_FOUND);
      const authTime = Math.floor((session.auth_time ?? new Date(0)).getTime() / 1000);
      const now = Math.floor(Date.now() / 1000);
      const prompts = (details.params.prompt ?? '').split(' ');
      if (prompts.includes('login') && authTime < (details.iat ?? now))
        throw new AppError(OidcErrors.FRESH_SIGN_IN_REQUIRED);
      const maxAge = details.params.max_age === undefined ? undefined : Number(details.params.max_age);
      if (maxAge !== undefined && Number.isFinite(maxAge) && now - authTime > maxAge)
        throw new AppError(OidcErrors.FRESH_SIGN_IN_REQUIRED);
      // This sign-in's own session (began after the interaction): ended once handed over.
      const handover = beganAfterInteraction(session, details)
        ? { sessionId: caller.sessionId!, userId: caller.userId }
        : null;
      const secondFactor = session.second_factor ?? null;
      if (wantsSecondFactor(details) && !secondFactor) {
        if ((await deps.secondFactorCount(caller.userId)) > 0)
          throw new AppError(OidcErrors.SECOND_FACTOR_REQUIRED);
        await finish(
          pool,
          req,
          res,
          {
            error: 'unmet_authentication_requirements',
            error_description: 'the account has no second factor',
          },
          handover,
        );
        return;
      }
      const client = await clientOf(pool, details);
      const login = {
        accountId: caller.userId,
        acr: secondFactor ? ACR_2FA : ACR_1FA,
        amr: amrOf(session.method, secondFactor),
        ts: authTime,
        remember: true,
      };
      if (client.first_party) {
        // No consent step (the grant is completed by the provider's loadExistingGrant with what
        // the request asks for): the handover is done here.
        await finish(pool, req, res, { login, consent: {} }, handover);
        return;
      }
      // A third-party client's consent page still needs the session: it is ended after the
      // consent (the provider keeps this result as the consent interaction's lastSubmission).
      await finish(pool, req, res, { login, ...(handover ? { [HANDOVER_KEY]: handover.sessionId } : {}) });
    },
  );
}

function registerConsentRoutes(root: ApiRouter, deps: OidcInteractionDependencies, kit: InteractionKit) {
  const { interactionOf, finish } = kit;
  root.route(
    {
      method: 'post',
      path: '/oidc/:pool/interaction/:uid/consent',
      summary: 'OpenID interaction: the person’s consent for a third-party client',
      description:
        '`{approve: true}` grants the requested scopes, claims and API scopes; `{approve: false}` ends the request with access_denied. The session must be the account the interaction signed in (403 interaction_account_mismatch). Either answer ends the session the sign-in handed over for this request (`session_ended: true`), as POST …/login does for first-party clients.',
      tags: TAGS,
      params: ParamsSchema,
      body: ConsentSchema,
      authenticated: true,
      applicationSessions: 'only',
      responses: {
        200: { description: 'Back to the provider', schema: RedirectSchema },
        403: { description: 'wrong_pool, interaction_account_mismatch, or not an application session' },
        404: { description: 'issuer_not_found or interaction_not_found' },
        409: { description: 'The interaction waits for a sign-in (interaction_prompt_mismatch)' },
      },
    },
    async (req, res) => {
      const { pool, details } = await interactionOf(req, res);
      const caller = authOf(req);
      if (caller.poolId !== pool.poolId) throw new AppError(OidcErrors.WRONG_POOL);
      if (details.prompt.name !== 'consent') throw new AppError(OidcErrors.WRONG_PROMPT);
      if (details.session?.accountId !== caller.userId) throw new AppError(OidcErrors.ACCOUNT_MISMATCH);
      // The session handed over by this request's sign-in, or one begun for this consent page.
      const session = caller.sessionId ? await deps.findSession(caller.sessionId) : null;
      const handover =
        caller.sessionId &&
        (handedOverBefore(details)?.sessionId === caller.sessionId ||
          (session && beganAfterInteraction(session, details)))
          ? { sessionId: caller.sessionId, userId: caller.userId }
          : null;
      const { approve } = (req as Request & { valid: { body: { approve: boolean } } }).valid.body;
      if (!approve) {
        await finish(
          pool,
          req,
          res,
          { error: 'access_denied', error_description: 'the person declined' },
          handover,
        );
        return;
      }
      const { provider } = pool;
      const grant = details.grantId
        ? ((await provider.Grant.find(details.grantId)) ??
          new provider.Grant({ accountId: caller.userId, clientId: details.params.client_id! }))
        : new provider.Grant({ accountId: caller.userId, clientId: details.params.client_id! });
      const missing = details.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
        grant.addResourceScope(indicator, scopes.join(' '));
      const grantId = await grant.save();
      await finish(pool, req, res, { consent: { grantId } }, handover);
    },
  );

  root.route(
    {
      method: 'post',
      path: '/oidc/:pool/interaction/:uid/abort',
      summary: 'OpenID interaction: cancel',
      description:
        'The person cancels ("Abbrechen"): the client receives access_denied. Bound to the browser by the interaction cookie. On the consent page after a sign-in for this request, that sign-in’s session ends too (`session_ended: true`).',
      tags: TAGS,
      params: ParamsSchema,
      body: EmptyBodySchema,
      responses: {
        200: { description: 'Back to the provider', schema: RedirectSchema },
        404: { description: 'issuer_not_found or interaction_not_found' },
      },
    },
    async (req, res) => {
      const { pool, details } = await interactionOf(req, res);
      // Cancelled on the consent page after a sign-in for it: that sign-in's session ends too.
      await finish(
        pool,
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        handedOverBefore(details),
      );
    },
  );
}
