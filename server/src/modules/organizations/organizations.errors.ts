export const OrganizationErrors = {
  NOT_FOUND: { status: 404, code: 'organization_not_found', message: 'Organization not found.' },
  NOT_ALLOWED: {
    status: 403,
    code: 'forbidden',
    message: 'Your role in this organization does not allow this.',
  },
  SLUG_TAKEN: { status: 409, code: 'slug_taken', message: 'This slug is already taken. Choose another one.' },
  USER_NOT_FOUND: {
    status: 404,
    code: 'user_not_found',
    message: 'User with this email not found. They need to register first.',
  },
  ALREADY_MEMBER: {
    status: 409,
    code: 'already_member',
    message: 'User is already a member of this organization',
  },
  INVITATION_PENDING: {
    status: 409,
    code: 'invitation_pending',
    message: 'This person has already been invited and has not answered yet.',
  },
  INVITATION_NOT_FOUND: { status: 404, code: 'invitation_not_found', message: 'Invitation not found.' },
  TWO_FACTOR_REQUIRED: {
    status: 403,
    code: 'two_factor_required',
    message:
      'This organization requires two-factor sign-in. Set up an authenticator app or a passkey under Account → Security (/account/security), then try again.',
  },
  MEMBER_NOT_FOUND: { status: 404, code: 'member_not_found', message: 'Member not found.' },
  LAST_ADMIN: {
    status: 409,
    code: 'last_admin',
    message: 'An organization needs at least one active admin. Make someone else admin first.',
  },
  MEMBER_LIMIT: {
    status: 409,
    code: 'member_limit_reached',
    message: 'This organization has reached its member limit.',
  },
  INVITATION_RATE_LIMITED: {
    status: 429,
    code: 'rate_limited',
    message: 'Too many invitations. Please try again later.',
  },
  INVALID_LEAVE_TOKEN: {
    status: 400,
    code: 'invalid_leave_token',
    message: 'This link is invalid, has expired or has already been used.',
  },
  ROLE_NOT_FOUND: { status: 404, code: 'role_not_found', message: 'Role not found.' },
  ROLE_NAME_TAKEN: {
    status: 409,
    code: 'role_name_taken',
    message: 'This organization already has a role with this name. Choose another one.',
  },
  ROLE_IN_USE: {
    status: 409,
    code: 'role_in_use',
    message: 'Members hold this role. Give them another role first.',
  },
  ROLE_LIMIT: {
    status: 409,
    code: 'role_limit_reached',
    message: 'This organization has reached its limit of custom roles.',
  },
  UNKNOWN_ROLE: {
    status: 400,
    code: 'unknown_role',
    message: 'This organization has no role with this name.',
  },
  ADMIN_ONLY: {
    status: 403,
    code: 'admin_only',
    message: 'Zugriff verweigert: Sie haben keine Admin-Berechtigung.',
  },
} as const;
