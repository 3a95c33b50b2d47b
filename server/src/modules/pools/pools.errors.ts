/** Plain data, as error-catalog.ts expects (the dashboard's tests import it without the server). */
export const PoolErrors = {
  /** The public settings of a project that is unknown, deactivated or has no active application. */
  NOT_FOUND: {
    status: 404,
    code: 'pool_not_found',
    message:
      'No sign-in is offered here: the project does not exist, is deactivated or has no active application.',
  },
  /** Changing a pool's settings is for admins of the project's organization. */
  NOT_ADMIN: {
    status: 403,
    code: 'forbidden',
    message: 'Only admins of the organization may change how its project’s users sign in.',
  },
} as const;
