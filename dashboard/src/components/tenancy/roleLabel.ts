import type { useT } from '../../i18n/useT';

/**
 * How a member's role is shown: the built-in roles translated ("Admin", "Mitglied"), a custom
 * role of the organization under its own name (issue #33).
 */
export function roleLabel(t: ReturnType<typeof useT>, role: string): string {
  if (role === 'admin') return t('organizations.role.admin');
  if (role === 'member') return t('organizations.role.member');
  return role;
}
