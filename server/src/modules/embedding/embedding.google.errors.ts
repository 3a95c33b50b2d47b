/** A user pool's Google sign-in (embedding.google.ts); plain data, like every `*.errors.ts`. */
export const PoolGoogleErrors = {
  // Answered as `?google_error=google_failed` on the hosted page: cancelled at Google, a state that
  // is not this browser's (or expired, or used), or Google refusing the pool's client.
  GOOGLE_FAILED: {
    status: 400,
    code: 'google_failed',
    message: 'Sign-in with Google did not complete. Please try again.',
  },
} as const;
