import type { MessageKey } from './i18n';

/** Client-side checks of the auth dialog (SPEC.md §5). */
export const MIN_PASSWORD_LENGTH = 6;

export interface AuthFormValues {
  email: string;
  password: string;
  confirmPassword: string;
  displayName: string;
}

export type AuthMode = 'login' | 'register';

/** The first problem a person has to fix (a message key), or null when the form may be sent. */
export function validateAuthForm(mode: AuthMode, values: AuthFormValues): MessageKey | null {
  if (!values.email.trim() || !values.password) return 'required';
  if (mode === 'register') {
    if (values.password.length < MIN_PASSWORD_LENGTH) return 'passwordTooShort';
    if (values.password !== values.confirmPassword) return 'passwordsDoNotMatch';
  }
  return null;
}
