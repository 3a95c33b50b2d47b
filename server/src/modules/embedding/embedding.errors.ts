export const EmbeddingErrors = {
  APPLICATION_ID_REQUIRED: {
    status: 400,
    code: 'application_id_required',
    message: 'The X-Application-ID header must carry the id of an application.',
  },
  ORIGIN_NOT_ALLOWED: {
    status: 403,
    code: 'origin_not_allowed',
    message: 'This origin is not among the application’s allowed origins.',
  },
  SECOND_FACTOR_UNAVAILABLE: {
    status: 403,
    code: 'second_factor_unavailable',
    message:
      'This account confirms sign-ins with a passkey, which cannot be used on this site. Sign in on the IAM Platform itself, or set up an authenticator app as well.',
  },
  PASSKEY_SIGN_IN_UNAVAILABLE: {
    status: 403,
    code: 'passkey_sign_in_unavailable',
    message:
      'Passkeys can only be used on the IAM Platform’s own pages, not on this site. Sign in another way here, or on the application’s sign-in page.',
  },
  // 404 like every other-tenant answer (DESIGN.md): the caller learns nothing about who belongs.
  NO_MEMBERSHIP: {
    status: 404,
    code: 'no_membership',
    message: 'You are not a member of the organization that owns this application.',
  },
} as const;
