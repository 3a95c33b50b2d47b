import type { MessageKey } from '../../i18n/messages';

/** SPEC §9: the shortest password the server accepts. */
export const PASSWORD_MIN_LENGTH = 6;

/** SPEC §5: a new password must be long enough and typed twice the same; null when it is fine. */
export function newPasswordProblem(password: string, confirmation: string): MessageKey | null {
  if (password !== confirmation) return 'auth.passwordMismatch';
  if (password.length < PASSWORD_MIN_LENGTH) return 'auth.passwordTooShort';
  return null;
}
