/** The privacy module's error catalog (export and deletion of one's own account). */
export const PrivacyErrors = {
  NO_PASSWORD: {
    status: 409,
    code: 'account_has_no_password',
    message:
      'This account has no password (it signs in with Google). Set one through "Forgot password" first, then delete the account.',
  },
  LAST_ADMIN: {
    status: 409,
    code: 'account_deletion_last_admin',
    message:
      'You are the last admin of an organization. Make another member admin there (Organizations → Members) or deactivate the organization first, then delete your account.',
  },
} as const;
