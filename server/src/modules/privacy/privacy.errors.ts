/** The privacy module's error catalog (export and deletion of one's own account). */
export const PrivacyErrors = {
  NO_PASSWORD: {
    status: 409,
    code: 'account_has_no_password',
    message:
      'This account has no password. Confirm the deletion by e-mail instead (POST /api/v1/auth/me/deletion-confirmations), or set a password through "Forgot password" first.',
  },
  PASSWORD_REQUIRED: {
    status: 400,
    code: 'account_deletion_password_required',
    message: 'Enter your password to delete your account; a two-factor code alone is not enough.',
  },
  HAS_PASSWORD: {
    status: 409,
    code: 'account_has_password',
    message: 'This account has a password: delete it with your password (DELETE /api/v1/auth/me).',
  },
  INVALID_DELETION_TOKEN: {
    status: 400,
    code: 'invalid_deletion_token',
    message: 'The deletion link is invalid, has expired or was already used. Request a new one.',
  },
  LAST_ADMIN: {
    status: 409,
    code: 'account_deletion_last_admin',
    message:
      'You are the last admin of an organization. Make another member admin there (Organizations → Members) or deactivate the organization first, then delete your account.',
  },
} as const;
