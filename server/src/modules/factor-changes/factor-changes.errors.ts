/** The factor-changes module's error catalog: status, stable code and the message clients show. */
export const FactorChangeErrors = {
  INVALID_UNDO_LINK: {
    status: 400,
    code: 'invalid_undo_link',
    message:
      'This link is invalid, has expired or has already been used. If someone else changed your account, reset your password.',
  },
} as const;
