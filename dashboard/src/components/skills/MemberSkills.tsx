import { useState } from 'react';
import styled from 'styled-components';
import { api, unwrap } from '../../api/client';
import { useT } from '../../i18n/useT';
import { Button } from '../../ui/Button';
import { useInvalidate, type Organization, type OrganizationMember } from '../tenancy/queries';
import { SkillChips } from './SkillChips';
import { SkillsDialog } from './SkillsDialog';

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
`;

/**
 * Whether the caller may edit skills in the organization: their role's permissions
 * (`my_permissions`) name `skill:manage`; answers without that list fall back to the admin role.
 */
export function canManageSkills(organization: Pick<Organization, 'role'> & { my_permissions?: string[] }) {
  return organization.my_permissions
    ? organization.my_permissions.includes('skill:manage')
    : organization.role === 'admin';
}

/**
 * A member's skills on the members list: the chips, and for those who may, "Skills bearbeiten"
 * with the dialog (PUT /organizations/{id}/members/{member_id}/skills).
 */
export function MemberSkills({
  organization,
  member,
  name,
}: {
  organization: Organization;
  member: OrganizationMember;
  /** How the member is named in the row (display name or address). */
  name: string;
}) {
  const t = useT();
  const invalidate = useInvalidate();
  const [editing, setEditing] = useState(false);
  const skills = member.skills ?? [];
  const editable = canManageSkills(organization);
  if (skills.length === 0 && !editable) return null;
  return (
    <Line>
      <SkillChips skills={skills} label={t('skills.listOf', { name })} />
      {editable ? (
        <>
          <Button
            type="button"
            $variant="ghost"
            aria-label={t('skills.editLabel', { name })}
            onClick={() => setEditing(true)}
          >
            {t('skills.edit')}
          </Button>
          <SkillsDialog
            open={editing}
            onOpenChange={setEditing}
            name={name}
            skills={skills}
            save={async (next) => {
              const answer = unwrap(
                await api.PUT('/api/v1/organizations/{id}/members/{member_id}/skills', {
                  params: { path: { id: organization.id, member_id: member.id } },
                  body: { skills: next.map(({ name: skill, level }) => ({ name: skill, level })) },
                }),
              );
              await invalidate('organizations');
              return answer;
            }}
          />
        </>
      ) : null}
    </Line>
  );
}
