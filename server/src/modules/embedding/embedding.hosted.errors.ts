/** The hosted sign-in's code exchange (embedding.hosted.ts); plain data, like every `*.errors.ts`. */
export const HostedCodeErrors = {
  // OAuth 2.0's name (RFC 6749 §5.2): the code, its verifier or its binding does not fit.
  INVALID_GRANT: {
    status: 400,
    code: 'invalid_grant',
    message: 'The sign-in code is unknown, expired or already used. Start the sign-in again.',
  },
  REDIRECT_URI_NOT_ALLOWED: {
    status: 400,
    code: 'redirect_uri_not_allowed',
    message:
      "redirect_uri is not among the pool's redirect URLs, nor on one of the application's allowed origins.",
  },
} as const;
