import type { ComponentProps } from 'react';
import { useT } from '../../i18n/useT';
import { SelectField } from '../../ui/Select';
import { ROLES, type Role } from './queries';
import { roleLabel } from './roleLabel';

type MemberRoleSelectProps = Omit<ComponentProps<typeof SelectField>, 'options' | 'value' | 'onChange'> & {
  value: Role;
  onRoleChange(role: Role): void;
};

/**
 * A select of the organization roles ("Mitglied", "Admin"), used when inviting a member and when
 * changing a member's role.
 */
export function MemberRoleSelect({ onRoleChange, ...select }: MemberRoleSelectProps) {
  const t = useT();
  return (
    <SelectField
      {...select}
      onChange={(event) => onRoleChange(event.target.value as Role)}
      options={ROLES.map((value) => ({ value, label: roleLabel(t, value) }))}
    />
  );
}
