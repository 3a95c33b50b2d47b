export const ApplicationErrors = {
  NOT_FOUND: { status: 404, code: 'application_not_found', message: 'Application not found.' },
  SLUG_TAKEN: {
    status: 409,
    code: 'slug_taken',
    message: 'This slug is already used by another application of this project. Choose another one.',
  },
  API_IDENTIFIER_TAKEN: {
    status: 409,
    code: 'api_identifier_taken',
    message:
      'This API identifier is already used by another application of this project. Each API needs its own, e.g. https://api.example.com/invoices.',
  },
  OIDC_SECRET_NOT_APPLICABLE: {
    status: 400,
    code: 'oidc_secret_not_applicable',
    message:
      'Only web server (web) and machine-to-machine (m2m) clients have a client secret: single-page and native apps cannot keep one and prove themselves with PKCE. Set oidc.client_type to web or m2m first.',
  },
  /** OpenID Connect settings decide where sign-in codes go: for admins only. */
  OIDC_NOT_ADMIN: {
    status: 403,
    code: 'forbidden',
    message:
      'Only admins of the organization may change an application’s OpenID Connect settings or client secret.',
  },
  /** The service's own check behind the step-up gate, which refuses API tokens first. */
  OIDC_TOKEN_NOT_ALLOWED: {
    status: 403,
    code: 'token_not_allowed',
    message:
      'API tokens cannot change OpenID Connect settings or client secrets; an admin changes them signed in, with a fresh proof of identity.',
  },
} as const;
