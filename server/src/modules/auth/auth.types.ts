import type { RequestContext } from '../../core/request-context.js';
import type { CountedWindow } from '../../lib/rate-limit/index.js';
import type { UserDocument } from '../../core/account.js';
import type { KeepFactors, SecondFactorSummary } from '../../core/second-factor.js';
import type { PublicUser } from '../users/index.js';
import type { SecondFactorUsed } from './auth.model.js';
import type { IssuedSession, SessionApplication, Sessions } from './sessions.js';
import type { SigningKeys } from './signing-keys.js';

export interface LoginResult extends IssuedSession {
  user: PublicUser;
  /** The session may only set up a second factor (the pool requires one); then sign in again. */
  second_factor_enrollment_required?: true;
}

export interface AuthService {
  /** The JWT signing keys, loaded (or created) in the database on first use. */
  keys(): Promise<SigningKeys>;
  /** The `aud` of dashboard access tokens (JWT_AUDIENCE); embedding sessions use their application id. */
  readonly dashboardAudience: string;
  readonly sessions: Sessions;
  register(
    input: { email: string; password: string; display_name?: string; application_id?: string },
    context: RequestContext,
  ): Promise<{ user: PublicUser; confirmation_required: boolean }>;
  confirmEmail(token: string, context: RequestContext): Promise<PublicUser>;
  /**
   * Starts sending a new confirmation link and returns before doing anything that depends on the
   * address, so the response time tells nothing about whether it is registered.
   */
  resendConfirmation(email: string, context: RequestContext): void;
  /**
   * Checks e-mail and password (with lockout); returns the user or throws. `limits` (the route's
   * rate limits) are counted first, in one command, and refused with 429 rate_limited before
   * anything else; each gets `seen` (its window as read back), for the RateLimit headers.
   */
  verifyCredentials(
    email: string,
    password: string,
    context: RequestContext,
    limits?: CountedWindow[],
  ): Promise<UserDocument>;
  /** Starts a dashboard session, or with `application` an embedding session for that application. */
  startSession(
    user: UserDocument,
    method: 'password' | 'google' | 'passkey' | 'email_code',
    context: RequestContext,
    application?: SessionApplication,
    /** What completed the sign-in's second step (the session's `second_factor`), if it had one. */
    secondFactor?: SecondFactorUsed | null,
  ): Promise<LoginResult>;
  /** Rotates the refresh token of a session of `applicationId` (null: the dashboard). */
  refresh(refreshToken: string, applicationId: string | null, context: RequestContext): Promise<LoginResult>;
  logout(userId: string, sessionId: string, context: RequestContext): Promise<void>;
  endSession(userId: string, sessionId: string, context: RequestContext): Promise<void>;
  getUser(userId: string): Promise<UserDocument | null>;
  updateProfile(
    userId: string,
    sessionId: string | null,
    input: { display_name?: string; password?: string; current_password?: string },
    context: RequestContext,
  ): Promise<PublicUser>;
  /** Like resendConfirmation: returns at once; the lookup and the mail happen after the response. */
  requestPasswordReset(email: string, context: RequestContext): void;
  /** Waits for work started after a response (reset and confirmation mails); for shutdown. */
  drain(): Promise<void>;
  /**
   * Sets the new password. Second factors added during the last 24 hours are removed unless kept
   * (a stolen session may have added them); answers those removed.
   */
  resetPassword(
    token: string,
    newPassword: string,
    context: RequestContext,
    keep?: KeepFactors,
  ): Promise<{ factorsRemoved: SecondFactorSummary[] }>;
  /** The second factors of a usable reset link's account, without spending it; invalid_reset_token otherwise. */
  inspectPasswordReset(token: string): Promise<SecondFactorSummary[]>;
  /**
   * "This wasn't me": removes the password (sign-in with it fails until a reset), ends every
   * session and API token, voids pending reset links and answers a fresh one-hour reset link.
   */
  lockPasswordUntilReset(
    userId: string,
    reason: string,
    context: RequestContext,
  ): Promise<{ resetLink: string; sessionsEnded: number; tokensRevoked: number }>;
  /**
   * Finds or creates the account for a Google identity in `context.pool`; links by e-mail only when
   * Google verified it. Creating one needs the pool's sign-up to be open (403 signup_closed).
   * `applicationId`: the application a pool's hosted sign-in was started for; a new account
   * records it (`registered_application_id`, its mail templates) and its webhook `user.registered`.
   */
  signInWithGoogle(
    profile: { googleId: string; email: string | null; emailVerified: boolean; name: string | null },
    context: RequestContext,
    options?: { applicationId?: string },
  ): Promise<UserDocument>;
  issueExchangeCode(userId: string): Promise<string>;
  /**
   * One-time OAuth `state` values (with their PKCE verifier), valid 10 minutes, usable once, and
   * bound to the browser that started the sign-in by a secret it holds in a cookie. `binding`: what
   * else the flow needs back at its callback (a pool's sign-in: the application and return page);
   * the dashboard's flow has none.
   */
  readonly oauthStates: {
    issue(codeVerifier: string, browserSecret: string, binding?: string): Promise<string>;
    /**
     * The PKCE verifier and the binding (null when none was given), or null when the state is
     * unknown, used, expired or another browser's.
     */
    consume(
      state: string,
      browserSecret: string | undefined,
    ): Promise<{ verifier: string; binding: string | null } | null>;
  };
  /**
   * Spends a one-time sign-in code from the Google callback and answers its user; the caller
   * starts the session, or the second step for an account with two-factor.
   */
  redeemExchangeCode(code: string): Promise<UserDocument>;
  /**
   * The hosted pages' sign-in codes (POST /api/auth/hosted/code): single use, valid 60 seconds,
   * only their SHA-256 stored, each with its `binding` (what the embedding module binds it to:
   * application, redirect URI, PKCE challenge). `peek` reads a usable code without spending it;
   * `consume` spends it (atomically, once). Both answer null for an unknown, expired or used code.
   */
  readonly hostedCodes: {
    issue(userId: string, binding: string): Promise<string>;
    peek(code: string): Promise<{ userId: string; binding: string } | null>;
    consume(code: string): Promise<{ userId: string; binding: string } | null>;
  };
  /**
   * Sign-in with a code by e-mail (the embedding API's POST /api/auth/email-code and /verify), in a
   * pool whose methods include `email_code`. `request` refuses a pool without it and otherwise
   * returns before anything that depends on the address; the code (6 digits, 10 minutes, 5 tries)
   * goes out after the response, only to an existing, not blocked account of the request's pool.
   * `verify` answers the account, its address now confirmed; the caller starts the session or the
   * second step.
   */
  readonly emailCodes: {
    request(email: string, context: RequestContext): Promise<void>;
    verify(email: string, code: string, context: RequestContext): Promise<UserDocument>;
  };
  /** A one-hour password-reset link for the account, for security notices ("if it was not you"). */
  passwordResetLink(userId: string): Promise<string>;
  /**
   * A project pool's invitation link for the account (the user management's invite): the hosted
   * reset page with a single-use token of its own purpose, valid 7 days, that sets the password;
   * the account's earlier invitation link stops working.
   */
  invitationLink(userId: string): Promise<string>;
  /**
   * The single-use, 30-minute links that complete deleting an account without a password: `issue`
   * voids the account's earlier ones and answers the dashboard link; `consume` answers the
   * account the token was issued to, or null when it is unknown, expired or used.
   */
  readonly accountDeletionLinks: {
    issue(userId: string): Promise<{ link: string; expiresAt: Date }>;
    consume(token: string): Promise<string | null>;
  };
  /**
   * Asks to change the account's e-mail address (email-change.ts): checks `password` when given
   * (like a sign-in, with lockout; without it the route asks for a fresh step-up) and refuses the
   * current address; whether the new address is taken in the pool and the mails are handled after
   * the response, so the answer tells nothing about it. A free address gets a one-hour link, one
   * in use a mail that an account exists; the old address a notice either way. A new request voids
   * the earlier link. The change belongs to `sessionId`: void once that session has ended (a reset,
   * "sign out everywhere", a block), and that session stays signed in when the others are ended.
   */
  requestEmailChange(
    user: UserDocument,
    sessionId: string | null,
    input: { email: string; password?: string },
    context: RequestContext,
  ): Promise<void>;
  /**
   * Spends the link and switches the address if it is still free in the account's pool (else 409
   * email_taken, nothing changed and the link still usable), marked confirmed; ends the account's
   * other sessions, voids links mailed to the old address, audits `user.email_changed`, emits
   * `user.updated` and tells the old address.
   */
  confirmEmailChange(token: string, context: RequestContext): Promise<{ user: PublicUser }>;
}
