import type { RequestHandler } from 'express';
import type { Connection } from 'mongoose';
import { Passport } from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import type { Config } from '../../config.js';
import type { ApiRouter } from '../../lib/api-router.js';
import { AppError } from '../../lib/errors.js';
import { z } from '../../lib/openapi.js';
import { createRateLimiter } from '../../lib/rate-limit/index.js';
import { requestContext, type RequestContext } from '../../core/request-context.js';
import { toPublicUser } from '../users/index.js';
import { type UserDocument } from '../../core/account.js';
import { AuthErrors } from './auth.errors.js';
import { createAuthRateLimits } from './auth.rate-limits.js';
import { authOf } from '../../core/auth-context.js';
import {
  CodeBodySchema,
  ConfirmQuerySchema,
  ConfirmResponseSchema,
  EmailBodySchema,
  IdParamsSchema,
  JwksSchema,
  LoginBodySchema,
  MeSchema,
  MfaRequiredSchema,
  PasswordResetBodySchema,
  ProvidersSchema,
  RefreshBodySchema,
  RegisterBodySchema,
  RegisterResponseSchema,
  SessionListSchema,
  SessionTokensSchema,
  SuccessSchema,
  TokenBodySchema,
  UpdateMeBodySchema,
  VerifyResponseSchema,
} from './auth.schemas.js';
import type { AuthService, LoginResult } from './auth.service.js';
import { createGoogleHandlers } from './google.js';

export interface OrganizationMembership {
  id: string;
  name: string;
  slug: string;
  role: 'admin' | 'member';
}

export interface AuthRouteDependencies {
  auth: AuthService;
  config: Config;
  connection: Connection;
  /** Global admin check (SPEC §6); the tenancy module supplies the full rule. */
  isAdmin(user: UserDocument): Promise<boolean>;
  /** The caller's organizations with roles, for /verify. */
  organizationsOf(userId: string): Promise<OrganizationMembership[]>;
  /** Whether an application exists and is active (registration may name one). */
  isApplicationActive(applicationId: string): Promise<boolean>;
  /**
   * The second sign-in step of an account with two-factor (the mfa module): answered instead of
   * session tokens after a correct password; null when the account has none.
   */
  secondFactor?(
    user: UserDocument,
    context: RequestContext,
    scope?: { firstFactor: 'password' | 'google' },
  ): Promise<object | null>;
  /**
   * For GET /auth/me: the account's second factors (the mfa module) and the organizations whose
   * policy requires one (the tenancy module). Absent: none of either.
   */
  twoFactorOf?(user: UserDocument): Promise<TwoFactorSummary>;
}

export interface TwoFactorSummary {
  methods: string[];
  recovery_codes_left: number;
  required_by: Array<{ id: string; name: string }>;
}

const NO_TWO_FACTOR: TwoFactorSummary = { methods: [], recovery_codes_left: 0, required_by: [] };

const RESET_GENERATED_MESSAGE =
  'If an account exists for this address, we have sent a link to reset the password. It is valid for one hour.';
const RESEND_MESSAGE =
  'If this address belongs to an unconfirmed account, we have sent a new confirmation link.';

export function sessionResponse(result: LoginResult) {
  return {
    success: true as const,
    access_token: result.access_token,
    refresh_token: result.refresh_token,
    token_type: result.token_type,
    expires_in: result.expires_in,
    expires_at: result.expires_at,
    user: result.user,
  };
}

/** Login through passport-local; failures surface as our own AppErrors, never as passport's 401 text. */
function passwordLogin(
  auth: AuthService,
  secondFactor: AuthRouteDependencies['secondFactor'],
): RequestHandler {
  const passport = new Passport();
  passport.use(
    new LocalStrategy(
      { usernameField: 'email', passwordField: 'password', passReqToCallback: true, session: false },
      (req, email, password, done) => {
        auth.verifyCredentials(email, password, requestContext(req)).then((user) => done(null, user), done);
      },
    ),
  );
  return (req, res, next) => {
    passport.authenticate('local', { session: false }, (error: unknown, user: UserDocument | false) => {
      if (error) return next(error);
      if (!user) return next(new AppError(AuthErrors.INVALID_CREDENTIALS));
      const context = requestContext(req);
      (secondFactor ? secondFactor(user, context) : Promise.resolve(null))
        .then(async (challenge) =>
          res.json(challenge ?? sessionResponse(await auth.startSession(user, 'password', context))),
        )
        .catch(next);
    })(req, res, next);
  };
}

