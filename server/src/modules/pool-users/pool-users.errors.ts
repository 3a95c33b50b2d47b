/** The user management's error catalog (GET/POST /projects/{project_id}/users…). */
export const PoolUserErrors = {
  NOT_FOUND: {
    status: 404,
    code: 'pool_user_not_found',
    message: 'No such user in this project’s user pool.',
  },
  /** Changing a pool's users is for admins of the project's organization. */
  NOT_ADMIN: {
    status: 403,
    code: 'forbidden',
    message: 'Only admins of the organization may change the users of its projects.',
  },
  BLOCKED: {
    status: 409,
    code: 'pool_user_blocked',
    message: 'This user is blocked. Unblock them first, then send the link again.',
  },
  INVALID_CSV: {
    status: 400,
    code: 'invalid_csv',
    message:
      'The CSV could not be read. Send UTF-8 with a header row naming the columns email, display_name, password_hash and email_verified (only email is required).',
  },
} as const;
