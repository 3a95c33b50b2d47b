import type { ComponentProps } from 'react';
import { useT } from '../../i18n/useT';
import { SelectField } from '../../ui/Select';
import { useOrganizationRoles } from '../permissions/organizationRoles';
import { usePermissions } from '../permissions/usePermissions';
import { ROLES, type Role } from './queries';
import { roleLabel } from './roleLabel';

type MemberRoleSelectProps = Omit<ComponentProps<typeof SelectField>, 'options' | 'value' | 'onChange'> & {
  /** The organization whose roles are offered (its custom roles after the built-in ones). */
  organizationId: string;
  value: Role;
  onRoleChange(role: Role): void;
};

/**
 * A select of the organization's roles — "Mitglied", "Admin" and its custom roles under their
 * own names (issue #33) — used when inviting a member and when changing a member's role. Without
 * `role:read` (or while the list loads) the built-in roles are offered.
 */
export function MemberRoleSelect({ organizationId, onRoleChange, value, ...select }: MemberRoleSelectProps) {
  const t = useT();
  const permissions = usePermissions(organizationId);
  const roles = useOrganizationRoles(organizationId, { enabled: permissions.can('role:read') });
  const names = roles.data?.map((role) => role.name) ?? ROLES;
  // The current role stays selectable even if the list does not (yet) name it.
  const options = names.includes(value) || !value ? names : [...names, value];
  return (
    <SelectField
      {...select}
      value={value}
      onChange={(event) => onRoleChange(event.target.value)}
      options={options.map((name) => ({ value: name, label: roleLabel(t, name) }))}
    />
  );
}
