/** Client-side checks of the auth dialog (SPEC.md §5, English texts of the dialog). */
export const MIN_PASSWORD_LENGTH = 6;

export const messages = {
  emailRequired: 'Email and password are required',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  passwordsDoNotMatch: 'Passwords do not match',
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
} as const;

export interface AuthFormValues {
  email: string;
  password: string;
  confirmPassword: string;
  displayName: string;
}

export type AuthMode = 'login' | 'register';

/** Returns the first problem a person has to fix, or null when the form may be sent. */
export function validateAuthForm(mode: AuthMode, values: AuthFormValues): string | null {
  if (!values.email.trim() || !values.password) return messages.emailRequired;
  if (mode === 'register') {
    if (values.password.length < MIN_PASSWORD_LENGTH) return messages.passwordTooShort;
    if (values.password !== values.confirmPassword) return messages.passwordsDoNotMatch;
  }
  return null;
}
