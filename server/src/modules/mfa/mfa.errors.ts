/** The two-factor module's error catalog: status, stable code and the message clients show. */
export const MfaErrors = {
  ALREADY_ENABLED: {
    status: 409,
    code: 'mfa_already_enabled',
    message: 'Two-factor sign-in is already on. Turn it off first to set up a new authenticator.',
  },
  NOT_PENDING: {
    status: 409,
    code: 'mfa_enrolment_not_started',
    message: 'No authenticator is being set up. Start the setup again.',
  },
  NOT_ENABLED: {
    status: 404,
    code: 'mfa_not_enabled',
    message: 'Two-factor sign-in is not turned on for this account.',
  },
  INVALID_CODE: {
    status: 400,
    code: 'invalid_mfa_code',
    message:
      'The code is not correct or was already used. Enter the current code from your authenticator app.',
  },
  INVALID_RECOVERY_CODE: {
    status: 400,
    code: 'invalid_recovery_code',
    message: 'The recovery code is not correct or was already used.',
  },
  INVALID_MFA_TOKEN: {
    status: 401,
    code: 'invalid_mfa_token',
    message: 'The sign-in step has expired or was already completed. Please sign in again.',
  },
  WRONG_PASSWORD: {
    status: 400,
    code: 'mfa_wrong_password',
    message: 'The password is not correct.',
  },
  PROOF_REQUIRED: {
    status: 400,
    code: 'mfa_proof_required',
    message: 'Enter your password or a current code from your authenticator app.',
  },
} as const;