export function registerAuthRoutes(api: ApiRouter, root: ApiRouter, deps: AuthRouteDependencies): void {
  const { auth, config } = deps;
  const limits = config.auth.rateLimit;
  const { perIp, perAccount } = createAuthRateLimits({ connection: deps.connection, config });
  // Checked before any hashing: a stolen access token cannot queue hundreds of password checks.
  const passwordChecksPerUser = createRateLimiter({
    connection: deps.connection,
    name: 'password-check-user',
    windowS: limits.windowS,
    limit: limits.perAccount,
    key: (req) => ((req.body as { password?: unknown } | undefined)?.password ? req.auth?.userId : undefined),
  });
  const tags = ['Authentication'];

  api.route(
    {
      method: 'post',
      path: '/auth/register',
      summary: 'Register with e-mail and password',
      description:
        'Creates the account and sends the confirmation mail. An address that is already registered gets the same response (no enumeration); its owner is mailed instead.',
      tags,
      body: RegisterBodySchema,
      responses: {
        201: { description: 'Registered', schema: RegisterResponseSchema },
        429: { description: 'Rate limited' },
      },
    },
    perIp('register-ip'),
    async (req, res) => {
      const applicationId = req.valid.body.application_id;
      if (applicationId && !(await deps.isApplicationActive(applicationId)))
        throw new AppError(AuthErrors.UNKNOWN_APPLICATION);
      res.status(201).json(await auth.register(req.valid.body, requestContext(req)));
    },
  );

  api.route(
    {
      method: 'post',
      path: '/auth/confirm',
      summary: 'Confirm an e-mail address',
      tags,
      body: TokenBodySchema,
      responses: { 200: { description: 'Confirmed', schema: ConfirmResponseSchema } },
    },
    perIp('confirm-ip'),
    async (req, res) => {
      res.json({ success: true, user: await auth.confirmEmail(req.valid.body.token, requestContext(req)) });
    },
  );

  api.route(
    {
      method: 'get',
      path: '/auth/confirm',
      summary: 'Confirmation link target',
      description:
        'The link in the confirmation mail: confirms, then redirects to the dashboard sign-in with a notice.',
      tags,
      query: ConfirmQuerySchema,
      responses: { 303: { description: 'Redirect to /auth?confirmed=1 or /auth?confirmation_error=…' } },
    },
    perIp('confirm-ip'),
    async (req, res) => {
      const target = `${config.auth.dashboardUrl}/auth`;
      try {
        await auth.confirmEmail(req.valid.query.token ?? '', requestContext(req));
        res.redirect(303, `${target}?confirmed=1`);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        res.redirect(303, `${target}?confirmation_error=${encodeURIComponent(error.code)}`);
      }
    },
  );

  api.route(
    {
      method: 'post',
      path: '/auth/resend-confirmation',
      summary: 'Send the confirmation mail again',
      description: 'Always answers the same way, whether or not the address is registered.',
      tags,
      body: EmailBodySchema,
      responses: {
        200: { description: 'Accepted', schema: SuccessSchema },
        429: { description: 'Rate limited' },
      },
    },
    perIp('resend-ip'),
    perAccount('resend-account'),
    async (req, res) => {
      auth.resendConfirmation(req.valid.body.email, requestContext(req));
      res.json({ success: true, message: RESEND_MESSAGE });
    },
  );

  api.route(
    {
      method: 'post',
      path: '/auth/login',
      summary: 'Sign in with e-mail and password',
      description: `After ${config.auth.lockoutThreshold} consecutive failures for an address from one network, that address is locked for ${config.auth.lockoutMinutes} minutes from that network (429 account_locked with Retry-After); after ${config.auth.lockoutAccountCeiling} failures from all networks, everywhere. Unknown addresses are counted and answered the same way.`,
      tags,
      body: LoginBodySchema,
      responses: {
        200: {
          description:
            'Signed in; or, for an account with two-factor, `mfa_required` with an mfa_token for POST /auth/mfa/challenge (no session yet)',
          schema: z.union([SessionTokensSchema, MfaRequiredSchema]),
        },
        403: { description: 'E-mail not confirmed (code email_not_confirmed)' },
        429: { description: 'Rate limited or account locked; see Retry-After' },
      },
    },
    perIp('login-ip'),
    perAccount('login-account'),
    passwordLogin(auth, deps.secondFactor),
  );

  api.route(
    {
      method: 'post',
      path: '/auth/refresh',
      summary: 'Trade a refresh token for a new token pair',
      description:
        'Refresh tokens rotate on every use. Presenting one that was already used ends the whole session (reuse detection).',
      tags,
      body: RefreshBodySchema,
      responses: { 200: { description: 'New tokens', schema: SessionTokensSchema } },
    },
    perIp('refresh-ip', limits.perIp * 10),
    async (req, res) => {
      res.json(sessionResponse(await auth.refresh(req.valid.body.refresh_token, null, requestContext(req))));
    },
  );

  api.route(
    {
      method: 'post',
      path: '/auth/exchange',
      summary: 'Trade a one-time sign-in code (from Google sign-in) for a session',
      description:
        'For an account with two-factor, Google is the first factor only: the answer is then `mfa_required` with an mfa_token for POST /auth/mfa/challenge, exactly as after a password (no session yet).',
      tags,
      body: CodeBodySchema,
      responses: {
        200: {
          description: 'Signed in; or, for an account with two-factor, `mfa_required` (no session yet)',
          schema: z.union([SessionTokensSchema, MfaRequiredSchema]),
        },
      },
    },
    perIp('exchange-ip'),
    async (req, res) => {
      const context = requestContext(req);
      const user = await auth.redeemExchangeCode(req.valid.body.code);
      const challenge = await deps.secondFactor?.(user, context, { firstFactor: 'google' });
      res.json(challenge ?? sessionResponse(await auth.startSession(user, 'google', context)));
    },
  );

  api.route(
    {
      method: 'post',
      path: '/auth/logout',
      summary: 'Sign out (ends this session)',
      tags,
      authenticated: true,
      responses: { 200: { description: 'Signed out', schema: SuccessSchema } },
    },
    async (req, res) => {
      const caller = authOf(req);
      if (caller.sessionId) await auth.logout(caller.userId, caller.sessionId, requestContext(req));
      res.json({ success: true });
    },
  );

  api.route(
    {
      method: 'get',
      path: '/auth/sessions',
      summary: "List the caller's active sessions",
      tags,
      authenticated: true,
      responses: { 200: { description: 'Sessions, newest first', schema: SessionListSchema } },
    },
    async (req, res) => {
      const caller = authOf(req);
      const sessions = await auth.sessions.listActive(caller.userId);
      res.json({
        data: sessions.map((session) => ({
          id: String(session._id),
          created_at: session.created_at.toISOString(),
          last_used_at: session.last_used_at.toISOString(),
          expires_at: session.expires_at.toISOString(),
          ip_address: session.ip_address,
          user_agent: session.user_agent,
          method: session.method,
          current: String(session._id) === caller.sessionId,
        })),
        next_cursor: null,
      });
    },
  );

  api.route(
    {
      method: 'delete',
      path: '/auth/sessions/:id',
      summary: 'End one of the caller’s sessions',
      tags,
      authenticated: true,
      params: IdParamsSchema,
      responses: { 204: { description: 'Ended' }, 404: { description: 'No such session of the caller' } },
    },
    async (req, res) => {
      await auth.endSession(authOf(req).userId, req.valid.params.id, requestContext(req));
      res.status(204).end();
    },
  );

  const me = async (user: UserDocument) => {
    const [isAdmin, twoFactor] = await Promise.all([
      deps.isAdmin(user),
      deps.twoFactorOf ? deps.twoFactorOf(user) : NO_TWO_FACTOR,
    ]);
    const enabled = twoFactor.methods.length > 0;
    return {
      ...toPublicUser(user),
      is_admin: isAdmin,
      two_factor: { enabled, ...twoFactor },
      // Asked, not enforced: the API keeps working so that nobody is locked out of enrolling.
      mfa_enrollment_required: !enabled && twoFactor.required_by.length > 0,
    };
  };

  api.route(
    {
      method: 'get',
      path: '/auth/me',
      summary: 'The signed-in user',
      tags,
      authenticated: true,
      tokenScope: 'read',
      responses: { 200: { description: 'Profile', schema: MeSchema } },
    },
    async (req, res) => {
      res.json(await me(authOf(req).user));
    },
  );

  api.route(
    {
      method: 'patch',
      path: '/auth/me',
      summary: 'Change display name or password',
      description:
        'A new password needs current_password, checked with the same lockout as sign-in and limited per user (429). Other sessions are ended and API tokens revoked; this session stays.',
      tags,
      authenticated: true,
      body: UpdateMeBodySchema,
      responses: {
        200: { description: 'Updated profile', schema: MeSchema },
        429: { description: 'Too many password checks, or locked; see Retry-After' },
      },
    },
    passwordChecksPerUser,
    async (req, res) => {
      const caller = authOf(req);
      await auth.updateProfile(caller.userId, caller.sessionId, req.valid.body, requestContext(req));
      const user = await auth.getUser(caller.userId);
      res.json(await me(user!));
    },
  );

  api.route(
    {
      method: 'post',
      path: '/password-reset',
      summary: 'Request or complete a password reset',
      description:
        '`{action: "generate", email}` always answers 200 the same way (a mail is sent only if the account exists). `{action: "reset", token, new_password}` sets the password and ends every session; an unknown, used or expired token answers 400 invalid_reset_token.',
      tags,
      body: PasswordResetBodySchema,
      responses: {
        200: { description: 'Done', schema: SuccessSchema },
        429: { description: 'Rate limited' },
      },
    },
    perIp('reset-ip'),
    perAccount('reset-account'),
    async (req, res) => {
      const body = req.valid.body;
      if (body.action === 'generate') {
        auth.requestPasswordReset(body.email, requestContext(req));
        res.json({ success: true, message: RESET_GENERATED_MESSAGE });
        return;
      }
      await auth.resetPassword(body.token, body.new_password, requestContext(req));
      res.json({ success: true, message: 'Password changed. Please sign in with the new password.' });
    },
  );

  const google = createGoogleHandlers(config, auth);

  api.route(
    {
      method: 'get',
      path: '/auth/providers',
      summary: 'Sign-in methods this server offers',
      tags,
      responses: { 200: { description: 'Providers', schema: ProvidersSchema } },
    },
    (_req, res) => {
      res.json({
        providers: [
          { id: 'password', name: 'E-mail and password', authorize_url: null },
          ...(google
            ? [{ id: 'google' as const, name: 'Google', authorize_url: '/api/v1/auth/google' }]
            : []),
        ],
      });
    },
  );

  const googleDisabled: RequestHandler = () => {
    throw new AppError(AuthErrors.PROVIDER_DISABLED);
  };

  api.route(
    {
      method: 'get',
      path: '/auth/google',
      summary: 'Start Google sign-in',
      description:
        'Redirects to Google (authorization code flow with PKCE and a one-time state). 404 when not configured.',
      tags,
      responses: {
        302: { description: 'Redirect to Google' },
        404: { description: 'Google sign-in not configured' },
      },
    },
    google?.start ?? googleDisabled,
  );

  api.route(
    {
      method: 'get',
      path: '/auth/google/callback',
      summary: 'Google sign-in callback',
      description:
        'Checks state, creates or links the account by verified e-mail, then redirects to the dashboard with a one-time `code` for POST /auth/exchange (or `error`).',
      tags,
      responses: {
        303: { description: 'Redirect to the dashboard' },
        404: { description: 'Google sign-in not configured' },
      },
    },
    google?.callback ?? googleDisabled,
  );

  api.route(
    {
      method: 'post',
      path: '/verify',
      summary: 'Verify a bearer credential',
      description:
        'Returns the user, their organizations with roles, and how the request was authenticated (SPEC §7). Also takes tokens from an application’s embedding login; those (like API tokens) see only the application’s organization.',
      tags,
      authenticated: true,
      tokenScope: 'read',
      applicationSessions: 'also',
      responses: { 200: { description: 'Valid', schema: VerifyResponseSchema } },
    },
    async (req, res) => {
      const caller = authOf(req);
      res.json({
        user: toPublicUser(caller.user),
        organizations: (await deps.organizationsOf(caller.userId)).filter(
          (organization) => !caller.organizationId || organization.id === caller.organizationId,
        ),
        context: {
          authenticated_via: caller.via,
          session_id: caller.sessionId,
          scopes: caller.scopes,
          application_id: caller.applicationId,
        },
      });
    },
  );

  root.route(
    {
      method: 'get',
      path: '/.well-known/jwks.json',
      summary: 'Public keys that verify access tokens',
      tags,
      responses: { 200: { description: 'JSON Web Key Set', schema: JwksSchema } },
    },
    async (_req, res) => {
      res.set('Cache-Control', 'public, max-age=600').json((await auth.keys()).jwks());
    },
  );
}
