/** The step-up module's error catalog: status, stable code and the message clients show. */
export const StepUpErrors = {
  REAUTHENTICATION_REQUIRED: {
    status: 403,
    code: 'reauthentication_required',
    message:
      'Confirm that it is you: enter your password or a code, or use a passkey (POST /api/v1/auth/reauthenticate), then try again.',
  },
} as const;
