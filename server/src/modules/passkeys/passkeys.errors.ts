/** The passkeys module's error catalog: status, stable code and the message clients show. */
export const PasskeyErrors = {
  PASSKEY_NOT_FOUND: {
    status: 404,
    code: 'passkey_not_found',
    message: 'There is no such passkey on this account.',
  },
  PASSKEY_REGISTRATION_FAILED: {
    status: 400,
    code: 'passkey_registration_failed',
    message: 'The passkey could not be registered. Start again and confirm it on your device.',
  },
  PASSKEY_ALREADY_REGISTERED: {
    status: 409,
    code: 'passkey_already_registered',
    message: 'This passkey or security key is already registered.',
  },
  PASSKEY_LIMIT_REACHED: {
    status: 409,
    code: 'passkey_limit_reached',
    message: 'This account has the most passkeys it can have. Remove one first.',
  },
  PASSKEY_NOT_ACCEPTED: {
    status: 400,
    code: 'passkey_not_accepted',
    message: 'The passkey could not be verified. Try again, or use another way to sign in.',
  },
} as const;
