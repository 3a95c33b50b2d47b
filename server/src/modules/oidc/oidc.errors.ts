/** Plain data, as error-catalog.ts expects: the errors of the OpenID provider's interaction API. */
export const OidcErrors = {
  /** The pool (project) has no issuer: unknown, deactivated, without an active application, or the platform. */
  ISSUER_NOT_FOUND: {
    status: 404,
    code: 'issuer_not_found',
    message:
      'There is no OpenID provider here: the project does not exist, is deactivated or has no active application.',
  },
  /** No interaction of this browser with that id (expired, finished, or begun in another browser). */
  INTERACTION_NOT_FOUND: {
    status: 404,
    code: 'interaction_not_found',
    message:
      'This sign-in request has expired or was started in another browser. Start the sign-in again in the application.',
  },
  /** The access token is of another pool than the interaction's issuer. */
  WRONG_POOL: {
    status: 403,
    code: 'wrong_pool',
    message: 'This session belongs to another project’s users; sign in to this project’s application.',
  },
  /** prompt=login or max_age asks for a proof of identity newer than the session's. */
  FRESH_SIGN_IN_REQUIRED: {
    status: 403,
    code: 'fresh_sign_in_required',
    message: 'The application asks you to sign in again. Sign out of this tab’s session and sign in.',
  },
  /** acr_values asks for two factors; the account has one but this session did not use it. */
  SECOND_FACTOR_REQUIRED: {
    status: 403,
    code: 'second_factor_required',
    message:
      'The application asks for a sign-in with your second factor. Sign out of this tab’s session and sign in again with it.',
  },
  /** Consent for an interaction whose sign-in was another account's. */
  ACCOUNT_MISMATCH: {
    status: 403,
    code: 'interaction_account_mismatch',
    message: 'This consent request is for another account. Sign in with the account that started it.',
  },
  /** Consent asked where the interaction waits for a sign-in (or the other way round). */
  WRONG_PROMPT: {
    status: 409,
    code: 'interaction_prompt_mismatch',
    message: 'This sign-in request is waiting for another step. Reload the page.',
  },
} as const;
