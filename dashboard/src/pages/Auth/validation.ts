import type { Translate } from '../../i18n/useT';

/** SPEC §9: the shortest password the server accepts (a project's pool may ask for more). */
export const PASSWORD_MIN_LENGTH = 6;

/**
 * SPEC §5: a new password must be long enough and typed twice the same; what is wrong with it,
 * in the UI's words, or null when it is fine.
 */
export function newPasswordProblem(
  password: string,
  confirmation: string,
  t: Translate,
  minLength = PASSWORD_MIN_LENGTH,
): string | null {
  if (password !== confirmation) return t('auth.passwordMismatch');
  if (password.length < minLength) return t('auth.passwordTooShort', { min: String(minLength) });
  return null;
}
