/** The API token module's error catalog: status, stable code and the message clients show. */
export const TokenErrors = {
  NOT_FOUND: { status: 404, code: 'token_not_found', message: 'API token not found.' },
  APPLICATION_NOT_FOUND: { status: 404, code: 'application_not_found', message: 'Application not found.' },
  INVALID: { status: 401, code: 'invalid_api_token', message: 'The API token is invalid.' },
  REVOKED: { status: 401, code: 'api_token_revoked', message: 'This API token has been revoked.' },
  EXPIRED: { status: 401, code: 'api_token_expired', message: 'This API token has expired.' },
  NO_ACCESS: {
    status: 401,
    code: 'api_token_no_access',
    message:
      'This API token no longer grants access: its application is inactive or its owner has left the organization.',
  },
  ORGANIZATION_INACTIVE: {
    status: 403,
    code: 'organization_inactive',
    message:
      'The organization of this API token has been deactivated. Its tokens work again once an admin reactivates it.',
  },
} as const;
