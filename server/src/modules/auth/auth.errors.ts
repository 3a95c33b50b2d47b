import { AuthContextErrors } from '../../core/auth-context.js';

/** The identity module's error catalog: status, stable code and the message clients show. */
export const AuthErrors = {
  INVALID_CREDENTIALS: { status: 401, code: 'invalid_credentials', message: 'Invalid e-mail or password.' },
  EMAIL_NOT_CONFIRMED: {
    status: 403,
    code: 'email_not_confirmed',
    message: 'Please confirm your e-mail address first. We have sent you a link.',
  },
  ACCOUNT_LOCKED: {
    status: 429,
    code: 'account_locked',
    message:
      'Too many failed sign-in attempts for this address. Sign-in with a password is paused for a while; try again later or reset your password.',
  },
  UNKNOWN_APPLICATION: {
    status: 400,
    code: 'unknown_application',
    message:
      'application_id names no active application. Leave it out, or use the id shown in the dashboard.',
  },
  SIGNUP_CLOSED: {
    status: 403,
    code: 'signup_closed',
    message:
      'This application does not take new sign-ups. Ask its operator for an invitation, or sign in with an existing account.',
  },
  SIGN_IN_METHOD_DISABLED: {
    status: 403,
    code: 'sign_in_method_disabled',
    message: 'This sign-in method is turned off for this application. Use one of the methods it offers.',
  },
  ACCOUNT_BLOCKED: {
    status: 403,
    code: 'account_blocked',
    message:
      'This account has been blocked by the operator of this application. Contact its support to have it unblocked.',
  },
  SECOND_FACTOR_ENROLLMENT_REQUIRED: {
    status: 403,
    code: 'second_factor_enrollment_required',
    message:
      'This application requires a second factor. Set up an authenticator app or a passkey on your account page, then sign in again.',
  },
  PASSWORD_TOO_COMMON: {
    status: 400,
    code: 'password_too_common',
    message:
      'This password is too common: it appears in lists of leaked passwords that attackers try first. Choose another one.',
  },
  PASSWORD_TOO_SHORT: {
    status: 400,
    code: 'password_too_short',
    message: 'Password must be at least 6 characters long',
  },
  INVALID_EMAIL_CODE: {
    status: 401,
    code: 'invalid_email_code',
    message:
      'This code is wrong, has expired (codes are valid 10 minutes) or was already used. After 5 wrong tries a code is void. Request a new code.',
  },
  INVALID_RESET_TOKEN: {
    status: 400,
    code: 'invalid_reset_token',
    message: 'The reset link is invalid, has expired or was already used.',
  },
  INVALID_CONFIRMATION_TOKEN: {
    status: 400,
    code: 'invalid_confirmation_token',
    message: 'The confirmation link is invalid, has expired or was already used.',
  },
  INVALID_EMAIL_CHANGE_TOKEN: {
    status: 400,
    code: 'invalid_email_change_token',
    message:
      'The link to confirm the new e-mail address is invalid, has expired (links are valid one hour), was already used or replaced by a newer one, or the session that asked for the change has ended. Ask for the change again.',
  },
  EMAIL_TAKEN: {
    status: 409,
    code: 'email_taken',
    message: 'There already is an account with this e-mail address. Nothing was changed.',
  },
  EMAIL_UNCHANGED: {
    status: 400,
    code: 'email_unchanged',
    message: 'This already is the e-mail address of your account.',
  },
  INVALID_EXCHANGE_CODE: {
    status: 400,
    code: 'invalid_code',
    message: 'The sign-in code is invalid or has expired.',
  },
  INVALID_REFRESH_TOKEN: {
    status: 401,
    code: 'invalid_refresh_token',
    message: 'The refresh token is invalid or has expired. Please sign in again.',
  },
  REFRESH_TOKEN_REUSED: {
    status: 401,
    code: 'refresh_token_reused',
    message:
      'This refresh token was already used. The session has been ended for your safety; please sign in again.',
  },
  MISSING_TOKEN: AuthContextErrors.MISSING_TOKEN,
  INVALID_TOKEN: { status: 401, code: 'invalid_token', message: 'The access token is invalid.' },
  TOKEN_EXPIRED: { status: 401, code: 'token_expired', message: 'The access token has expired.' },
  SESSION_ENDED: {
    status: 401,
    code: 'session_ended',
    message: 'This session has ended. Please sign in again.',
  },
  WRONG_CURRENT_PASSWORD: {
    status: 400,
    code: 'wrong_current_password',
    message: 'The current password is not correct.',
  },
  CURRENT_PASSWORD_REQUIRED: {
    status: 400,
    code: 'current_password_required',
    message: 'Enter your current password to set a new one.',
  },
  TOKEN_NOT_ALLOWED: {
    status: 403,
    code: 'token_not_allowed',
    message: 'API tokens cannot be used for this endpoint; sign in instead.',
  },
  APPLICATION_TOKEN_NOT_ALLOWED: {
    status: 403,
    code: 'application_token_not_allowed',
    message:
      'This token was issued to an application through its sign-in dialog; it cannot be used for the IAM Platform API. Sign in to the dashboard or use an API token.',
  },
  TOKEN_AUDIENCE_MISMATCH: {
    status: 401,
    code: 'token_audience_mismatch',
    message: 'This access token was not issued for this application. Sign in through the application.',
  },
  INSUFFICIENT_SCOPE: {
    status: 403,
    code: 'insufficient_scope',
    message: 'This API token lacks the scope this endpoint needs.',
  },
  SESSION_NOT_FOUND: { status: 404, code: 'session_not_found', message: 'Session not found.' },
  GOOGLE_EMAIL_UNVERIFIED: {
    status: 400,
    code: 'google_email_unverified',
    message: 'Google did not confirm an e-mail address for this account.',
  },
  PROVIDER_DISABLED: {
    status: 404,
    code: 'provider_disabled',
    message: 'Google sign-in is not configured on this server.',
  },
} as const;
